/**
 * The way back from the checkout for an order booked in the booking widget (docs/contracts/booking-widget.md): the
 * organizer's page that framed it, and the fragment the order comes back with. Shared by the widget's script
 * (app/lib/widget-frame-protocol.ts), the embed pages and the checkout (domain/payments/booking-checkout.ts).
 */

/** The longest host page address the widget hands on as the way back from the checkout. */
export const MAX_RETURN_URL_LENGTH = 2000;

/**
 * The host page's address as the way back after paying (Stripe Checkout runs in the top window): http(s) only, without
 * its fragment (the fragment is where the order comes back), at most 2,000 characters. Null otherwise.
 */
export function returnAddress(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  url.hash = "";
  const address = url.toString();
  return address.length <= MAX_RETURN_URL_LENGTH ? address : null;
}

/** The fragment a paid order comes back to the host page with: `#guichet-order=<event>.<order>.<access token>`. */
export const RETURN_FRAGMENT = "guichet-order";

export function returnedOrderFragment(order: { eventId: number; orderId: number; accessToken: string }): string {
  return `${RETURN_FRAGMENT}=${order.eventId}.${order.orderId}.${encodeURIComponent(order.accessToken)}`;
}
