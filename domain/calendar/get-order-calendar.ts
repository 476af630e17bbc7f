import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, orders, participants } from "#db/schema";
import { distinctDates, parseTicketDates, participantDatesColumn, type TicketDate } from "../event-dates/order-dates";
import { orderTicketsUrl } from "../order-documents/order-links";
import { countsAsSale } from "../orders/order-status";
import { notFound } from "../shared/app-error";
import { constantTimeEqual } from "../shared/crypto";
import {
  calendarColumns,
  calendarEventOf,
  calendarFileOf,
  calendarLinksOf,
  calendarSourceOnDate,
  type CalendarFile,
  type CalendarSource,
} from "./calendar-source";
import type { CalendarLinks } from "./calendar-links";

/** `/orders/:id/calendar.ics?token=…` on the site's address: the buyer's calendar file. */
export function orderCalendarUrl(siteUrl: string, orderId: number, accessToken: string): string {
  const url = new URL(`/orders/${orderId}/calendar.ics`, siteUrl);
  url.searchParams.set("token", accessToken);
  return url.toString();
}

/** The buyer's calendar entry: it links to the order page, whose address carries the order's access token. */
function orderCalendarEvent(
  source: CalendarSource,
  order: { id: number; accessToken: string },
  siteUrl: string,
  now: Date,
) {
  return calendarEventOf(source, { siteUrl, url: orderTicketsUrl(siteUrl, order.id, order.accessToken), now });
}

/**
 * The `.ics` file of the event an order is for, for whoever holds the order's access token (the buyer's link, as the
 * PDF tickets). Served for confirmed orders (paid, or entered by hand) of an event with a start date; a wrong token,
 * another order or an event without a date is not found. Its UID and SEQUENCE follow the event, so the entry a
 * calendar imported moves when the event does.
 */
export async function getOrderCalendar(
  db: Database,
  input: { orderId: number; token: string; siteUrl: string; now?: Date },
): Promise<CalendarFile> {
  // One table per read: inside a D1 batch, a join's same-named columns (id, status…) collapse into one.
  const [orderRows, eventRows, dateRows] = await db.batch([
    db
      .select({ id: orders.id, status: orders.status, accessToken: orders.accessToken })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .limit(1),
    db
      .select(calendarColumns)
      .from(events)
      .where(
        sql`(${events.id}, ${events.organizationId}) = (select event_id, organization_id from orders where id = ${input.orderId})`,
      )
      .limit(1),
    // On a multi-date event, the dates its tickets are for (decision 0068); none on a single-date event.
    db
      .select({ dates: participantDatesColumn() })
      .from(participants)
      .where(and(eq(participants.orderId, input.orderId), eq(participants.ticketType, "ticket"))),
  ]);
  const order = orderRows[0];
  const event = eventRows[0];
  const row = order && event ? { order, event } : undefined;
  if (!row || !input.token || !constantTimeEqual(input.token, row.order.accessToken)) throw notFound();
  if (!countsAsSale(row.order.status)) throw notFound();
  const now = input.now ?? new Date();
  const dates = distinctDates(dateRows.map((dateRow) => parseTicketDates(dateRow.dates)));
  const sources = dates.length > 0 ? dates.map((date) => calendarSourceOnDate(row.event, date)) : [row.event];
  const entries = sources.flatMap((source) => orderCalendarEvent(source, row.order, input.siteUrl, now) ?? []);
  if (entries.length === 0) throw notFound();
  return calendarFileOf(row.event, entries);
}

/**
 * The calendar source of an order's "add to calendar" links: the event, or on a multi-date event its first date the
 * order's tickets are for (Google's and Outlook's pages take one entry; the `.ics` file holds them all).
 */
export function orderCalendarSource<T extends Omit<CalendarSource, "calendarSequence">>(
  source: T,
  dates: TicketDate[],
): T {
  const first = dates[0];
  return first ? calendarSourceOnDate(source, first) : source;
}

/**
 * The order's "add to calendar" links (the `.ics` address, Google's and Outlook's pages) from the event as the order
 * page or the confirmation email read it; null when the event has no start date.
 */
export function orderCalendarLinks(
  source: Omit<CalendarSource, "calendarSequence">,
  order: { id: number; accessToken: string },
  siteUrl: string,
  now = new Date(),
): CalendarLinks | null {
  // The links carry no SEQUENCE: Google's and Outlook's pages add a new entry each time.
  const entry = orderCalendarEvent({ ...source, calendarSequence: 0 }, order, siteUrl, now);
  return entry ? calendarLinksOf(entry, orderCalendarUrl(siteUrl, order.id, order.accessToken)) : null;
}
