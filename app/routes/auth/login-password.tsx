import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, replace, useNavigation } from "react-router";
import * as v from "valibot";
import { loginWithPassword } from "#domain/auth/login-with-password";
import { ORGANIZATION_COOKIE_NAME, serializeCookie, isSecureRequest, sessionCookie } from "#domain/auth/session-cookie";
import { emailSchema, isValidEmail } from "#domain/shared/email";
import { FieldError, FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { appErrorToData, parseForm } from "~/server/forms.server";
import type { Route } from "./+types/login-password";

export const handle = { backTo: "/auth/login" };

const loginPasswordSchema = v.object({
  email: emailSchema,
  password: v.pipe(v.string("errors:password-required"), v.nonEmpty("errors:password-required"), v.maxLength(256)),
});

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  if (!isValidEmail(email)) throw redirect("/auth/login");
  return { email, title: getInstance(context).t("auth:login.meta-title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, loginPasswordSchema);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    const { token, expiresAt } = await loginWithPassword(context.get(serverContext).db, {
      ...parsed.data,
      userAgent: request.headers.get("User-Agent"),
    });
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(token, expiresAt, request.url));
    // Spec §4: a fresh sign-in loads the profile with no preselected organization.
    headers.append(
      "Set-Cookie",
      serializeCookie(ORGANIZATION_COOKIE_NAME, "", { maxAge: 0, secure: isSecureRequest(request.url) }),
    );
    return replace("/", { headers });
  } catch (error) {
    return appErrorToData(error, { email: parsed.data.email });
  }
}

export default function LoginPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const passwordError = actionData?.errors.fields?.password;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("login.password-title")}</h1>
        <p className="text-sm text-muted-foreground">
          {t("login.password-subtitle", { email: loaderData.email })}{" "}
          <Link to={`/auth/login?${new URLSearchParams({ email: loaderData.email })}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {t("login.change-email")}
          </Link>
        </p>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={actionData?.errors.formError} />
        <input type="hidden" name="email" value={loaderData.email} />
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <div className="space-y-2">
          <Label htmlFor="password">{t("login.password")}</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            aria-invalid={passwordError || actionData?.errors.formError ? true : undefined}
            aria-describedby={passwordError ? "password-error" : undefined}
          />
          <FieldError id="password-error" message={passwordError} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {t("login.submit")}
        </Button>
      </Form>
    </div>
  );
}
