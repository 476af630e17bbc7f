/**
 * "Past" is not a stored status (spec §4): an event is past once its end_at is over. Without an end date it never is.
 * The event area shows an archived event as archived rather than past; that choice stays with the caller.
 */
export function isEventPast(event: { endAt: Date | null }, now: Date): boolean {
  return event.endAt !== null && event.endAt.getTime() < now.getTime();
}
