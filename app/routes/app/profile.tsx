import { KeyRound, LifeBuoy, Mail } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { requestPasswordReset } from "#domain/auth/request-password-reset";
import { getProfile } from "#domain/users/get-profile";
import { profileUpdateSchema, updateProfile } from "#domain/users/update-profile";
import { FormError } from "~/components/form-error";
import { NameFields } from "~/components/name-fields";
import { DeleteAccountCard } from "~/components/privacy/delete-account-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { externalLinks } from "~/lib/external-links";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import { getSignedIn } from "~/server/guards.server";
import { authMailFor } from "../auth/auth-mail.server";
import type { Route } from "./+types/profile";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = getSignedIn(context);
  const profile = await getProfile(context.get(serverContext).db, user.id);
  return {
    title: getInstance(context).t("auth:profile.meta-title"),
    profile: {
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      authMethod: profile.authMethod,
    },
  };
}

const formSchema = v.variant("intent", [
  v.object({ intent: v.literal("update"), ...profileUpdateSchema.entries }),
  v.object({ intent: v.literal("reset-password") }),
]);

type ActionResult =
  | { ok: "updated" | "email-sent" }
  | { ok: false; errors: { formError?: string; fields?: Record<string, string> }; values: Record<string, string> };

/**
 * Spec §2 /profile: names are editable; the reset button emails a reset link to the account's own address (a Google
 * account is refused with the spec's sentence by requestPasswordReset, the one place of that rule).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, formSchema);
  if (!parsed.ok)
    return data<ActionResult>({ ok: false, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const { user } = getSignedIn(context);
  const { db } = context.get(serverContext);
  try {
    if (parsed.data.intent === "update") {
      await updateProfile(db, { userId: user.id }, parsed.data);
      return data<ActionResult>({ ok: "updated" });
    }
    await requestPasswordReset(
      db,
      authMailFor(context),
      { email: user.email },
      clientInfoFromHeaders(request.headers),
      {
        signedInUserId: user.id,
      },
    );
    return data<ActionResult>({ ok: "email-sent" });
  } catch (error) {
    return actionError(error, parsed.data.intent === "update" ? parsed.data : {});
  }
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "errors"]);
  const { profile } = loaderData;
  const identity = useFetcher<ActionResult>({ key: "profile-identity" });
  const reset = useFetcher<ActionResult>({ key: "profile-reset" });
  const identityErrors = identity.data && !identity.data.ok ? identity.data.errors : undefined;
  const resetErrors = reset.data && !reset.data.ok ? reset.data.errors : undefined;
  const isGoogle = profile.authMethod === "google";
  const identityRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(identityRef, identityErrors);

  useEffect(() => {
    if (identity.state === "idle" && identity.data?.ok === "updated") toast.success(t("profile.updated"));
  }, [identity.state, identity.data, t]);
  useEffect(() => {
    if (reset.state === "idle" && reset.data?.ok === "email-sent") toast.success(t("profile.email-sent"));
    if (reset.state === "idle" && resetErrors?.formError)
      toast.error(t(resetErrors.formError as "errors:internal-error"));
  }, [reset.state, reset.data, resetErrors, t]);

  const fields = identityErrors?.fields;
  return (
    <div className="mx-auto w-full max-w-[1400px] px-4 py-6 md:px-6 md:py-8">
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("profile.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("profile.subtitle")}</p>
        </div>

        <Card>
          <identity.Form ref={identityRef} method="post" noValidate className="flex flex-col gap-6">
            <CardHeader>
              <CardTitle>{t("profile.identity-title")}</CardTitle>
              <CardDescription>{t("profile.identity-description")}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <FormError message={fields ? undefined : identityErrors?.formError} />
              <div className="space-y-2">
                <Label htmlFor="email">{t("profile.email")}</Label>
                <div className="relative">
                  <Mail
                    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden
                  />
                  <Input
                    id="email"
                    value={profile.email}
                    readOnly
                    disabled
                    className="pl-9"
                    aria-describedby="email-help"
                  />
                </div>
                <p id="email-help" className="flex flex-wrap items-center gap-x-1 text-sm text-muted-foreground">
                  {t("profile.email-help")}
                  <a
                    href={externalLinks.contactSupport}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <LifeBuoy className="size-3.5" aria-hidden />
                    {t("profile.contact-support")}
                  </a>
                </p>
              </div>
              <NameFields
                labels={{ firstName: t("profile.first-name"), lastName: t("profile.last-name") }}
                defaults={profile}
                errors={fields}
              />
            </CardContent>
            <CardFooter className="justify-end border-t">
              <Button type="submit" name="intent" value="update" disabled={identity.state !== "idle"}>
                {t("profile.save")}
              </Button>
            </CardFooter>
          </identity.Form>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <KeyRound className="size-4" aria-hidden />
              {t("profile.password-title")}
              {isGoogle ? <Badge variant="secondary">{t("profile.google-badge")}</Badge> : null}
            </CardTitle>
            <CardDescription>
              {isGoogle ? t("errors:reset-google-account") : t("profile.password-description")}
            </CardDescription>
          </CardHeader>
          {isGoogle ? null : (
            <CardFooter className="justify-end border-t">
              <reset.Form method="post">
                <Button
                  type="submit"
                  name="intent"
                  value="reset-password"
                  variant="outline"
                  disabled={reset.state !== "idle"}
                >
                  {t("profile.reset-button")}
                </Button>
              </reset.Form>
            </CardFooter>
          )}
        </Card>
        <DeleteAccountCard />
      </div>
    </div>
  );
}
