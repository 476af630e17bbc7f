import { asc, and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, eventDates, orders, participants, type EventDateStatus } from "#db/schema";

/*
 * The date filter of the participants, orders and entries tables (issue 30 §4, decision 0068). A pass is on every
 * date it covers: its participants and orders have no date of their own.
 */

/** Most dates a filter or a column can name; an event has at most 1,000. */
export const DATE_CHOICES_LIMIT = 1000;

export type EventDateChoice = { id: number; startAt: number; status: EventDateStatus };

/** The event's dates, first first, for a table's date filter and column: empty for a single-date event. */
export async function listEventDateChoices(
  db: Database,
  event: { id: number; organizationId: number },
): Promise<EventDateChoice[]> {
  const rows = await db
    .select({ id: eventDates.id, startAt: eventDates.startAt, status: eventDates.status })
    .from(eventDates)
    .where(and(eq(eventDates.eventId, event.id), eq(eventDates.organizationId, event.organizationId)))
    .orderBy(asc(eventDates.startAt))
    .limit(DATE_CHOICES_LIMIT);
  return rows.map((row) => ({ id: row.id, startAt: row.startAt.getTime(), status: row.status }));
}

const passesOn = (dateIds: number[]) =>
  sql`(select ticket_dates.ticket_id from ticket_dates where ticket_dates.date_id in ${dateIds})`;

/** Participants of the dates: theirs (participants_event_date_id_idx), or holders of a pass covering one. */
export function participantsOnDates(dateIds: number[]): SQL {
  return or(
    inArray(participants.dateId, dateIds),
    sql`(${participants.dateId} is null and ${participants.ticketId} in ${passesOn(dateIds)})`,
  )!;
}

/** Orders with places on the dates: their date (orders_event_date_created_idx), or a line on one or a pass over one. */
export function ordersOnDates(eventId: number, dateIds: number[]): SQL {
  return or(
    inArray(orders.dateId, dateIds),
    sql`${orders.id} in (select order_items.order_id from order_items where order_items.event_id = ${eventId}
      and (order_items.date_id in ${dateIds} or (order_items.date_id is null and order_items.ticket_id in ${passesOn(dateIds)})))`,
  )!;
}

/** Scans made for the dates (entries_event_date_validated_idx). */
export function entriesOnDates(dateIds: number[]): SQL {
  return inArray(entries.dateId, dateIds);
}
