import { useTranslation } from "react-i18next";
import type { TrackingConsent } from "#domain/http/tracking-consent";

/** Where the banner posts: app/routes/public/tracking-consent.ts sets the cookie and sends the visitor back. */
const TRACKING_CONSENT_PATH = "/tracking-consent";

/**
 * Meta's no-script image pixel: an <img>, no script, so the page stays free of JavaScript. Rendered only once the
 * visitor accepted (`guichet_consent=ads`).
 */
export function MetaPixelImage({ src }: { src: string }) {
  // fetchPriority "low": React would otherwise add a <link rel="preload"> for the image, a second request to Meta.
  return (
    <img
      src={src}
      width={1}
      height={1}
      alt=""
      style={{ display: "none" }}
      fetchPriority="low"
      data-testid="meta-pixel"
    />
  );
}

/**
 * The ads-tracking question as a plain form: "Accepter" / "Refuser", each a submit button. Sticky rather than fixed: at
 * the end of the page it sits below the footer instead of covering the last fields.
 */
function TrackingConsentBanner({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation("tracking");
  const button =
    "h-10 rounded-md px-4 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-sky-500/60 focus-visible:outline-none";
  return (
    <section
      aria-labelledby="tracking-consent-heading"
      className="sticky bottom-0 z-30 border-t border-slate-200 bg-white p-4 text-slate-900 shadow-lg"
      data-testid="tracking-consent"
    >
      <form
        method="post"
        action={TRACKING_CONSENT_PATH}
        className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3"
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <h2 id="tracking-consent-heading" className="font-semibold">
            {t("banner.title")}
          </h2>
          <p className="text-slate-700">{t("banner.text")}</p>
        </div>
        <div className="flex gap-2">
          <button
            type="submit"
            name="consent"
            value={"none" satisfies TrackingConsent}
            className={`${button} border border-slate-300 bg-white hover:bg-slate-100`}
          >
            {t("banner.refuse")}
          </button>
          <button
            type="submit"
            name="consent"
            value={"ads" satisfies TrackingConsent}
            className={`${button} bg-slate-900 text-white hover:bg-slate-800`}
          >
            {t("banner.accept")}
          </button>
        </div>
      </form>
    </section>
  );
}

/** What the public event page shows for tracking: the banner while unanswered, the PageView pixel once accepted. */
export function EventPageTracking({
  pageViewPixel,
  consent,
  returnTo,
}: {
  pageViewPixel: string | null;
  consent: TrackingConsent | null;
  returnTo: string;
}) {
  if (!pageViewPixel) return null;
  if (consent === "ads") return <MetaPixelImage src={pageViewPixel} />;
  if (consent === null) return <TrackingConsentBanner returnTo={returnTo} />;
  return null;
}
