import { and, asc, count, desc, eq, or, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, participants } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { entriesOnDates } from "../events/event-date-filters";
import type { Actor } from "../shared/actor";

export const entrySortIds = ["validated_at", "id"] as const;
export type EntrySortId = (typeof entrySortIds)[number];
export const entryDirections = ["in", "out"] as const;
export type EntryDirection = (typeof entryDirections)[number];

export type EntryFilters = {
  /** A ticket number: the participant ticket's id (printed on the ticket) or the ticket type's id. */
  ticketId?: number | null;
  directions?: EntryDirection[];
  /** Dates of a multi-date event (decision 0068): the scans made for them. */
  dateIds?: number[];
};

export type EntryRow = {
  id: number;
  isIn: boolean;
  validatedAt: number;
  participantId: number;
  ticketId: number;
  firstName: string;
  lastName: string;
  ticketTitle: string;
  /** The date the scan was for, on a multi-date event. */
  dateId: number | null;
};

/** A ticket number typed in the search box: digits, optionally after '#'. */
export function parseTicketSearch(search: string): number | null {
  const match = /^#?\s*(\d{1,15})$/.exec(search.trim());
  return match ? Number(match[1]) : null;
}

export function entriesWhere(event: { id: number; organizationId: number }, filters: EntryFilters): SQL {
  const conditions: (SQL | undefined)[] = [inEventScope(entries, event)];
  if (filters.ticketId !== undefined) {
    // A search that is not a number matches nothing (id 0 never exists).
    const id = filters.ticketId ?? 0;
    conditions.push(or(eq(entries.participantId, id), eq(entries.ticketId, id)));
  }
  if (filters.directions?.length === 1) conditions.push(eq(entries.isIn, filters.directions[0] === "in"));
  if (filters.dateIds?.length) conditions.push(entriesOnDates(filters.dateIds));
  return and(...conditions)!;
}

/** An entry's columns with its participant's name and ticket, for every list of them. */
export const entryRowColumns = {
  id: entries.id,
  isIn: entries.isIn,
  validatedAt: entries.validatedAt,
  participantId: entries.participantId,
  ticketId: entries.ticketId,
  firstName: participants.firstName,
  lastName: participants.lastName,
  ticketTitle: participants.ticketTitle,
  dateId: entries.dateId,
};

/** Entries of an event already authorized, newest first by default (the page and the API share it). */
async function readEntries(
  db: Database,
  event: { id: number; organizationId: number },
  input: EntryFilters & { offset: number; limit: number; sort?: { id: EntrySortId; desc: boolean } | null },
): Promise<{ rows: EntryRow[]; total: number }> {
  const sort = input.sort ?? { id: "validated_at", desc: true };
  const direction = sort.desc ? desc : asc;
  const where = entriesWhere(event, input);
  const [rows, [total]] = await Promise.all([
    db
      .select(entryRowColumns)
      .from(entries)
      .innerJoin(participants, eq(participants.id, entries.participantId))
      .where(where)
      .orderBy(...(sort.id === "validated_at" ? [direction(entries.validatedAt)] : []), direction(entries.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(entries).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, validatedAt: row.validatedAt.getTime() })),
    total: total?.total ?? 0,
  };
}

/** The entries table of an event (spec §2): every scan in or out. */
export async function listEntries(
  db: Database,
  actor: Actor,
  input: EntryFilters & {
    eventId: number;
    offset: number;
    limit: number;
    sort?: { id: EntrySortId; desc: boolean } | null;
  },
): Promise<{ rows: EntryRow[]; total: number; timezone: string }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const page = await readEntries(db, event, input);
  return { ...page, timezone: event.timezone };
}
