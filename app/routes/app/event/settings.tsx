import { Info, Webhook } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import { eventPermissions, eventRolesOf } from "#domain/events/event-access";
import { eventSettingsSchema, META_PIXEL_ID_MAX_LENGTH } from "#domain/events/event-input-schema";
import { locateEvent } from "#domain/events/locate-event";
import { updateEventSettings } from "#domain/events/update-event-settings";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { FormError } from "~/components/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { pageExists } from "~/lib/navigation";
import { serverContext } from "~/server/context";
import { parseForm, type FormErrors } from "~/server/forms.server";
import { actionError } from "~/server/route-errors.server";
import { getSignedIn } from "~/server/guards.server";
import type { Route } from "./+types/settings";

/** The organization's webhook settings (spec §2 /settings/tracking); linked only once that page exists. */
const WEBHOOK_SETTINGS_PATH = "/settings/tracking";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const eventId = parseId(params.event_id);
  const location = eventId === null ? null : await locateEvent(db, actor, { eventId });
  // The layout shows the no-access screens; this page only needs data for an event it can show.
  if (location?.kind !== "accessible") return null;
  const roles = await eventRolesOf(db, actor, location.event.id);
  const permissions = eventPermissions(actor, { organizationId: location.event.organizationId, roles });
  return { metaPixelId: location.event.metaPixelId, canUpdate: permissions.canUpdate };
}

type SettingsResult = { ok: true; metaPixelId: string } | { ok: false; errors: FormErrors; values: Record<string, string> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db } = context.get(serverContext);
  const eventId = parseId(params.event_id);
  const parsed = await parseForm(request, eventSettingsSchema);
  if (!parsed.ok) return data<SettingsResult>({ ok: false, errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    if (eventId === null) throw notFound("events:errors.not-found");
    const saved = await updateEventSettings(db, actor, { eventId, ...parsed.data });
    return data<SettingsResult>({ ok: true, metaPixelId: saved.metaPixelId });
  } catch (error) {
    return actionError(error);
  }
}

export default function EventSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("event-area");
  const { t: tAny } = useTranslation();
  // A plain form (not a fetcher): it also works before the page's JavaScript has loaded.
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const handled = useRef<unknown>(null);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) toast.success(t("toasts.updated"));
    else if (!result.errors.fields?.meta_pixel_id) toast.error(t("toasts.update-failed"));
  }, [result, t]);

  if (!loaderData) return null;
  const fieldError = result && !result.ok ? result.errors.fields?.meta_pixel_id : undefined;
  const formError = result && !result.ok && !fieldError ? result.errors.formError : undefined;
  const webhooksExist = pageExists(WEBHOOK_SETTINGS_PATH);

  return (
    <div className="grid gap-6" data-testid="event-settings">
      <h2 className="text-lg font-semibold tracking-tight">{t("settings.title")}</h2>

      <Card>
        <Form method="post" noValidate className="contents" preventScrollReset>
          <CardHeader>
            <CardTitle>{t("settings.pixel-title")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormError message={formError} />
            <Field
              label={t("settings.pixel-label")}
              description={t("settings.pixel-hint")}
              error={fieldError ? tAny(fieldError as never) : undefined}
              className="max-w-md"
            >
              <Input
                name="meta_pixel_id"
                key={result?.ok ? result.metaPixelId : "editing"}
                defaultValue={result && !result.ok ? (result.values.meta_pixel_id ?? loaderData.metaPixelId) : loaderData.metaPixelId}
                inputMode="numeric"
                autoComplete="off"
                maxLength={META_PIXEL_ID_MAX_LENGTH * 2}
                placeholder={t("settings.pixel-placeholder")}
                disabled={!loaderData.canUpdate}
                className="font-mono"
              />
            </Field>
          </CardContent>
          {loaderData.canUpdate ? (
            <CardFooter className="justify-end border-t">
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner label={null} /> : null}
                {t("settings.save")}
              </Button>
            </CardFooter>
          ) : null}
        </Form>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Webhook className="size-4 text-muted-foreground" aria-hidden />
            {t("settings.webhooks-title")}
          </CardTitle>
          <CardDescription>{t("settings.webhooks-hint")}</CardDescription>
        </CardHeader>
        <CardContent>
          {webhooksExist ? (
            <Button variant="outline" asChild>
              <Link to={WEBHOOK_SETTINGS_PATH}>{t("settings.webhooks-link")}</Link>
            </Button>
          ) : (
            <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="webhooks-organization-note">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t("settings.webhooks-organization")}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
