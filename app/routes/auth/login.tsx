import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import * as v from "valibot";
import { emailSchema } from "#domain/shared/email";
import { FormError } from "~/components/form-error";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getInstance } from "~/middleware/i18next";
import { parseForm } from "~/server/forms.server";
import { isGoogleEnabled } from "./auth-mail.server";
import { GoogleButton, OrSeparator } from "./google-button";
import { EmailField } from "./email-field";
import type { Route } from "./+types/login";

export const loginEmailSchema = v.object({ email: emailSchema });

/** Errors the Google callback can come back with (`/auth/login?error=…`). */
const callbackErrors: Record<string, string> = {
  google: "errors:google-failed",
  "google-unverified": "errors:google-email-unverified",
  "rate-limited": "errors:rate-limited",
};

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    title: getInstance(context).t("auth:login.meta-title"),
    email: params.get("email") ?? "",
    googleEnabled: isGoogleEnabled(context),
    callbackError: callbackErrors[params.get("error") ?? ""] ?? null,
    // Set by the password reset that sent the user here (/auth/reset-password): no toast on a page without JavaScript.
    passwordReset: params.get("notice") === "password-reset",
  };
}

/** Email first; the password is asked on the next page. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, loginEmailSchema);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  return redirect(`/auth/login-password?${new URLSearchParams({ email: parsed.data.email })}`);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const emailError = actionData?.errors.fields?.email;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("login.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("login.subtitle")}</p>
      </div>
      {loaderData.passwordReset ? (
        <Alert role="status">
          <CircleCheck aria-hidden />
          <AlertDescription>{t("reset.reset-success")}</AlertDescription>
        </Alert>
      ) : null}
      <FormError message={loaderData.callbackError} />
      {/* A plain form (the page loads no JavaScript): the email field is the only one, it takes the focus. */}
      <Form method="post" className="space-y-4" noValidate>
        <EmailField defaultValue={actionData?.values.email ?? loaderData.email} error={emailError} />
        <Button type="submit" className="w-full">
          {t("login.continue")}
        </Button>
      </Form>
      {loaderData.googleEnabled ? (
        <>
          <OrSeparator label={t("login.or")} />
          <GoogleButton label={t("login.google")} />
        </>
      ) : null}
      <p className="text-center text-sm text-muted-foreground">
        {t("login.no-account")}{" "}
        <Link to="/auth/register" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("login.create-account")}
        </Link>
      </p>
    </div>
  );
}
