/** Events this isolate has seen, with their organization (an event never changes organization). */
const organizationOfEvent = new Map<number, number>();
const MEMO_LIMIT = 10_000;

/**
 * The organization of an event this isolate has read before, else undefined: what a page's reads sent with the session
 * (decision 0075) are scoped by before the event is read again. A stale entry (an id reused after a deletion) costs
 * nothing but the early read: its organization no longer matches the event, and the page reads again.
 */
export function knownOrganizationOfEvent(eventId: number): number | undefined {
  return organizationOfEvent.get(eventId);
}

export function rememberOrganizationOfEvent(eventId: number, organizationId: number): void {
  if (organizationOfEvent.size >= MEMO_LIMIT && !organizationOfEvent.has(eventId)) organizationOfEvent.clear();
  organizationOfEvent.set(eventId, organizationId);
}
