/** The snippet generator's options (event settings page, docs/contracts/booking-widget.md). */
export type WidgetSnippetOptions = {
  origin: string;
  eventId: number;
  lang: "fr" | "en";
  kind: "script" | "iframe";
  /** Pixels, or null for the container's width; out-of-range values are left out, as the element ignores them. */
  maxWidth: number | null;
  /** A private event's link token (`t`), or null. */
  token: string | null;
};

const FRAME_TITLES = { fr: "Réservation de billets (Guichet)", en: "Ticket booking (Guichet)" } as const;

/** The HTML's attribute values are ours or digits, but a token is escaped anyway. */
const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

export function validMaxWidth(value: number | null): number | null {
  return value !== null && Number.isInteger(value) && value >= 240 && value <= 4000 ? value : null;
}

/** The embed page's address for the iframe snippet and the live preview. */
export function embedPageUrl(options: Pick<WidgetSnippetOptions, "origin" | "eventId" | "lang" | "token">): string {
  const query = new URLSearchParams({ lang: options.lang });
  if (options.token) query.set("t", options.token);
  return `${options.origin}/embed/events/${options.eventId}?${query}`;
}

export function widgetSnippet(options: WidgetSnippetOptions): string {
  const maxWidth = validMaxWidth(options.maxWidth);
  if (options.kind === "iframe") {
    const style = `border:0${maxWidth ? `;max-width:${maxWidth}px` : ""}`;
    return (
      `<iframe src="${attribute(embedPageUrl(options))}" title="${FRAME_TITLES[options.lang]}" ` +
      `loading="lazy" width="100%" height="900" style="${style}"></iframe>`
    );
  }
  const attributes = [
    `event="${options.eventId}"`,
    `lang="${options.lang}"`,
    options.token ? `token="${attribute(options.token)}"` : null,
    maxWidth ? `max-width="${maxWidth}"` : null,
  ].filter(Boolean);
  return [
    `<script src="${options.origin}/widget.js" defer></script>`,
    `<guichet-event ${attributes.join(" ")}></guichet-event>`,
  ].join("\n");
}
