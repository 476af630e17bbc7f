/**
 * Where a promo code stands at an instant: the one rule behind the booking's "not started"/"expired" errors and the
 * organizer's list badges (issue 25 §6: an expired code looked like any other).
 */
export type PromoCodeState = "active" | "scheduled" | "expired" | "used-up";

type Instant = Date | number | null;
const toMs = (value: Instant) => (value === null ? null : typeof value === "number" ? value : value.getTime());

/** Only the validity window: a code is usable from its start (included) to its end (excluded). */
export function promoCodeWindowState(
  startAt: Instant,
  endAt: Instant,
  now: number,
): "active" | "scheduled" | "expired" {
  const start = toMs(startAt);
  const end = toMs(endAt);
  if (start !== null && now < start) return "scheduled";
  if (end !== null && now >= end) return "expired";
  return "active";
}

/** The window, then the confirmed uses against the maximum (-1: unlimited). */
export function promoCodeState(
  code: { startAt: Instant; endAt: Instant; maxUses: number; useCount: number },
  now: number,
): PromoCodeState {
  const window = promoCodeWindowState(code.startAt, code.endAt, now);
  if (window !== "active") return window;
  return code.maxUses !== -1 && code.useCount >= code.maxUses ? "used-up" : "active";
}
