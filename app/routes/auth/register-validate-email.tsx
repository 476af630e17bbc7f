import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import * as v from "valibot";
import { clientInfoFromHeaders } from "~/server/client-info.server";
import { registrationCodeSchema } from "#domain/auth/email-code";
import { registrationCookie } from "~/server/registration-cookie.server";
import { resendRegistrationCode } from "#domain/auth/request-registration-code";
import { verifyRegistrationCode } from "#domain/auth/verify-registration-code";
import { isValidEmail, normalizeEmail } from "#domain/shared/email";
import { NAME_MAX_LENGTH } from "#domain/users/user-fields";
import { FieldError, FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import { authMailFor } from "./auth-mail.server";
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
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = actionData?.errors;
  // Code problems (required, invalid, expired, too many attempts) belong under the code field.
  const codeError =
    errors?.fields?.code ?? (errors?.formError?.startsWith("errors:email-code") ? errors.formError : undefined);
  const formError = codeError ? undefined : errors?.formError;
  const resent = actionData && "resent" in actionData && actionData.resent;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  const changeEmail = new URLSearchParams({
    email: loaderData.email,
    firstName: loaderData.firstName,
    lastName: loaderData.lastName,
  });

  useEffect(() => {
    if (resent) toast.success(t("validate-email.resent"));
  }, [actionData, resent, t]);

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
      <Form ref={formRef} method="post" className="space-y-4" noValidate>
        <FormError message={formError} />
        <div className="space-y-2">
          <Label htmlFor="code">{t("validate-email.code")}</Label>
          <Input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            // Digits only: letters typed or pasted are dropped as they come (the server refuses them too).
            onInput={(event) => {
              const field = event.currentTarget;
              const digits = field.value.replace(/\D/g, "").slice(0, 6);
              if (digits !== field.value) field.value = digits;
            }}
            autoFocus
            required
            placeholder="000000"
            className="h-12 text-center font-mono text-2xl tracking-[0.5em]"
            defaultValue={actionData?.values && "code" in actionData.values ? actionData.values.code : undefined}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? "code-error" : undefined}
          />
          <FieldError id="code-error" message={codeError} />
        </div>
        <Button type="submit" name="intent" value="verify" className="w-full" disabled={submitting}>
          {t("validate-email.submit")}
        </Button>
      </Form>
      <Form method="post" className="text-center text-sm text-muted-foreground">
        {t("validate-email.no-code")}{" "}
        <button
          type="submit"
          name="intent"
          value="resend"
          className={`${linkClass} cursor-pointer`}
          disabled={submitting}
        >
          {t("validate-email.resend")}
        </button>
        .
      </Form>
    </div>
  );
}
