import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import * as v from "valibot";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { registrationCodeSchema } from "#domain/auth/email-code";
import { registrationCookie } from "~/server/registration-cookie.server";
import { resendRegistrationCode } from "#domain/auth/request-registration-code";
import { verifyRegistrationCode } from "#domain/auth/verify-registration-code";
import { isValidEmail, normalizeEmail } from "#domain/shared/email";
import { NAME_MAX_LENGTH } from "#domain/users/user-fields";
import { FieldError, FormError } from "~/components/form-error";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import { authMailFor } from "./auth-mail.server";
import { focusTarget } from "./form-focus";
import { RegistrationSteps } from "./registration-steps";
import type { Route } from "./+types/register-validate-email";

export const handle = { backTo: "/auth/register" };

const formSchema = v.variant("intent", [
  v.object({ intent: v.literal("verify"), code: registrationCodeSchema }),
  v.object({ intent: v.literal("resend") }),
]);

function emailFrom(request: Request): string {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  if (!isValidEmail(email)) throw redirect("/auth/register");
  return normalizeEmail(email);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** The names typed at step 1 (query), handed back to it by 'Changer d'email'. */
function namesFrom(request: Request): { firstName: string; lastName: string } {
  const params = new URL(request.url).searchParams;
  const name = (key: string) => (params.get(key) ?? "").slice(0, NAME_MAX_LENGTH);
  return { firstName: name("firstName"), lastName: name("lastName") };
}

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    email: emailFrom(request),
    ...namesFrom(request),
    title: getInstance(context).t("auth:validate-email.meta-title"),
  };
}

/** Step 2: the emailed code. A right code earns the registration ticket (HttpOnly cookie) for step 3. */
export async function action({ request, context }: Route.ActionArgs) {
  const email = emailFrom(request);
  const parsed = await parseForm(request, formSchema);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, resent: false }, { status: 400 });
  const { db } = context.get(serverContext);
  const client = clientInfoFromHeaders(request.headers);
  try {
    if (parsed.data.intent === "resend") {
      await resendRegistrationCode(db, authMailFor(context), { email }, client);
      return { errors: undefined, values: {}, resent: true };
    }
    const { ticket } = await verifyRegistrationCode(db, { email, code: parsed.data.code }, client);
    return redirect("/auth/register/password", { headers: { "Set-Cookie": registrationCookie(ticket, request.url) } });
  } catch (error) {
    return actionError(error, { code: parsed.data.intent === "verify" ? parsed.data.code : "" });
  }
}

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export default function RegisterValidateEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const errors = actionData?.errors;
  // Code problems (required, invalid, expired, too many attempts) belong under the code field.
  const codeError =
    errors?.fields?.code ?? (errors?.formError?.startsWith("errors:email-code") ? errors.formError : undefined);
  const formError = codeError ? undefined : errors?.formError;
  const resent = actionData && "resent" in actionData && actionData.resent;
  // No JavaScript on this page: the server puts the autofocus attribute on the code field, or on a form-level error.
  const focus = focusTarget(["code"], { fields: codeError ? { code: codeError } : undefined }, formError);
  const changeEmail = new URLSearchParams({
    email: loaderData.email,
    firstName: loaderData.firstName,
    lastName: loaderData.lastName,
  });

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <RegistrationSteps current={2} />
        <h1 className="text-2xl font-semibold tracking-tight">{t("validate-email.title")}</h1>
        <p className="text-sm text-muted-foreground">
          {t("validate-email.subtitle", { email: loaderData.email })}{" "}
          <Link to={`/auth/register?${changeEmail}`} className={linkClass}>
            {t("validate-email.change-email")}
          </Link>
        </p>
      </div>
      {/* Inline rather than a toast: toasts need JavaScript. */}
      {resent ? (
        <Alert role="status">
          <CircleCheck aria-hidden />
          <AlertDescription>{t("validate-email.resent")}</AlertDescription>
        </Alert>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={formError} autoFocus={focus === "form-error"} />
        <div className="space-y-2">
          <Label htmlFor="code">{t("validate-email.code")}</Label>
          <Input
            id="code"
            name="code"
            // Digits: the numeric keyboard and one-time-code autofill; the server refuses anything but 6 digits.
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus={focus === "code"}
            required
            placeholder="000000"
            className="h-12 text-center font-mono text-2xl tracking-[0.5em]"
            defaultValue={actionData?.values && "code" in actionData.values ? actionData.values.code : undefined}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? "code-error" : undefined}
          />
          <FieldError id="code-error" message={codeError} />
        </div>
        <Button type="submit" name="intent" value="verify" className="w-full">
          {t("validate-email.submit")}
        </Button>
      </Form>
      <Form method="post" className="text-center text-sm text-muted-foreground">
        {t("validate-email.no-code")}{" "}
        <button type="submit" name="intent" value="resend" className={`${linkClass} cursor-pointer`}>
          {t("validate-email.resend")}
        </button>
        .
      </Form>
    </div>
  );
}
