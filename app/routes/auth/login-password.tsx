import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, replace } from "react-router";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { loginSchema, loginWithPassword } from "#domain/auth/login-with-password";
import { signInCookies } from "#domain/http/session-cookie";
import { readInvitationToken } from "~/server/invitation-cookie.server";
import { isValidEmail } from "#domain/shared/email";
import { FieldError, FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import type { Route } from "./+types/login-password";

export const handle = { backTo: "/auth/login" };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  if (!isValidEmail(email)) throw redirect("/auth/login");
  return { email, title: getInstance(context).t("auth:login.meta-title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, loginSchema);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    const { token, expiresAt } = await loginWithPassword(
      context.get(serverContext).db,
      parsed.data,
      clientInfoFromHeaders(request.headers),
    );
    const headers = new Headers();
    for (const cookie of signInCookies(token, expiresAt, request.url)) headers.append("Set-Cookie", cookie);
    // Coming from an invitation link (issue 24 §2): back to it, to accept.
    const invitation = readInvitationToken(request);
    return replace(invitation ? `/invitations/${invitation}` : "/", { headers });
  } catch (error) {
    return actionError(error, { email: parsed.data.email });
  }
}

export default function LoginPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const passwordError = actionData?.errors.fields?.password;
  const formError = passwordError ? undefined : actionData?.errors.formError;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("login.password-title")}</h1>
        <p className="text-sm text-muted-foreground">
          {t("login.password-subtitle", { email: loaderData.email })}{" "}
          <Link
            to={`/auth/login?${new URLSearchParams({ email: loaderData.email })}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t("login.change-email")}
          </Link>
        </p>
      </div>
      {/* A plain form (no JavaScript on this page): focus is on the password field, the one to fix after a refusal too. */}
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={formError} />
        <input type="hidden" name="email" value={loaderData.email} />
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="password">{t("login.password")}</Label>
            <Link
              to={`/auth/reset-password?${new URLSearchParams({ email: loaderData.email })}`}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("login.forgot-password")}
            </Link>
          </div>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            aria-invalid={passwordError || formError ? true : undefined}
            aria-describedby={passwordError ? "password-error" : undefined}
          />
          <FieldError id="password-error" message={passwordError} />
        </div>
        <Button type="submit" className="w-full">
          {t("login.submit")}
        </Button>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        {t("login.no-account")}{" "}
        <Link to="/auth/register" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("login.create-account")}
        </Link>
      </p>
    </div>
  );
}
