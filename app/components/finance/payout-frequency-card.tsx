import { CalendarClock, LifeBuoy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { FormError } from "~/components/form-error";
import { SaveDisabledReason } from "~/components/save-disabled-reason";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { externalLinks } from "~/lib/external-links";
import { formatDate } from "#domain/shared/format";
import { useFocusFirstInvalid } from "~/lib/use-focus-first-invalid";
import { cn } from "~/lib/utils";

// Spec §9, in the spec's order (written out: the schema module stays out of the client bundle).
const frequencies = ["manual", "daily", "weekly", "monthly"] as const;
export type PayoutFrequencyValue = (typeof frequencies)[number];

type FetcherAnswer =
  | { ok: true; intent: "frequency"; payoutFrequency: PayoutFrequencyValue }
  | { ok: false; errors: { formError?: string; fields?: Record<string, string> } };

/**
 * The payout frequency (spec §9), saved for the organization and applied to its payment account. Manual means no
 * automatic payout: spec §8's 'contact support' shows with it.
 */
export function PayoutFrequencyCard({
  frequency,
  canManage,
  nextPayoutAt,
  timeZone,
}: {
  frequency: PayoutFrequencyValue;
  canManage: boolean;
  /** Epoch ms of the next due day, null for manual. */
  nextPayoutAt: number | null;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("payment-account");
  const fetcher = useFetcher<FetcherAnswer>();
  const [selected, setSelected] = useState<PayoutFrequencyValue>(frequency);
  const handled = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = useId();
  const unchangedId = useId();
  const saving = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  useFocusFirstInvalid(formRef, errors);

  useEffect(() => setSelected(frequency), [frequency]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) toast.success(t("frequency.saved"));
  }, [fetcher.state, fetcher.data, t]);

  const shown = canManage ? selected : frequency;
  const fieldError = errors?.fields?.payout_frequency;

  return (
    <Card data-testid="payout-frequency" data-frequency={frequency}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarClock className="size-4" aria-hidden />
          {t("frequency.title")}
        </CardTitle>
        <CardDescription>{t("frequency.description")}</CardDescription>
        {/* What applies now, in words (the saved frequency, not the one being chosen). */}
        <p className="text-sm font-medium" data-testid="payout-schedule">
          {t(`frequency.schedule.${frequency}`)}
        </p>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" ref={formRef} className="space-y-4">
          <input type="hidden" name="intent" value="frequency" />
          <fieldset
            disabled={!canManage || saving}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            className="space-y-2"
          >
            <legend className="sr-only">{t("frequency.legend")}</legend>
            <div className="grid grid-cols-2 gap-2">
              {frequencies.map((value) => (
                <label
                  key={value}
                  className={cn(
                    "flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                    shown === value ? "border-primary bg-primary/5" : "hover:bg-accent",
                    !canManage && "cursor-default",
                  )}
                >
                  <input
                    type="radio"
                    name="payout_frequency"
                    value={value}
                    checked={shown === value}
                    onChange={() => setSelected(value)}
                    className="mt-0.5 size-4 accent-primary"
                  />
                  <span className="space-y-0.5">
                    <span className="block font-medium">{t(`frequency.options.${value}`)}</span>
                    <span className="block text-xs text-muted-foreground">{t(`frequency.hints.${value}`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {fieldError ? (
            <p id={errorId} className="text-sm text-destructive">
              {t(fieldError as never)}
            </p>
          ) : (
            <FormError message={errors?.formError} />
          )}

          {shown === "manual" ? (
            <div className="flex gap-2 rounded-lg bg-muted p-3 text-sm" data-testid="payout-frequency-manual-support">
              <LifeBuoy className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                {t("frequency.manual-support")}{" "}
                <a
                  href={externalLinks.contactSupport}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium whitespace-nowrap underline underline-offset-4"
                >
                  {t("frequency.contact-support")}
                </a>
              </p>
            </div>
          ) : nextPayoutAt !== null && shown === frequency ? (
            <p className="text-sm text-muted-foreground">
              {t("frequency.next", { date: formatDate(nextPayoutAt, i18n.language, timeZone) })}
            </p>
          ) : null}

          {canManage ? (
            <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
              <Button
                type="submit"
                disabled={saving || selected === frequency}
                aria-describedby={!saving && selected === frequency ? unchangedId : undefined}
                className="w-full sm:w-auto"
              >
                {saving ? <Spinner label={null} /> : null}
                {t("frequency.save")}
              </Button>
              <SaveDisabledReason
                id={unchangedId}
                reason={!saving && selected === frequency ? t("frequency.save-unchanged") : null}
              />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t("frequency.manage-only")}</p>
          )}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
