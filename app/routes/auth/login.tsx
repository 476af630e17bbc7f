import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import * as v from "valibot";
import { emailSchema } from "#domain/shared/email";
import { FieldError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { getInstance } from "~/middleware/i18next";
import { parseForm } from "~/server/forms.server";
import type { Route } from "./+types/login";

export const loginEmailSchema = v.object({ email: emailSchema });

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return { title: getInstance(context).t("auth:login.meta-title"), email };
}

/** Email first; the password is asked on the next page. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, loginEmailSchema);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  return redirect(`/auth/login-password?${new URLSearchParams({ email: parsed.data.email })}`);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const emailError = actionData?.errors.fields?.email;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t("login.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("login.subtitle")}</p>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        <div className="space-y-2">
          <Label htmlFor="email">{t("login.email")}</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            required
            placeholder={t("login.email-placeholder")}
            defaultValue={actionData?.values.email ?? loaderData.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? "email-error" : undefined}
          />
          <FieldError id="email-error" message={emailError} />
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {t("login.continue")}
        </Button>
      </Form>
    </div>
  );
}
