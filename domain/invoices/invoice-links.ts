/** The buyer's link to the order's invoice (`/orders/:id/invoice.pdf?token=`), absolute on the configured APP_URL. */
export function orderInvoiceUrl(appUrl: string, orderId: number, accessToken: string): string {
  const url = new URL(`/orders/${orderId}/invoice.pdf`, appUrl);
  url.searchParams.set("token", accessToken);
  return url.toString();
}
