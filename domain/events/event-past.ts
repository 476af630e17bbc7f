import { and, gte, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { events, type EventStatus } from "#db/schema";

/*
 * The one home of the "past event" rule, its JS form beside its SQL twin (event-past.test.ts runs both on the same
 * rows). "Past" is not a stored status (spec §4): an event is past once its end_at is over; without an end date it never
 * is. An archived event shows as archived rather than past.
 */

export function isEventPast(event: { endAt: Date | null }, now: Date): boolean {
  return event.endAt !== null && event.endAt.getTime() < now.getTime();
}

/** SQL twin of `isEventPast` on `events` in the query. */
export function eventPastSql(now: Date): SQL {
  return and(isNotNull(events.endAt), lt(events.endAt, now))!;
}

/** SQL: the event (`events` in the query) is not past. */
export function eventNotPastSql(now: Date): SQL {
  return or(isNull(events.endAt), gte(events.endAt, now))!;
}

export type EventDisplayStatus = EventStatus | "past";

/** The status shown for an event: archived stays archived, an event whose end is behind us is past. */
export function eventDisplayStatus(event: { status: EventStatus; endAt: Date | null }, now: Date): EventDisplayStatus {
  if (event.status === "archived") return "archived";
  if (isEventPast(event, now)) return "past";
  return event.status;
}

/** SQL twin of `eventDisplayStatus`. */
export function eventDisplayStatusSql(now: Date): SQL<EventDisplayStatus> {
  return sql<EventDisplayStatus>`case when ${events.status} = 'archived' then 'archived' when ${eventPastSql(now)} then 'past' else ${events.status} end`;
}
