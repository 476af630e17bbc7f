import { CalendarClock } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Form, useRevalidator } from "react-router";
import * as v from "valibot";
import { formatDateTimeWithZone, formatNumber } from "#domain/shared/format";
import { onSaleInputSchema } from "#domain/waiting-room/on-sale-input-schema";
import type { OnSaleSettingsView } from "#domain/waiting-room/schedule-on-sale";
import {
  DEFAULT_DURATION_MINUTES,
  DEFAULT_LEAD_MINUTES,
  DEFAULT_RATE_PER_MINUTE,
  MAX_DURATION_MINUTES,
  MAX_LEAD_MINUTES,
  MAX_RATE_PER_MINUTE,
  MIN_RATE_PER_MINUTE,
} from "#domain/waiting-room/waiting-room-plan";
import { MIN_DURATION_MINUTES } from "#domain/waiting-room/on-sale-input-schema";
import { issuesToFields } from "#domain/shared/validation";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";

/** While the room is on, the live figures are read again this often (the page is open on the organizer's screen). */
const LIVE_REFRESH_MS = 10_000;

/**
 * The event's on-sale behind a waiting room (issue 31 §2, docs/decisions/0070-waiting-room.md): the on-sale time in
 * the event's time zone, how long before it the queue opens, how long after it the room stays on, and the admission
 * rate. Checked in the browser with the action's own valibot schema before it is sent; while the room is on, the
 * people waiting and let in so far.
 */
export function OnSaleSettingsCard({
  onSale,
  stats,
  busy,
  errors,
  values,
}: {
  onSale: OnSaleSettingsView & { canUpdate: boolean };
  stats: { waiting: number; admitted: number } | null;
  busy: boolean;
  /** The fields' errors of the last save (i18n keys). */
  errors: Record<string, string> | undefined;
  values: Record<string, string> | undefined;
}) {
  const { t, i18n } = useTranslation("waiting-room");
  const { t: tAny } = useTranslation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const shown = clientErrors ?? errors ?? {};
  const live = onSale.state === "queue" || onSale.state === "selling";
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, revalidator]);

  function check(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "on-sale-remove") return;
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = v.safeParse(onSaleInputSchema, form);
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const fields = issuesToFields(parsed.issues);
    setClientErrors(fields);
    const first = Object.keys(fields)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const value = (name: string, stored: string | number | undefined, fallback: string | number) =>
    values?.[name] ?? String(stored ?? fallback);
  const error = (name: string) => (shown[name] ? tAny(shown[name] as never) : undefined);

  return (
    <Card data-testid="on-sale-settings">
      <Form method="post" noValidate className="contents" preventScrollReset onSubmit={check}>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <CalendarClock className="size-4 text-muted-foreground" aria-hidden />
            {t("settings.title")}
            {onSale.state !== "none" ? (
              <Badge variant={live ? "default" : "secondary"} data-testid="on-sale-state">
                {t(`settings.state-${onSale.state}` as "settings.state-scheduled")}
              </Badge>
            ) : null}
          </CardTitle>
          <CardDescription>{t("settings.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {onSale.schedule ? (
            <p className="text-sm text-muted-foreground" data-testid="on-sale-window">
              {t("settings.window", {
                opens: formatDateTimeWithZone(onSale.schedule.opensAt, i18n.language, onSale.timezone),
                closes: formatDateTimeWithZone(onSale.schedule.closesAt, i18n.language, onSale.timezone),
              })}
            </p>
          ) : null}
          {live && stats ? (
            <dl className="grid max-w-md grid-cols-2 gap-3" aria-live="polite" data-testid="on-sale-live">
              <div className="rounded-md border p-3">
                <dt className="text-sm text-muted-foreground">{t("settings.live-waiting")}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{formatNumber(stats.waiting, i18n.language)}</dd>
              </div>
              <div className="rounded-md border p-3">
                <dt className="text-sm text-muted-foreground">{t("settings.live-admitted")}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{formatNumber(stats.admitted, i18n.language)}</dd>
              </div>
            </dl>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("settings.on-sale-at")}
              description={t("settings.on-sale-at-hint", { timezone: onSale.timezone })}
              error={error("on_sale_at")}
            >
              <Input
                name="on_sale_at"
                type="datetime-local"
                defaultValue={value("on_sale_at", onSale.values?.onSaleAt, "")}
                disabled={!onSale.canUpdate}
              />
            </Field>
            <Field label={t("settings.rate")} description={t("settings.rate-hint")} error={error("rate_per_minute")}>
              <Input
                name="rate_per_minute"
                type="number"
                inputMode="numeric"
                min={MIN_RATE_PER_MINUTE}
                max={MAX_RATE_PER_MINUTE}
                defaultValue={value("rate_per_minute", onSale.values?.ratePerMinute, DEFAULT_RATE_PER_MINUTE)}
                disabled={!onSale.canUpdate}
                className="w-36"
              />
            </Field>
            <Field label={t("settings.lead")} description={t("settings.lead-hint")} error={error("lead_minutes")}>
              <Input
                name="lead_minutes"
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_LEAD_MINUTES}
                defaultValue={value("lead_minutes", onSale.values?.leadMinutes, DEFAULT_LEAD_MINUTES)}
                disabled={!onSale.canUpdate}
                className="w-36"
              />
            </Field>
            <Field
              label={t("settings.duration")}
              description={t("settings.duration-hint")}
              error={error("duration_minutes")}
            >
              <Input
                name="duration_minutes"
                type="number"
                inputMode="numeric"
                min={MIN_DURATION_MINUTES}
                max={MAX_DURATION_MINUTES}
                defaultValue={value("duration_minutes", onSale.values?.durationMinutes, DEFAULT_DURATION_MINUTES)}
                disabled={!onSale.canUpdate}
                className="w-36"
              />
            </Field>
          </div>
        </CardContent>
        {onSale.canUpdate ? (
          // Save first in the form (Enter submits it), shown last: row-reverse.
          <CardFooter className="flex-row-reverse flex-wrap justify-start gap-2 border-t">
            <Button type="submit" name="intent" value="on-sale" disabled={busy} data-testid="on-sale-save">
              {busy ? <Spinner label={null} /> : null}
              {t("settings.save")}
            </Button>
            {onSale.schedule ? (
              <Button
                type="submit"
                name="intent"
                value="on-sale-remove"
                variant="outline"
                disabled={busy}
                data-testid="on-sale-remove"
              >
                {t("settings.remove")}
              </Button>
            ) : null}
          </CardFooter>
        ) : null}
      </Form>
    </Card>
  );
}
