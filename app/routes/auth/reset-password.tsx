import { CircleAlert, CircleCheck, MailCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { passwordWithConfirmationSchema } from "#domain/auth/password-policy";
import { passwordResetRequestSchema, requestPasswordReset } from "#domain/auth/request-password-reset";
import { checkPasswordResetLink, resetPassword } from "#domain/auth/reset-password";
import { isValidEmail, normalizeEmail } from "#domain/shared/email";
import { FormError } from "~/components/form-error";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import { getSession } from "~/server/session.server";
import { authMailFor } from "./auth-mail.server";
import { focusTarget } from "./form-focus";
import { NewPasswordFields } from "./new-password-fields";
import { EmailField } from "./email-field";
import type { Route } from "./+types/reset-password";

export const handle = { backTo: "/auth/login" };

function linkParams(request: Request) {
  const params = new URL(request.url).searchParams;
  return { email: params.get("email") ?? "", code: params.get("code") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/**
 * Without `code`: the "Mot de passe oublié" request form. With `email` and `code` (the emailed link): the new password
 * form. Renders signed in or not (spec §2), hence its own layout without the public-only guard.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email, code } = linkParams(request);
  const session = getSession(context);
  const title = getInstance(context).t("auth:reset.meta-title");
  const signedIn = session !== null;
  if (code !== null) {
    const state = await checkPasswordResetLink(context.get(serverContext).db, { email, code });
    return { mode: "reset" as const, email: isValidEmail(email) ? normalizeEmail(email) : "", state, signedIn, title };
  }
  const prefill = isValidEmail(email) ? normalizeEmail(email) : (session?.user.email ?? "");
  return { mode: "request" as const, email: prefill, state: null, signedIn, title };
}

type ActionResult =
  | { ok: "sent"; email: string }
  | { ok: "reset" }
  | { ok: false; errors: { formError?: string; fields?: Record<string, string> }; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { email, code } = linkParams(request);
  const { db } = context.get(serverContext);
  const client = clientInfoFromHeaders(request.headers);
  const session = getSession(context);

  if (code === null) {
    const parsed = await parseForm(request, passwordResetRequestSchema);
    if (!parsed.ok)
      return data<ActionResult>({ ok: false, errors: parsed.errors, values: parsed.values }, { status: 400 });
    try {
      await requestPasswordReset(db, authMailFor(context), parsed.data, client, { signedInUserId: session?.user.id });
      return data<ActionResult>({ ok: "sent", email: parsed.data.email });
    } catch (error) {
      return actionError(error, parsed.data);
    }
  }

  const parsed = await parseForm(request, passwordWithConfirmationSchema);
  if (!parsed.ok) return data<ActionResult>({ ok: false, errors: parsed.errors, values: {} }, { status: 400 });
  try {
    await resetPassword(db, authMailFor(context), { email, code, password: parsed.data.password }, client, {
      currentSession: session ? { sessionId: session.sessionId, userId: session.user.id } : null,
    });
    // Spec §2: on success, go to /. Signed out, / would send to the sign-in page: go there with the email filled in and
    // the success said inline (no toast: the auth pages load no JavaScript). Signed in, this page says it, then goes to /.
    if (!session)
      return redirect(`/auth/login?${new URLSearchParams({ email: normalizeEmail(email), notice: "password-reset" })}`);
    return data<ActionResult>({ ok: "reset" });
  } catch (error) {
    return actionError(error);
  }
}

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "errors"]);
  const result = actionData as ActionResult | undefined;
  const errors = result?.ok === false ? result.errors : undefined;
  const fields = errors?.fields;
  const formError = errors && !fields?.password && !fields?.passwordConfirmation ? errors.formError : undefined;

  const backLink = loaderData.signedIn ? (
    <Link to="/" className={linkClass}>
      {t("reset.back-to-home")}
    </Link>
  ) : (
    <Link to="/auth/login" className={linkClass}>
      {t("reset.back-to-login")}
    </Link>
  );

  // What the toasts said, inline (no JavaScript on the auth pages): a refused new password reads 'reset-failed' above
  // the fields, unless the only problem is the confirmation (its own message says it).
  const mismatchOnly = fields?.passwordConfirmation === "errors:password-confirmation-mismatch" && !fields.password;
  const resetError = formError ?? (fields && !mismatchOnly ? "auth:reset.reset-failed" : undefined);
  const requestError = fields?.email ? undefined : formError;
  const focus = focusTarget(["password", "passwordConfirmation"], errors, formError);

  if (loaderData.mode === "request") {
    if (result?.ok === "sent") {
      return (
        <div className="space-y-6">
          <MailCheck className="size-10 text-primary" aria-hidden />
          <div className="space-y-2">
            <h1 className="text-2xl font-semibold tracking-tight">{t("reset.email-sent")}</h1>
            <p className="text-sm text-muted-foreground" role="status">
              {t("reset.email-sent-details", { email: result.email })}
            </p>
          </div>
          <p className="text-sm">{backLink}</p>
        </div>
      );
    }
    return (
      <div className="space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">{t("reset.request-title")}</h1>
          <p className="text-sm text-muted-foreground">{t("reset.request-subtitle")}</p>
        </div>
        <Form method="post" className="space-y-4" noValidate>
          <FormError message={requestError} autoFocus={!fields?.email && Boolean(requestError)} />
          <EmailField
            defaultValue={result?.ok === false ? (result.values.email ?? loaderData.email) : loaderData.email}
            error={fields?.email}
            autoFocus={!requestError || Boolean(fields?.email)}
          />
          <Button type="submit" className="w-full">
            {t("reset.request-submit")}
          </Button>
        </Form>
        <p className="text-center text-sm">{backLink}</p>
      </div>
    );
  }

  if (result?.ok === "reset") {
    // Signed in: the message, then home (a refresh: no JavaScript here), with a link for those who do not wait.
    return (
      <div className="space-y-6">
        <meta httpEquiv="refresh" content="3;url=/" />
        <Alert role="status">
          <CircleCheck aria-hidden />
          <AlertDescription>{t("reset.reset-success")}</AlertDescription>
        </Alert>
        <p className="text-sm">{backLink}</p>
      </div>
    );
  }

  if (loaderData.state !== "valid") {
    const google = loaderData.state === "google";
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold tracking-tight">
          {t(google ? "reset.google-title" : "reset.link-invalid-title")}
        </h1>
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{t(google ? "errors:reset-google-account" : "errors:reset-link-invalid")}</AlertDescription>
        </Alert>
        <div className="flex flex-col gap-3 text-sm">
          {google ? null : (
            <Link
              to={`/auth/reset-password?${new URLSearchParams(loaderData.email ? { email: loaderData.email } : {})}`}
              className={linkClass}
            >
              {t("reset.request-new-link")}
            </Link>
          )}
          {backLink}
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("reset.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("reset.subtitle", { email: loaderData.email })}</p>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={resetError} autoFocus={focus === "form-error"} />
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <NewPasswordFields
          passwordLabel={t("reset.password")}
          confirmationLabel={t("reset.confirmation")}
          fields={fields}
          focus={focus === "form-error" ? null : focus}
        />
        <Button type="submit" className="w-full">
          {t("reset.submit")}
        </Button>
      </Form>
    </div>
  );
}
