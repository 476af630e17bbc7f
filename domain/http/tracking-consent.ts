/**
 * The visitor's answer to the ads-tracking banner of the public event page (issue 12 §5), kept in a first-party cookie.
 * `ads`: Meta's pixel may load; `none`: refused. No cookie: not asked yet (the banner shows when the event has a pixel).
 */
const CONSENT_COOKIE = "guichet_consent";

export type TrackingConsent = "ads" | "none";

/** Six months, as asked of the banner's answer. */
const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

export function consentFromCookieHeader(cookieHeader: string | null | undefined): TrackingConsent | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== CONSENT_COOKIE) continue;
    const value = rest.join("=").trim();
    if (value === "ads" || value === "none") return value;
  }
  return null;
}

/** Whether the request carries the consent cookie at all: its pages are not the shared, banner-showing default. */
export function hasConsentCookie(cookieHeader: string | null | undefined): boolean {
  return consentFromCookieHeader(cookieHeader) !== null;
}

export function consentSetCookie(consent: TrackingConsent, options: { secure: boolean }): string {
  return [
    `${CONSENT_COOKIE}=${consent}`,
    "Path=/",
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** Meta's origin, the one the Content-Security-Policy opens `img-src` to on a page that shows the pixel. */
export const META_PIXEL_ORIGIN = "https://www.facebook.com";

const PIXEL_ID = /^\d{1,32}$/;

/** Meta's no-script image pixel URL; null for an id that is not digits only. */
export function metaPixelUrl(
  pixelId: string,
  event: { name: "PageView" } | { name: "Purchase"; amountCents: number; currency: "EUR"; eventId: string },
): string | null {
  if (!PIXEL_ID.test(pixelId)) return null;
  // Every value is digits or a fixed word: written out as Meta documents it (`cd[value]`, brackets unescaped).
  const parts = [`id=${pixelId}`, `ev=${event.name}`];
  if (event.name === "Purchase") {
    parts.push(`cd[value]=${(event.amountCents / 100).toFixed(2)}`, `cd[currency]=${event.currency}`);
    // Meta counts one Purchase per event id: reloading the order page does not count the order twice.
    parts.push(`eid=${encodeURIComponent(event.eventId)}`);
  }
  parts.push("noscript=1");
  return `${META_PIXEL_ORIGIN}/tr?${parts.join("&")}`;
}

/**
 * Response header a page sets when it renders Meta's pixel: the security headers middleware then adds
 * META_PIXEL_ORIGIN to this response's `img-src` (and drops the header). Pages without it keep the strict policy.
 */
export const CSP_META_PIXEL_HEADER = "X-Guichet-Meta-Pixel";
