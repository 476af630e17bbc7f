import { data, redirect } from "react-router";
import { organizationCookie } from "#domain/http/session-cookie";
import { createOrganization } from "#domain/organizations/create-organization";
import { createOrganizationSchema } from "#domain/organizations/organization-input-schema";
import { isAppError } from "#domain/shared/app-error";
import { rememberOrganization } from "#domain/users/remember-organization";
import { serverContext } from "~/server/context";
import { parseForm, type FormErrors } from "~/server/forms.server";
import { getSignedIn, requireSignedInMiddleware } from "~/server/guards.server";
import { actionError } from "~/server/route-errors.server";
import type { Route } from "./+types/create-organization";

export const middleware: Route.MiddlewareFunction[] = [requireSignedInMiddleware];

/**
 * The naming dialog's action (spec §7 POST /organizers from the web app): parses the form with the API's schema,
 * creates the organization with the user as owner and selects it through the organization cookie, so the revalidated
 * shell lists and shows it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = getSignedIn(context);
  const form = await parseForm(request, createOrganizationSchema);
  if (!form.ok) return data({ ok: false as const, errors: form.errors, values: form.values }, { status: 400 });
  try {
    const { db } = context.get(serverContext);
    const created = await createOrganization(db, { userId: user.id, isAdmin: user.isAdmin }, form.data);
    // Selected here as by the switcher: the next sign-in opens it too (issue 24 §2).
    await rememberOrganization(db, user.id, created.id);
    return data(
      { ok: true as const, organizationId: created.id },
      { headers: { "Set-Cookie": organizationCookie(created.id, request.url) } },
    );
  } catch (error) {
    if (isAppError(error)) return actionError(error, { title: form.data.title });
    // Spec §8: an unexpected failure shows the generic message; the dialog stays open with what was typed.
    console.error(error);
    const errors: FormErrors = { formError: "organizations:errors.generic" };
    return data({ ok: false as const, errors, values: { title: form.data.title } }, { status: 500 });
  }
}

export function loader() {
  return redirect("/");
}
