import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, replace } from "react-router";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { completeRegistration, readRegistrationTicket } from "#domain/auth/complete-registration";
import { passwordWithConfirmationSchema } from "#domain/auth/password-policy";
import { clearedRegistrationCookie, REGISTRATION_COOKIE_NAME } from "~/server/registration-cookie.server";
import { readCookie, signInCookies } from "#domain/http/session-cookie";
import { readInvitationToken } from "~/server/invitation-cookie.server";
import { joinFromRegistration } from "#domain/invitations/join-from-registration";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import { focusTarget } from "./form-focus";
import { NewPasswordFields } from "./new-password-fields";
import { RegistrationSteps } from "./registration-steps";
import type { Route } from "./+types/register-password";

function ticketFrom(request: Request): string | null {
  return readCookie(request.headers.get("Cookie"), REGISTRATION_COOKIE_NAME);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Only reachable with a valid registration ticket (code verified at step 2); otherwise back to step 1. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const registration = await readRegistrationTicket(context.get(serverContext).db, ticketFrom(request));
  if (!registration)
    throw redirect("/auth/register", { headers: { "Set-Cookie": clearedRegistrationCookie(request.url) } });
  return { email: registration.email, title: getInstance(context).t("auth:register-password.meta-title") };
}

/** Step 3: the password. The account is created with its email verified, and signed in. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, passwordWithConfirmationSchema);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  try {
    const { db } = context.get(serverContext);
    const { token, expiresAt, userId } = await completeRegistration(
      db,
      { ticket: ticketFrom(request), password: parsed.data.password },
      clientInfoFromHeaders(request.headers),
    );
    const headers = new Headers();
    for (const cookie of signInCookies(token, expiresAt, request.url)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", clearedRegistrationCookie(request.url));
    // Created from an invitation link (issue 24 §2): the account, its email just verified by the code, joins now;
    // the invitation's page then says so (or why it could not: expired, revoked, sent to another email).
    const invitation = readInvitationToken(request);
    if (invitation) {
      await joinFromRegistration(db, userId, invitation);
      return replace(`/invitations/${invitation}`, { headers });
    }
    return replace("/", { headers });
  } catch (error) {
    return actionError(error);
  }
}

export default function RegisterPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const fields = actionData?.errors.fields;
  const formError = fields?.password || fields?.passwordConfirmation ? undefined : actionData?.errors.formError;
  const expired = formError === "errors:registration-expired" || formError === "errors:email-already-used";
  // No JavaScript on this page: the server puts the autofocus attribute on the first field to fix.
  const focus = focusTarget(["password", "passwordConfirmation"], actionData?.errors, formError);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <RegistrationSteps current={3} />
        <h1 className="text-2xl font-semibold tracking-tight">{t("register-password.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("register-password.subtitle", { email: loaderData.email })}</p>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={formError} autoFocus={focus === "form-error"} />
        {expired ? (
          <p className="text-sm">
            <Link to="/auth/register" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("register.start-again")}
            </Link>
          </p>
        ) : null}
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <NewPasswordFields
          passwordLabel={t("register-password.password")}
          confirmationLabel={t("register-password.confirmation")}
          fields={fields}
          focus={focus === "form-error" ? null : focus}
        />
        <Button type="submit" className="w-full">
          {t("register-password.submit")}
        </Button>
      </Form>
    </div>
  );
}
