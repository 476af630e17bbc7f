import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates, ticketDates } from "#db/schema";
import { heldOnDateSql } from "../booking/held-places";
import { zonedDayKey, zonedStartOfDay } from "../events/event-time-zone";
import { parseId } from "../shared/ids";
import type { PublicEvent, PublicTicket } from "../public-events/get-public-event";

/** Dates one page lists at most: a month of half-hour slots can hold hundreds. */
export const PUBLIC_DATES_PAGE_SIZE = 60;
/** Upcoming dates whose months are listed at most (issue 30 §5 names 500 dates per event). */
const MONTHS_READ_LIMIT = 5000;
/** Places left below which (or below 10 % of the date's capacity) the page says « Plus que N places ». */
const FEW_PLACES = 10;

export type PublicDateAvailability = "on_sale" | "sold_out";

/** One upcoming date as the public page and the public API show it (decision 0068). */
export type PublicEventDate = {
  id: number;
  startAt: Date;
  endAt: Date | null;
  /** The place when it differs from the event's; null: the event's. */
  addressName: string | null;
  addressLabel: string | null;
  /** Sold out: closed by the organizer, or every place sold or held by an unpaid order. */
  availability: PublicDateAvailability;
  /** Places left when few are (≤ 10, or ≤ 10 % of the capacity) and the date is on sale; null otherwise. */
  fewPlacesLeft: number | null;
  /** Places left (capacity less sold and held); null without a capacity of its own. Caps a per-date ticket's choice. */
  placesLeft: number | null;
};

/** A month of the event's time zone that has upcoming dates ("2027-03"), with how many. */
export type PublicDatesMonth = { month: string; count: number };

export type PublicDates = {
  months: PublicDatesMonth[];
  /** The month shown (the asked one, the chosen date's, else the first with dates); null when no date is upcoming. */
  month: string | null;
  page: number;
  hasMore: boolean;
  dates: PublicEventDate[];
  /** The date the buyer picked (`?date=`), when it is upcoming and not cancelled. */
  selected: PublicEventDate | null;
  /** The dates each pass is valid on (upcoming or not, cancelled left out), by ticket id. */
  passDates: Record<number, PublicEventDate[]>;
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "YYYY-MM" when the text is one, else null. */
export function parseMonth(value: string | null | undefined): string | null {
  return value && MONTH.test(value) ? value : null;
}

function nextMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, "0")}`;
}

/** The UTC instants a month of the zone starts and ends at. */
export function monthBounds(month: string, timeZone: string): { from: Date; to: Date } {
  return { from: zonedStartOfDay(`${month}-01`, timeZone), to: zonedStartOfDay(`${nextMonth(month)}-01`, timeZone) };
}

type DateRow = {
  id: number;
  startAt: Date;
  endAt: Date | null;
  addressName: string | null;
  addressLabel: string | null;
  status: string;
  capacity: number;
  sold: number;
  held: number;
};

function dateColumns(eventId: number, at: number) {
  return {
    id: eventDates.id,
    startAt: eventDates.startAt,
    endAt: eventDates.endAt,
    addressName: eventDates.addressName,
    addressLabel: eventDates.addressLabel,
    status: eventDates.status,
    capacity: eventDates.capacity,
    sold: eventDates.sold,
    held: heldOnDateSql(eventId, sql.raw("event_dates.id"), at).mapWith(Number).as("held_on_date"),
  };
}

/**
 * What the booking page needs of a multi-date event's dates: the picked date (upcoming, not cancelled) and each pass's
 * dates, with their availability; no months. One round trip.
 */
export async function getChosenDates(
  db: Database,
  event: { id: number },
  input: { dateId: number | null; passTicketIds: number[] },
  now = new Date(),
): Promise<Pick<PublicDates, "selected" | "passDates">> {
  const at = now.getTime();
  const [selectedRows, passRows] = await db.batch([
    selectedDateQuery(db, event.id, input.dateId, now),
    passDatesQuery(db, event.id, input.passTicketIds, at),
  ]);
  return { selected: selectedRows[0] ? toPublicDate(selectedRows[0]) : null, passDates: groupPassDates(passRows) };
}

function upcomingOf(eventId: number, now: Date) {
  return and(eq(eventDates.eventId, eventId), ne(eventDates.status, "cancelled"), gt(eventDates.startAt, now));
}

function selectedDateQuery(db: Database, eventId: number, dateId: number | null, now: Date) {
  const id = dateId !== null && Number.isSafeInteger(dateId) && dateId > 0 ? dateId : 0;
  return db
    .select(dateColumns(eventId, now.getTime()))
    .from(eventDates)
    .where(and(upcomingOf(eventId, now), eq(eventDates.id, id)))
    .limit(1);
}

function passDatesQuery(db: Database, eventId: number, passTicketIds: number[], at: number) {
  return db
    .select({ ticketId: ticketDates.ticketId, ...dateColumns(eventId, at) })
    .from(ticketDates)
    .innerJoin(eventDates, eq(eventDates.id, ticketDates.dateId))
    .where(
      and(
        inArray(ticketDates.ticketId, passTicketIds.length > 0 ? passTicketIds : [0]),
        eq(eventDates.eventId, eventId),
        ne(eventDates.status, "cancelled"),
      ),
    )
    .orderBy(asc(eventDates.startAt))
    .limit(2000);
}

function groupPassDates(rows: (DateRow & { ticketId: number })[]): Record<number, PublicEventDate[]> {
  const passDates: Record<number, PublicEventDate[]> = {};
  for (const row of rows) (passDates[row.ticketId] ??= []).push(toPublicDate(row));
  return passDates;
}

/** Availability of a date: its status, then its capacity against what is sold and held. */
export function toPublicDate(row: DateRow): PublicEventDate {
  const left = row.capacity === -1 ? null : Math.max(0, row.capacity - row.sold - Number(row.held));
  const soldOut = row.status !== "on_sale" || left === 0;
  const few = !soldOut && left !== null && (left <= FEW_PLACES || left * 10 <= row.capacity);
  return {
    id: row.id,
    startAt: row.startAt,
    endAt: row.endAt,
    addressName: row.addressName || null,
    addressLabel: row.addressLabel || null,
    availability: soldOut ? "sold_out" : "on_sale",
    fewPlacesLeft: few ? left : null,
    placesLeft: left,
  };
}

/**
 * The upcoming dates of a multi-date event for its public page and API (issue 30 §3): the months that have dates,
 * one month's dates a page at a time with their availability, the picked date, and each pass's dates. Anonymous, like
 * getPublicEvent, which has already checked the event may be shown. One round trip.
 */
export async function getPublicDates(
  db: Database,
  event: { id: number; timezone: string },
  input: { month?: string | null; page?: number; dateId?: number | null; passTicketIds: number[] },
  now = new Date(),
): Promise<PublicDates> {
  const at = now.getTime();
  const upcoming = upcomingOf(event.id, now);
  const [startRows, selectedRows, passRows] = await db.batch([
    // Only the starts, on event_dates_event_start_idx: months are the zone's, which SQLite cannot compute.
    db
      .select({ startAt: eventDates.startAt })
      .from(eventDates)
      .where(upcoming)
      .orderBy(asc(eventDates.startAt))
      .limit(MONTHS_READ_LIMIT),
    selectedDateQuery(db, event.id, input.dateId ?? null, now),
    passDatesQuery(db, event.id, input.passTicketIds, at),
  ]);

  const counts = new Map<string, number>();
  for (const row of startRows) {
    const month = zonedDayKey(row.startAt, event.timezone).slice(0, 7);
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  const months = [...counts].map(([month, count]) => ({ month, count }));
  const selected = selectedRows[0] ? toPublicDate(selectedRows[0]) : null;
  const month =
    parseMonth(input.month) ??
    (selected ? zonedDayKey(selected.startAt, event.timezone).slice(0, 7) : (months[0]?.month ?? null));
  const page = input.page && Number.isSafeInteger(input.page) && input.page > 1 ? Math.min(input.page, 1000) : 1;

  let dates: PublicEventDate[] = [];
  let hasMore = false;
  if (month && counts.has(month)) {
    const { from, to } = monthBounds(month, event.timezone);
    const rows = await db
      .select(dateColumns(event.id, at))
      .from(eventDates)
      .where(and(upcoming, gte(eventDates.startAt, from), lt(eventDates.startAt, to)))
      .orderBy(asc(eventDates.startAt), asc(eventDates.id))
      .limit(PUBLIC_DATES_PAGE_SIZE + 1)
      .offset((page - 1) * PUBLIC_DATES_PAGE_SIZE);
    hasMore = rows.length > PUBLIC_DATES_PAGE_SIZE;
    dates = rows.slice(0, PUBLIC_DATES_PAGE_SIZE).map(toPublicDate);
  }

  return { months, month, page, hasMore, dates, selected, passDates: groupPassDates(passRows) };
}

/**
 * A public event as its page and the booking widget show it (issue 30 §3): for a multi-date event, its dates for
 * the month, page and picked date the address names, and its tickets as that date leaves them; unchanged otherwise.
 */
export async function withPublicDates(
  db: Database,
  event: PublicEvent,
  params: URLSearchParams,
): Promise<{ event: PublicEvent; dates: PublicDates | null }> {
  if (!event.multiDate) return { event, dates: null };
  const dates = await getPublicDates(db, event, {
    month: parseMonth(params.get("month")),
    page: Number(params.get("page") ?? 1) || 1,
    dateId: parseId(params.get("date")),
    passTicketIds: event.tickets.filter((ticket) => ticket.pass).map((ticket) => ticket.id),
  });
  return { event: { ...event, tickets: ticketsOnDates(event.tickets, dates) }, dates };
}

const SOLD_OUT = { status: "sold_out", explanation: null, color: "gray" } as const;

/**
 * The tickets of a multi-date event as the picked date leaves them: a per-date ticket is sold out when the date is,
 * and offers no more than the date has left; a pass is sold out when one of its dates is (the booking needs room on
 * each). Without a picked date, per-date tickets are as they are (the page asks for a date before offering them).
 */
export function ticketsOnDates<T extends PublicTicket>(
  tickets: T[],
  dates: Pick<PublicDates, "selected" | "passDates">,
): T[] {
  return tickets.map((ticket) => {
    const on = ticket.pass ? (dates.passDates[ticket.id] ?? []) : dates.selected ? [dates.selected] : [];
    if (on.length === 0 || ticket.sale.status !== "on_sale") return ticket;
    if (on.some((date) => date.availability === "sold_out")) return { ...ticket, sale: SOLD_OUT, remaining: null };
    const lefts = on.map((date) => date.placesLeft).filter((left): left is number => left !== null);
    if (lefts.length === 0 || ticket.remaining === null) return ticket;
    return { ...ticket, remaining: Math.min(ticket.remaining, ...lefts) };
  });
}

/** The lines of a multi-date event's order: each per-date line carries the picked date, a pass line none. */
export function linesWithDate<T extends { ticketId: number }>(
  items: T[],
  event: Pick<PublicEvent, "multiDate" | "tickets">,
  dateId: number | null,
): (T & { dateId?: number })[] {
  if (!event.multiDate || dateId === null) return items;
  return items.map((item) =>
    event.tickets.find((ticket) => ticket.id === item.ticketId)?.pass ? item : { ...item, dateId },
  );
}

/** Whether the chosen lines need a date: a per-date ticket (not a pass, not an add-on alone) of a multi-date event. */
export function needsDate(items: { ticketId: number }[], event: Pick<PublicEvent, "multiDate" | "tickets">): boolean {
  if (!event.multiDate) return false;
  return items.some((item) => {
    const ticket = event.tickets.find((candidate) => candidate.id === item.ticketId);
    return ticket !== undefined && !ticket.pass;
  });
}
