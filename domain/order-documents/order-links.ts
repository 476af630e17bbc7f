/** The buyer's tickets page (H4's `/orders/:id?token=`), absolute on the configured APP_URL. */
export function orderTicketsUrl(appUrl: string, orderId: number, accessToken: string): string {
  const url = new URL(`/orders/${orderId}`, appUrl);
  url.searchParams.set("token", accessToken);
  return url.toString();
}
