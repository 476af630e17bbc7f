import { and, asc, eq, gte, inArray, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates, ticketDates, tickets } from "#db/schema";
import type { CheckInEvent } from "./check-in-event";

/** How far back and ahead the scanner offers dates: today's door, yesterday's late night, the coming weeks. */
const SCAN_DATES_BACK_MS = 2 * 86_400_000;
const SCAN_DATES_LIMIT = 200;

export type ScanDate = { id: number; startAt: number; endAt: number | null };

export type ScanDates = {
  /** The dates a door can be checked on (not cancelled, ended at most two days ago), first first; empty: one date. */
  dates: ScanDate[];
  /** The date the scanner opens on: the one under way, else the next, else the last. */
  current: number | null;
  /** The passes' dates, ticket by ticket, so a scan offline knows a pass's dates as the server does. */
  passDates: Record<number, number[]>;
};

/**
 * The dates the scanner works on, one at a time (issue 30 §4, docs/decisions/0068-event-dates-and-quotas.md), for an
 * event loaded by loadCheckInEvent (the actor may validate its entries; the reads are scoped to its organization).
 */
export async function listScanDates(db: Database, event: CheckInEvent, now = Date.now()): Promise<ScanDates> {
  const [dateRows, passRows] = await db.batch([
    db
      .select({ id: eventDates.id, startAt: eventDates.startAt, endAt: eventDates.endAt })
      .from(eventDates)
      .where(
        and(
          eq(eventDates.eventId, event.id),
          eq(eventDates.organizationId, event.organizationId),
          ne(eventDates.status, "cancelled"),
          gte(eventDates.startAt, new Date(now - SCAN_DATES_BACK_MS - 86_400_000)),
        ),
      )
      .orderBy(asc(eventDates.startAt))
      .limit(SCAN_DATES_LIMIT),
    db
      .select({ ticketId: ticketDates.ticketId, dateId: ticketDates.dateId })
      .from(ticketDates)
      .where(
        inArray(
          ticketDates.ticketId,
          db
            .select({ id: tickets.id })
            .from(tickets)
            .where(and(eq(tickets.eventId, event.id), eq(tickets.organizationId, event.organizationId))),
        ),
      ),
  ]);
  const dates = dateRows
    .map((row) => ({ id: row.id, startAt: row.startAt.getTime(), endAt: row.endAt?.getTime() ?? null }))
    .filter((date) => (date.endAt ?? date.startAt + 86_400_000) >= now - SCAN_DATES_BACK_MS);
  const underWay = dates.find(
    (date) => date.startAt - 6 * 3_600_000 <= now && now < (date.endAt ?? date.startAt + 6 * 3_600_000),
  );
  const next = dates.find((date) => date.startAt > now);
  const passDates: Record<number, number[]> = {};
  for (const row of passRows) (passDates[row.ticketId] ??= []).push(row.dateId);
  return { dates, current: (underWay ?? next ?? dates.at(-1))?.id ?? null, passDates };
}
