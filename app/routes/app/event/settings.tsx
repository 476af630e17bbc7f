import { inventoryFromBinding } from "#domain/inventory/inventory-port";
import { Info, KeyRound, RefreshCw, Webhook } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { toast } from "~/lib/toast";
import * as v from "valibot";
import { eventSettingsSchema, META_PIXEL_ID_MAX_LENGTH } from "#domain/events/event-input-schema";
import { getEventSettings } from "#domain/events/get-event-settings";
import { regeneratePrivateLink } from "#domain/events/regenerate-private-link";
import { updateEventSettings } from "#domain/events/update-event-settings";
import { canInOrganization } from "#domain/policy";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { BookingWidgetCard } from "~/components/event/booking-widget-card";
import { SelfServiceSettingsCard } from "~/components/event/self-service-settings-card";
import { WaitingListSettingsCard } from "~/components/waiting-list/waiting-list-settings-card";
import { OnSaleSettingsCard } from "~/components/waiting-room/on-sale-settings-card";
import { onSaleInputSchema } from "#domain/waiting-room/on-sale-input-schema";
import { waitingRoomStats } from "#domain/waiting-room/room-client";
import { getOnSaleSettings, scheduleOnSale } from "#domain/waiting-room/schedule-on-sale";
import { EventPageErrorBoundary } from "~/components/event/event-page-error";
import { FormError } from "~/components/form-error";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog-lazy";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { pageExists } from "~/lib/navigation";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { serverContext } from "~/server/context";
import { parseForm } from "~/server/forms.server";
import { getSignedIn } from "~/server/guards.server";
import { actionError, loaderError } from "~/server/route-errors.server";
import type { Route } from "./+types/settings";

/** The organization's webhook settings (spec §2 /settings/tracking); linked only once that page exists. */
const WEBHOOK_SETTINGS_PATH = "/settings/tracking";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const settings = await getEventSettings(db, actor, { eventId, env });
    // The link to the organization's webhooks shows only to those who may open them (owners and admins).
    // The booking widget's snippet (issue 26 §5): the address organizers' sites load it from, and a private event's
    // link token, which only those who may see the private link get.
    const widget = {
      eventId,
      origin: new URL(env.APP_URL || request.url).origin,
      token: settings.privateLinkPath ? new URL(settings.privateLinkPath, "http://x").searchParams.get("t") : null,
    };
    // The on-sale behind a waiting room (issue 31 §2), with its live figures while the room is on.
    const onSale = await getOnSaleSettings(db, actor, { eventId });
    const stats = await waitingRoomStats(env, { eventId, schedule: onSale.schedule, now: Date.now() });
    return {
      ...settings,
      widget,
      onSale,
      onSaleStats: stats && { waiting: stats.waiting, admitted: stats.admitted },
      canManageWebhooks: canInOrganization(actor, "integrations:manage"),
    };
  } catch (error) {
    // A 404 leaves the event layout's no-access screen in place (EventPageErrorBoundary).
    return loaderError(error);
  }
}

const intentSchema = v.object({
  intent: v.optional(v.picklist(["settings", "regenerate-link", "on-sale", "on-sale-remove"]), "settings"),
});

/** Two forms on the page: the pixel settings (a plain form) and 'Régénérer le lien privé' (a fetcher). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = getSignedIn(context);
  const { db, env } = context.get(serverContext);
  // The intent picks the schema of the rest of the form; the body is read twice, from a clone first.
  const { intent } = v.parse(intentSchema, Object.fromEntries(await request.clone().formData()));
  if (intent === "regenerate-link") {
    try {
      const eventId = parseId(params.event_id);
      if (eventId === null) throw notFound("events:errors.not-found");
      await regeneratePrivateLink(db, actor, { eventId, env });
      return { ok: true as const, intent };
    } catch (error) {
      return actionError(error, { intent });
    }
  }
  if (intent === "on-sale" || intent === "on-sale-remove") {
    const eventId = parseId(params.event_id);
    if (eventId === null) return actionError(notFound("events:errors.not-found"), { intent });
    const parsed = intent === "on-sale" ? await parseForm(request, onSaleInputSchema) : null;
    if (parsed && !parsed.ok)
      return data({ ok: false as const, intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    try {
      await scheduleOnSale(
        db,
        actor,
        { eventId, onSale: parsed ? parsed.data : null },
        { inventory: inventoryFromBinding(env.EVENT_INVENTORY) },
      );
      return { ok: true as const, intent };
    } catch (error) {
      return actionError(
        error,
        parsed?.ok
          ? (Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, String(v)])) as Record<string, string>)
          : {},
        { intent },
      );
    }
  }
  const parsed = await parseForm(request, eventSettingsSchema);
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    const eventId = parseId(params.event_id);
    if (eventId === null) throw notFound("events:errors.not-found");
    const saved = await updateEventSettings(db, actor, { eventId, ...parsed.data });
    return { ok: true as const, intent, metaPixelId: saved.metaPixelId };
  } catch (error) {
    return actionError(error, { intent, meta_pixel_id: parsed.data.metaPixelId ?? "" });
  }
}

export { EventPageErrorBoundary as ErrorBoundary };

export default function EventSettings({ loaderData: settings }: Route.ComponentProps) {
  const { t } = useTranslation("event-area");
  const { t: tAny } = useTranslation();
  const { t: tRoom } = useTranslation("waiting-room");
  // A plain form (not a fetcher): it also works before the page's JavaScript has loaded.
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const handled = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  // The on-sale card shows its own errors and toasts.
  const onSaleResult = result && "intent" in result && String(result.intent).startsWith("on-sale") ? result : null;
  const failure = result && !result.ok && !onSaleResult ? result : null;
  const onSaleFailure =
    onSaleResult && !onSaleResult.ok
      ? (onSaleResult as unknown as { errors: { fields?: Record<string, string> }; values: Record<string, string> })
      : null;
  useFocusFirstInvalid(formRef, failure?.errors);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (onSaleResult) {
      if (onSaleResult.ok)
        toast.success(tRoom(onSaleResult.intent === "on-sale-remove" ? "settings.removed" : "settings.saved"));
      else toast.error(t("toasts.update-failed"));
    } else if (result.ok) toast.success(t("toasts.updated"));
    else if (!result.errors.fields?.meta_pixel_id) toast.error(t("toasts.update-failed"));
  }, [result, t, tRoom, onSaleResult]);

  const fieldError = failure?.errors.fields?.meta_pixel_id;
  // The self-service card shows its own fields' errors.
  const selfServiceErrors = Object.fromEntries(
    Object.entries(failure?.errors.fields ?? {}).filter(([name]) => name.startsWith("self_service_")),
  );
  const selfServiceFailed = Object.keys(selfServiceErrors).length > 0;
  const holdHoursError = failure?.errors.fields?.waiting_list_hold_hours;
  const formError =
    failure && !fieldError && !selfServiceFailed && !holdHoursError ? failure.errors.formError : undefined;
  const webhooksExist = pageExists(WEBHOOK_SETTINGS_PATH) && settings.canManageWebhooks;

  return (
    <div className="grid gap-6" data-testid="event-settings">
      <h2 className="text-lg font-semibold tracking-tight">{t("settings.title")}</h2>

      <Card>
        <Form method="post" noValidate className="contents" preventScrollReset ref={formRef}>
          <input type="hidden" name="intent" value="settings" />
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
                key={result?.ok && "metaPixelId" in result ? result.metaPixelId : "editing"}
                defaultValue={failure ? (failure.values.meta_pixel_id ?? settings.metaPixelId) : settings.metaPixelId}
                inputMode="numeric"
                autoComplete="off"
                maxLength={META_PIXEL_ID_MAX_LENGTH * 2}
                placeholder={t("settings.pixel-placeholder")}
                disabled={!settings.canUpdate}
                className="font-mono"
              />
            </Field>
          </CardContent>
          {settings.canUpdate ? (
            <CardFooter className="justify-end border-t">
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner label={null} /> : null}
                {t("settings.save")}
              </Button>
            </CardFooter>
          ) : null}
        </Form>
      </Card>

      <SelfServiceSettingsCard
        values={settings}
        canUpdate={settings.canUpdate}
        busy={busy}
        errors={selfServiceFailed ? selfServiceErrors : undefined}
      />

      <WaitingListSettingsCard
        // Remounted after a save, so the field shows the stored value.
        // Keys of their own: siblings that share a key are rendered twice by React.
        key={`waiting-list-${result?.ok ? settings.waitingListHoldHours : "editing"}`}
        holdHours={settings.waitingListHoldHours}
        canUpdate={settings.canUpdate}
        busy={busy}
        error={holdHoursError}
      />

      <OnSaleSettingsCard
        // Remounted after a save, so the fields show the stored values.
        key={
          onSaleResult?.ok
            ? `on-sale-${settings.onSale.schedule?.onSaleAt ?? "none"}-${settings.onSale.schedule?.ratePerMinute}`
            : "on-sale-editing"
        }
        onSale={settings.onSale}
        stats={settings.onSaleStats}
        busy={busy}
        errors={onSaleFailure?.errors.fields}
        values={onSaleFailure?.values}
      />

      {settings.canRegeneratePrivateLink && settings.privateLinkPath ? (
        <PrivateLinkCard path={settings.privateLinkPath} visibility={settings.visibility} />
      ) : null}

      <BookingWidgetCard
        origin={settings.widget.origin}
        eventId={settings.widget.eventId}
        token={settings.visibility === "private" ? settings.widget.token : null}
        published={settings.status === "published"}
      />

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
            <p
              className="flex items-start gap-2 text-sm text-muted-foreground"
              data-testid="webhooks-organization-note"
            >
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t("settings.webhooks-organization")}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * 'Régénérer le lien privé' (issue 7): a leaked private link is revoked by making a new one. Asks first, since
 * everyone who had the old link loses the page, then says it is done.
 */
function PrivateLinkCard({ path, visibility }: { path: string; visibility: "public" | "private" }) {
  const { t } = useTranslation("event-area");
  const fetcher = useFetcher<typeof action>({ key: "regenerate-private-link" });
  const [confirming, setConfirming] = useState(false);
  const handled = useRef<unknown>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) toast.success(t("settings.private-link-regenerated"));
    else toast.error(t("toasts.update-failed"));
  }, [fetcher.state, fetcher.data, t]);

  return (
    <Card data-testid="private-link-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden />
          {t("settings.private-link-title")}
        </CardTitle>
        <CardDescription>
          {t(visibility === "private" ? "settings.private-link-hint" : "settings.private-link-hint-public")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p
          className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs break-all"
          data-testid="private-link-path"
        >
          {path}
        </p>
      </CardContent>
      <CardFooter className="justify-end border-t">
        <Button
          variant="outline"
          onClick={() => setConfirming(true)}
          disabled={busy}
          data-testid="regenerate-private-link"
        >
          {busy ? <Spinner label={null} /> : <RefreshCw aria-hidden />}
          {t("settings.private-link-regenerate")}
        </Button>
      </CardFooter>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent data-testid="regenerate-private-link-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("settings.private-link-confirm-title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("settings.private-link-confirm-description")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("confirm.cancel")}</AlertDialogCancel>
            <AlertDialogAction onClick={() => void fetcher.submit({ intent: "regenerate-link" }, { method: "post" })}>
              {t("settings.private-link-confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
