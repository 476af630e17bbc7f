import { RETURN_FRAGMENT } from "../../domain/public-events/embed-return";

export { returnAddress } from "../../domain/public-events/embed-return";

/**
 * The messages an embed page (/embed/*) posts to the page that frames it, and the checks the widget
 * (app/widget/guichet-event-element.ts) applies before trusting one. Documented in docs/contracts/booking-widget.md.
 */

/** Below this the frame would hide its own content; above it a runaway report would push the host page for ever. */
export const MIN_FRAME_HEIGHT = 120;
export const MAX_FRAME_HEIGHT = 20_000;

export type FrameMessage =
  { type: "resize"; height: number } | { type: "order-completed"; order_id: number; status: "paid" | "manual" };

/** The subset of a MessageEvent the check reads (a plain object in unit tests). */
export type ReceivedMessage = { origin: string; source: unknown; data: unknown };

/** A frame height the widget applies: whole pixels, within the bounds. Null for anything that is not a finite number. */
export function frameHeight(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  return Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, Math.ceil(value)));
}

/**
 * The message when it comes from our own frame: the exact Guichet origin (never a prefix or a pattern), from the
 * window of the widget's own iframe (another Guichet frame on the same page must not resize this one), in the
 * `guichet` envelope. Null otherwise.
 */
export function readFrameMessage(
  message: ReceivedMessage,
  expected: { origin: string; source: unknown },
): FrameMessage | null {
  if (message.origin !== expected.origin || message.source == null || message.source !== expected.source) return null;
  const data = message.data;
  if (typeof data !== "object" || data === null) return null;
  const fields = data as Record<string, unknown>;
  if (fields.source !== "guichet") return null;
  if (fields.type === "resize") {
    const height = frameHeight(fields.height);
    return height === null ? null : { type: "resize", height };
  }
  if (fields.type === "order-completed") {
    const orderId = fields.order_id;
    const status = fields.status;
    if (typeof orderId !== "number" || !Number.isSafeInteger(orderId) || orderId <= 0) return null;
    if (status !== "paid" && status !== "manual") return null;
    return { type: "order-completed", order_id: orderId, status };
  }
  return null;
}

/** The order the host page's fragment brings back for this event, if any. */
export function readReturnedOrder(hash: string, eventId: string): { orderId: string; token: string } | null {
  const match = new RegExp(
    `(?:^#|&)${RETURN_FRAGMENT}=(\\d{1,16})\\.(\\d{1,16})\\.([A-Za-z0-9_~.%-]{1,200})(?:&|$)`,
  ).exec(hash);
  if (!match || match[1] !== eventId) return null;
  return { orderId: match[2]!, token: decodeURIComponent(match[3]!) };
}

/** The embed page's address for an element's attributes: only the known options, encoded. */
export function embedFrameUrl(
  origin: string,
  options: {
    event: string;
    lang?: string | null;
    token?: string | null;
    /** The host page, where a paid order comes back to (returnAddress). */
    returnTo?: string | null;
    /** An order the host page got back from the checkout: the frame shows it (and tells the host once confirmed). */
    returned?: { orderId: string; token: string } | null;
  },
): string | null {
  if (!/^[1-9]\d{0,15}$/.test(options.event)) return null;
  const query = new URLSearchParams();
  if (options.returned) query.set("token", options.returned.token);
  if (options.lang === "fr" || options.lang === "en") query.set("lang", options.lang);
  if (options.returned) {
    query.set("returned", "1");
    return `${origin}/embed/orders/${options.returned.orderId}?${query}`;
  }
  if (options.token) query.set("t", options.token);
  if (options.returnTo) query.set("return", options.returnTo);
  const search = query.toString();
  return `${origin}/embed/events/${options.event}${search ? `?${search}` : ""}`;
}
