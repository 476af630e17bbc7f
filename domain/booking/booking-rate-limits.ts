import type { RateLimitHit } from "../auth/rate-limit";

/**
 * The limits one booking counts against, whether it comes from the public API or the booking page: the buyer's email
 * together with the IP (a box office or a school shares one IP), and the IP alone. Counted in the round trip of the
 * order's reads (`PlaceOrderDeps.rateLimits`): one over its limit refuses the order before any write.
 */
export function bookingRateLimits(buyerEmail: string, ip: string | null): RateLimitHit[] {
  return [
    { name: "bookingPerEmailAndIp", subject: `${buyerEmail}|${ip ?? "-"}` },
    ...(ip ? [{ name: "bookingPerIp" as const, subject: ip }] : []),
  ];
}

/**
 * The counter of promo-code guesses from one IP on one event (`promoCodeGuessesPerIpAndEvent`), or none when the IP is
 * unknown. Every path that tells a buyer whether a code exists counts against it: the booking page's `?promo=`, the
 * promo check and the order. A code that exists gives its hit back, so only guesses fill it.
 */
export function promoCodeGuessLimit(ip: string | null, eventId: number): RateLimitHit | null {
  return ip ? { name: "promoCodeGuessesPerIpAndEvent", subject: `${ip}|${eventId}` } : null;
}
