import { sql } from "drizzle-orm";
import { heldOnDateSql } from "../booking/held-places";
import { eventDates, type EventDateStatus } from "#db/schema";

/** A date of an event as the dates page and API show it: its own fields, then what is sold, held and left. */
export type EventDateItem = {
  id: number;
  eventId: number;
  startAt: Date;
  endAt: Date | null;
  /** NULL: the event's own place. */
  addressLabel: string | null;
  addressName: string | null;
  status: EventDateStatus;
  /** -1: no limit of its own. */
  capacity: number;
  sold: number;
  /** Places in checkouts not yet paid (unexpired holds of tickets on this date). */
  held: number;
  /** null without a capacity; never below zero. */
  remaining: number | null;
};

/** The columns every date read selects, the live holds counted beside them (one index lookup per date). */
export function eventDateColumns(now: Date) {
  return {
    id: eventDates.id,
    eventId: eventDates.eventId,
    startAt: eventDates.startAt,
    endAt: eventDates.endAt,
    addressLabel: eventDates.addressLabel,
    addressName: eventDates.addressName,
    status: eventDates.status,
    capacity: eventDates.capacity,
    sold: eventDates.sold,
    // As the booking counts them: the date's lines and those of passes covering it.
    held: heldOnDateSql(sql.raw("event_dates.event_id"), sql.raw("event_dates.id"), now.getTime()).mapWith(Number),
  };
}

export function withRemaining(row: Omit<EventDateItem, "remaining">): EventDateItem {
  return {
    ...row,
    remaining: row.capacity < 0 ? null : Math.max(0, row.capacity - row.sold - row.held),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The API's JSON of a date (snake_case, ISO 8601 instants like the events' `start_at`). */
export function eventDateToJson(date: EventDateItem) {
  return {
    id: date.id,
    event_id: date.eventId,
    start_at: iso(date.startAt),
    end_at: iso(date.endAt),
    address_label: date.addressLabel,
    address_name: date.addressName,
    status: date.status,
    capacity: date.capacity,
    sold: date.sold,
    held: date.held,
    remaining: date.remaining,
  };
}
