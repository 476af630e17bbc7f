import { redirect } from "react-router";
import { clearedSessionCookie } from "#domain/auth/session-cookie";
import { invalidateSession } from "#domain/auth/sessions";
import { serverContext } from "~/server/context";
import { getSessionToken } from "~/server/session.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const token = getSessionToken(context);
  if (token) await invalidateSession(context.get(serverContext).db, token);
  return redirect("/auth/login", { headers: { "Set-Cookie": clearedSessionCookie(request.url) } });
}

export function loader() {
  return redirect("/");
}
