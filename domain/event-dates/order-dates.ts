import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { participants } from "#db/schema";
import { formatDateRange } from "../shared/format";

/** A date a sold ticket is for (decision 0068), as the order page, the PDF, the emails and the `.ics` name it. */
export type TicketDate = {
  id: number;
  startAt: Date;
  endAt: Date | null;
  /** The date's own place, when it differs from the event's; null: the event's. */
  addressName: string | null;
  addressLabel: string | null;
};

/**
 * The dates of the current row of a select from `participants`, as JSON text: its date (`participants.date_id`), or
 * a pass's dates (no date_id: the dates of its ticket, cancelled ones left out), in start order; `[]` on a single-date
 * event. Correlated, so it rides on the reads that already load an order's participants (one D1 batch) without a
 * statement of its own; aliased, as a D1 batch knows result columns by name. Read it with `parseTicketDates`.
 */
export function participantDatesColumn() {
  return sql<
    string | null
  >`(select json_group_array(json_object('i', d.id, 's', d.start_at, 'e', d.end_at, 'n', d.address_name, 'l', d.address_label)) from (
    select ed.id, ed.start_at, ed.end_at, ed.address_name, ed.address_label from event_dates ed
    where (participants.date_id is not null and ed.id = participants.date_id)
       or (participants.date_id is null and ed.status != 'cancelled'
           and ed.id in (select td.date_id from ticket_dates td where td.ticket_id = participants.ticket_id))
    order by ed.start_at, ed.id
  ) d)`.as("participant_dates");
}

/** The dates `participantDatesColumn` read. */
export function parseTicketDates(text: string | null): TicketDate[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: { i?: unknown; s?: unknown; e?: unknown; n?: unknown; l?: unknown }) =>
      typeof entry?.i === "number" && typeof entry.s === "number"
        ? [
            {
              id: entry.i,
              startAt: new Date(entry.s),
              endAt: typeof entry.e === "number" ? new Date(entry.e) : null,
              addressName: typeof entry.n === "string" && entry.n ? entry.n : null,
              addressLabel: typeof entry.l === "string" && entry.l ? entry.l : null,
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

/** Dates named at most in one line of text; a season pass's others are counted ("+ 14"). */
const DATES_NAMED = 6;

/** The distinct dates of some tickets, in start order. */
export function distinctDates(lists: TicketDate[][]): TicketDate[] {
  const byId = new Map<number, TicketDate>();
  for (const list of lists) for (const date of list) byId.set(date.id, date);
  return [...byId.values()].sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id);
}

/**
 * Dates as one line in the event's time zone ("ven. 12 mars 2027, 20:00 – 22:30 · sam. 13 mars 2027, 20:00"), the
 * first six then "+ N"; "" for none.
 */
export function formatTicketDates(dates: TicketDate[], locale: string, timeZone: string): string {
  const named = dates
    .slice(0, DATES_NAMED)
    .map((date) => formatDateRange(date.startAt, date.endAt, locale, timeZone))
    .join(" · ");
  return dates.length > DATES_NAMED ? `${named} · + ${dates.length - DATES_NAMED}` : named;
}

/** A date's own place ("Salle Rameau, 2 rue …"), or null when it is at the event's. */
export function datePlaceText(date: Pick<TicketDate, "addressName" | "addressLabel">): string | null {
  return [date.addressName, date.addressLabel].filter((part) => part && part.trim()).join(", ") || null;
}

/**
 * The dates of an order's participants (tickets and add-ons with a row), by participant id: each ticket's date, or a
 * pass's dates. Empty lists on a single-date event. `orderId` is the caller's, already checked (its token).
 */
export async function getOrderTicketDates(db: Database, orderId: number): Promise<Map<number, TicketDate[]>> {
  const rows = await db
    .select({ id: participants.id, dates: participantDatesColumn() })
    .from(participants)
    .where(eq(participants.orderId, orderId));
  return new Map(rows.map((row) => [row.id, parseTicketDates(row.dates)]));
}
