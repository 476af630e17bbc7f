/** The buyer's tickets page (H4's `/orders/:id?token=`), absolute on the configured APP_URL. */
export function orderTicketsUrl(appUrl: string, orderId: number, accessToken: string): string {
  const url = new URL(`/orders/${orderId}`, appUrl);
  url.searchParams.set("token", accessToken);
  return url.toString();
}

/** The PDF of an order's tickets (workers/routes/order-tickets.ts), relative to the site. */
export function orderTicketsPdfPath(orderId: number, accessToken: string): string {
  return `/orders/${orderId}/tickets.pdf?token=${encodeURIComponent(accessToken)}`;
}
