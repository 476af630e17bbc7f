import { useTranslation } from "react-i18next";
import type { TrackingConsent } from "#domain/http/tracking-consent";

/** Where the answer goes: app/routes/public/tracking-consent.ts keeps it in `guichet_consent` and sends the visitor back. */
const TRACKING_CONSENT_PATH = "/tracking-consent";

/**
 * The product-analytics question, asked only when analytics is configured and the visitor has not answered yet
 * (app/components/analytics/analytics.client.tsx). A plain form: the answer is the same first-party consent cookie the
 * public page's banner sets, and the reload it causes starts analytics (or not).
 */
export function AnalyticsConsentBanner({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation("analytics");
  const button =
    "h-9 rounded-md px-4 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";
  return (
    <section
      aria-labelledby="analytics-consent-heading"
      className="fixed inset-x-0 bottom-0 z-50 border-t bg-background p-4 text-foreground shadow-lg"
      data-testid="analytics-consent"
    >
      <form
        method="post"
        action={TRACKING_CONSENT_PATH}
        className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3"
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <h2 id="analytics-consent-heading" className="font-semibold">
            {t("banner.title")}
          </h2>
          <p className="text-muted-foreground">{t("banner.text")}</p>
        </div>
        <div className="flex gap-2">
          <button
            type="submit"
            name="consent"
            value={"none" satisfies TrackingConsent}
            className={`${button} border bg-background hover:bg-accent`}
          >
            {t("banner.refuse")}
          </button>
          <button
            type="submit"
            name="consent"
            value={"ads" satisfies TrackingConsent}
            className={`${button} bg-primary text-primary-foreground hover:bg-primary/90`}
          >
            {t("banner.accept")}
          </button>
        </div>
      </form>
    </section>
  );
}
