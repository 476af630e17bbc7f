import { asc, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, eventDates, orders, participants, type EventDateStatus } from "#db/schema";
import { inEventScope, type EventTenant } from "./event-access";

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
  return toEventDateChoices(await eventDateChoicesQuery(db, event));
}

/** listEventDateChoices as a query not yet run (for a batch); toEventDateChoices reads its rows. */
export function eventDateChoicesQuery(db: Database, event: EventTenant) {
  return db
    .select({ id: eventDates.id, startAt: eventDates.startAt, status: eventDates.status })
    .from(eventDates)
    .where(inEventScope(eventDates, event))
    .orderBy(asc(eventDates.startAt))
    .limit(DATE_CHOICES_LIMIT);
}

export function toEventDateChoices(rows: { id: number; startAt: Date; status: EventDateStatus }[]): EventDateChoice[] {
  return rows.map((row) => ({ id: row.id, startAt: row.startAt.getTime(), status: row.status }));
}

const passesOn = (dateIds: number[]) =>
  sql`(select ticket_dates.ticket_id from ticket_dates where ticket_dates.date_id in ${dateIds})`;

/**
 * Participants of the dates: theirs, or holders of a pass covering one. A set of ids built from two index ranges
 * (participants_event_date_id_idx for the dates', participants_ticket_date_idx for the passes'), not an OR the
 * planner would answer by reading every participant of the event.
 */
export function participantsOnDates(dateIds: number[], event: { id: number; organizationId: number }): SQL {
  return sql`${participants.id} in (
    select dated.id from participants dated
      where dated.event_id = ${event.id} and dated.organization_id = ${event.organizationId} and dated.date_id in ${dateIds}
    union all
    select passed.id from participants passed
      where passed.ticket_id in ${passesOn(dateIds)} and passed.date_id is null and passed.event_id = ${event.id})`;
}

/**
 * Orders with places on the dates: their date (orders_event_date_created_idx), or a line on one or a pass over one;
 * a set of ids from index ranges, as participantsOnDates.
 */
export function ordersOnDates(eventId: number, dateIds: number[]): SQL {
  return sql`${orders.id} in (
    select dated.id from orders dated where dated.event_id = ${eventId} and dated.date_id in ${dateIds}
    union
    select line.order_id from order_items line where line.event_id = ${eventId} and line.date_id in ${dateIds}
    union
    select pass.order_id from order_items pass
      where pass.ticket_id in ${passesOn(dateIds)} and pass.date_id is null and pass.event_id = ${eventId})`;
}

/** Scans made for the dates (entries_event_date_validated_idx). */
export function entriesOnDates(dateIds: number[]): SQL {
  return inArray(entries.dateId, dateIds);
}
