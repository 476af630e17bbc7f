import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { registrationRequestSchema, requestRegistrationCode } from "#domain/auth/request-registration-code";
import { FieldError, FormError } from "~/components/form-error";
import { NameFields } from "~/components/name-fields";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import { authMailFor, isGoogleEnabled } from "./auth-mail.server";
import { focusTarget } from "./form-focus";
import { GoogleButton, OrSeparator } from "./google-button";
import { RegistrationSteps } from "./registration-steps";
import type { Route } from "./+types/register";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** `email`, `firstName` and `lastName` in the query prefill the form ('Changer d'email' from step 2 keeps the names). */
export function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    title: getInstance(context).t("auth:register.meta-title"),
    email: params.get("email") ?? "",
    firstName: params.get("firstName") ?? "",
    lastName: params.get("lastName") ?? "",
    googleEnabled: isGoogleEnabled(context),
  };
}

/** Step 1: email and names; a 6-digit code goes to the email. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, registrationRequestSchema);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    const { email } = await requestRegistrationCode(
      context.get(serverContext).db,
      authMailFor(context),
      parsed.data,
      clientInfoFromHeaders(request.headers),
    );
    // The names ride along so that 'Changer d'email' on the next step can bring them back.
    const { firstName, lastName } = parsed.data;
    return redirect(`/auth/register/validate-email?${new URLSearchParams({ email, firstName, lastName })}`);
  } catch (error) {
    return actionError(error, parsed.data);
  }
}

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const fields = actionData?.errors.fields;
  const values = actionData?.values;
  const emailInUse = fields?.email === "errors:email-already-used";
  const formError = fields ? undefined : actionData?.errors.formError;
  const invalid = (name: string) => (fields?.[name] ? true : undefined);
  const email = values?.email ?? loaderData.email;
  const names = values ?? { firstName: loaderData.firstName, lastName: loaderData.lastName };
  // No JavaScript on this page: the server puts the autofocus attribute on the first field to fix.
  const focus = focusTarget(["firstName", "lastName", "email"], actionData?.errors, formError);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <RegistrationSteps current={1} />
        <h1 className="text-2xl font-semibold tracking-tight">{t("register.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("register.subtitle")}</p>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={formError} autoFocus={focus === "form-error"} />
        <NameFields
          labels={{ firstName: t("register.first-name"), lastName: t("register.last-name") }}
          defaults={names}
          errors={fields}
          autoFocus={focus === "firstName" || focus === "lastName" ? focus : false}
        />
        <div className="space-y-2">
          <Label htmlFor="email">{t("register.email")}</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            autoFocus={focus === "email"}
            required
            placeholder={t("register.email-placeholder")}
            defaultValue={email}
            aria-invalid={invalid("email")}
            aria-describedby={fields?.email ? "email-error" : undefined}
          />
          {emailInUse ? (
            <p id="email-error" className="text-sm text-destructive" role="alert">
              {t("register.email-already-used")}{" "}
              <Link to={`/auth/login?${new URLSearchParams({ email })}`} className={linkClass}>
                {t("register.login-instead")}
              </Link>
            </p>
          ) : (
            <FieldError id="email-error" message={fields?.email} />
          )}
        </div>
        <Button type="submit" className="w-full">
          {t("register.submit")}
        </Button>
      </Form>
      {loaderData.googleEnabled ? (
        <>
          <OrSeparator label={t("login.or")} />
          <GoogleButton label={t("register.google")} />
        </>
      ) : null}
      <p className="text-center text-sm text-muted-foreground">
        {t("register.have-account")}{" "}
        <Link to="/auth/login" className={linkClass}>
          {t("register.login")}
        </Link>
      </p>
    </div>
  );
}
