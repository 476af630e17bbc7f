import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates, events } from "#db/schema";

/**
 * The statement that sets `events.start_at/end_at` to the span of the event's dates that are not cancelled (first
 * start, last end, a date without an end ending at its start), for the same batch as the write that changed them, so
 * the events list, its sorts and "past" read a multi-date event as before (decision 0068). With no such date left the
 * event keeps the span it had.
 */
export function eventSpanUpdate(db: Database, event: { id: number; organizationId: number }, now: Date) {
  const live = and(
    eq(eventDates.eventId, event.id),
    eq(eventDates.organizationId, event.organizationId),
    ne(eventDates.status, "cancelled"),
  );
  return db
    .update(events)
    .set({
      startAt: sql`(select min(${eventDates.startAt}) from ${eventDates} where ${live})`,
      endAt: sql`(select max(coalesce(${eventDates.endAt}, ${eventDates.startAt})) from ${eventDates} where ${live})`,
      updatedAt: now,
    })
    .where(
      and(
        eq(events.id, event.id),
        eq(events.organizationId, event.organizationId),
        sql`exists (select 1 from ${eventDates} where ${live})`,
      ),
    );
}
