/** The booking page of a public event: the ticket choice of the event page is sent there (GET, `q<ticketId>=n`). */
export function bookingPagePath(event: { id: number; slug: string }): string {
  return `/events/${event.id}/${encodeURIComponent(event.slug)}/book`;
}

/** Issue 28 §3: the page to join a sold-out ticket's waiting list, with the private link's `t` when there is one. */
export function waitingListJoinPath(
  event: { id: number; slug: string },
  ticketId: number,
  privateHash?: string | null,
): string {
  const query = new URLSearchParams({ ticket: String(ticketId), ...(privateHash ? { t: privateHash } : {}) });
  return `/events/${event.id}/${encodeURIComponent(event.slug)}/waiting-list?${query}`;
}

/** The public event page, with the private link's `t` when there is one. */
export function eventPagePath(event: { id: number; slug: string }, privateHash?: string | null): string {
  const query = privateHash ? `?${new URLSearchParams({ t: privateHash })}` : "";
  return `/events/${event.id}/${encodeURIComponent(event.slug)}${query}`;
}

/** The PDF of an order's tickets (H5: docs/contracts/order-documents.md). */
export function orderTicketsPdfHref(orderId: number, accessToken: string): string {
  return `/orders/${orderId}/tickets.pdf?token=${encodeURIComponent(accessToken)}`;
}
