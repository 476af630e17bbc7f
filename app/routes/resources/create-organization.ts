import { data, redirect } from "react-router";
import { organizationCookie } from "#domain/auth/session-cookie";
import { createOrganization } from "#domain/organizations/create-organization";
import { isAppError } from "#domain/shared/app-error";
import type { FormErrors } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import { serverContext } from "~/server/context";
import { getSignedIn, requireSignedInMiddleware } from "~/server/guards.server";
import type { Route } from "./+types/create-organization";

export const middleware: Route.MiddlewareFunction[] = [requireSignedInMiddleware];

/**
 * The naming dialog's action (spec §7 POST /organizers from the web app): creates the organization with the user as
 * owner and selects it through the organization cookie, so the revalidated shell lists and shows it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = getSignedIn(context);
  const form = await request.formData();
  const title = form.get("title");
  const values = { title: typeof title === "string" ? title : "" };
  try {
    const created = await createOrganization(context.get(serverContext).db, { userId: user.id, isAdmin: user.isAdmin }, values);
    return data({ ok: true as const, organizationId: created.id }, { headers: { "Set-Cookie": organizationCookie(created.id, request.url) } });
  } catch (error) {
    if (isAppError(error)) return actionError(error, values);
    // Spec §8: the generic failure message; the dialog stays open with what was typed.
    console.error(error);
    const errors: FormErrors = { formError: "organizations:errors.generic" };
    return data({ errors, values }, { status: 500 });
  }
}

export function loader() {
  return redirect("/");
}
