import { redirect } from "react-router";
import { clearedOrganizationCookie, clearedSessionCookie } from "#domain/http/session-cookie";
import { invalidateSession } from "#domain/auth/sessions";
import { clearedAskAdminCookie } from "~/server/ask-admin.server";
import { serverContext } from "~/server/context";
import { getSessionToken } from "~/server/session.server";
import type { Route } from "./+types/logout";

/** Spec §4: logout resets the user, clears the selected organization and everything stored for the session. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = getSessionToken(context);
  if (token) await invalidateSession(context.get(serverContext).db, token);
  const headers = new Headers();
  headers.append("Set-Cookie", clearedSessionCookie(request.url));
  headers.append("Set-Cookie", clearedOrganizationCookie(request.url));
  headers.append("Set-Cookie", clearedAskAdminCookie(request.url));
  return redirect("/auth/login", { headers });
}

export function loader() {
  return redirect("/");
}
