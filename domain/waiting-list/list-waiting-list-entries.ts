import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { tickets, waitingListEntries, type WaitingListStatus } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { EventRow } from "../events/event-record";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { escapeLike } from "../shared/sql";
import { ENTRY_ROW, OPEN_WAITING_LIST_STATUSES, waitingListPositionSql } from "./waiting-list-position";

import type { WaitingListSortId } from "./waiting-list-sort";

export type WaitingListEntryRow = {
  id: number;
  /** Place in its ticket's line while open (waiting or offered), else null. */
  position: number | null;
  firstName: string;
  lastName: string;
  email: string;
  ticketId: number;
  ticketTitle: string;
  quantity: number;
  status: WaitingListStatus;
  /** Places held by the offer, while offered. */
  offeredQuantity: number;
  /** Epoch ms the offer runs out, while offered. */
  offerExpiresAt: number | null;
  createdAt: number;
};

/** A ticket (not an add-on, not deleted) and its list: the page's per-ticket switch. */
export type WaitingListTicket = { id: number; title: string; waitingList: boolean; open: number };

const sortColumns: Record<WaitingListSortId, (AnySQLiteColumn | SQL)[]> = {
  // The line order: each ticket's line, in the order people joined.
  position: [waitingListEntries.ticketId, waitingListEntries.id],
  name: [waitingListEntries.lastName, waitingListEntries.firstName],
  quantity: [waitingListEntries.quantity],
  created_at: [waitingListEntries.createdAt],
  status: [waitingListEntries.status],
};

function entriesWhere(
  event: { id: number; organizationId: number },
  filters: { search?: string; statuses?: readonly WaitingListStatus[] },
): SQL {
  const conditions: SQL[] = [inEventScope(waitingListEntries, event)];
  const search = (filters.search ?? "").trim().toLowerCase();
  if (search) {
    const prefix = `${escapeLike(search)}%`;
    conditions.push(
      or(
        sql`${waitingListEntries.email} like ${prefix} escape '\\'`,
        sql`lower(${waitingListEntries.firstName}) like ${prefix} escape '\\'`,
        sql`lower(${waitingListEntries.lastName}) like ${prefix} escape '\\'`,
        sql`lower(${waitingListEntries.firstName} || ' ' || ${waitingListEntries.lastName}) like ${prefix} escape '\\'`,
      )!,
    );
  }
  if (filters.statuses?.length) conditions.push(inArray(waitingListEntries.status, [...filters.statuses]));
  return and(...conditions)!;
}

/**
 * The organizer's waiting-list page (issue 28 §3): one page of an event's entries, every ticket's together, sorted and
 * searched (name or email prefix) in SQL, with the total, the event's tickets and their lists, and whether the actor
 * may remove people. Sales data: event:view-sales (validators and other organizations get a 404). The page's own read;
 * the API's `list-waiting-list.ts` answers the same rows to programs.
 */
export async function listWaitingListEntries(
  db: Database,
  actor: Actor,
  input: {
    eventId: number;
    offset: number;
    limit: number;
    sort: { id: WaitingListSortId; desc: boolean } | null;
    search?: string;
    statuses?: readonly WaitingListStatus[];
  },
): Promise<{
  rows: WaitingListEntryRow[];
  total: number;
  timezone: string;
  canManage: boolean;
  canUpdateTickets: boolean;
  tickets: WaitingListTicket[];
}> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const sort = input.sort ?? { id: "position", desc: false };
  const direction = sort.desc ? desc : asc;
  const where = entriesWhere(event, input);
  const [rows, [total], ticketRows] = await Promise.all([
    db
      .select({
        id: waitingListEntries.id,
        firstName: waitingListEntries.firstName,
        lastName: waitingListEntries.lastName,
        email: waitingListEntries.email,
        ticketId: waitingListEntries.ticketId,
        ticketTitle: tickets.title,
        quantity: waitingListEntries.quantity,
        status: waitingListEntries.status,
        offeredQuantity: waitingListEntries.offeredQuantity,
        offerExpiresAt: waitingListEntries.offerExpiresAt,
        createdAt: waitingListEntries.createdAt,
        position: waitingListPositionSql(ENTRY_ROW.ticketId, ENTRY_ROW.id).mapWith(Number),
      })
      .from(waitingListEntries)
      .innerJoin(tickets, eq(tickets.id, waitingListEntries.ticketId))
      .where(where)
      .orderBy(...sortColumns[sort.id].map((column) => direction(column)), direction(waitingListEntries.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(waitingListEntries).where(where),
    readWaitingListTickets(db, event),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      position: isOpen(row.status) ? row.position : null,
      offerExpiresAt: row.status === "offered" ? (row.offerExpiresAt?.getTime() ?? null) : null,
      createdAt: row.createdAt.getTime(),
    })),
    total: total?.total ?? 0,
    timezone: event.timezone,
    canManage: canOnEvent(actor, "event:manage-sales", scope),
    canUpdateTickets: canOnEvent(actor, "event:update", scope),
    tickets: ticketRows,
  };
}

const isOpen = (status: WaitingListStatus) => (OPEN_WAITING_LIST_STATUSES as readonly string[]).includes(status);

/** The event's tickets (not add-ons, not deleted) in display order, each with its list's switch and open entries. */
function readWaitingListTickets(db: Database, event: Pick<EventRow, "id" | "organizationId">) {
  return db
    .select({
      id: tickets.id,
      title: tickets.title,
      waitingList: tickets.waitingList,
      open: sql<number>`(select count(*) from ${waitingListEntries} where ${and(
        eq(waitingListEntries.ticketId, tickets.id),
        inArray(waitingListEntries.status, [...OPEN_WAITING_LIST_STATUSES]),
      )})`.mapWith(Number),
    })
    .from(tickets)
    .where(and(inEventScope(tickets, event), eq(tickets.ticketType, "ticket"), sql`${tickets.visibility} <> 'deleted'`))
    .orderBy(asc(tickets.sort), asc(tickets.id));
}

/**
 * The dashboard's line (issue 28 §3): whether any ticket of the event has its list on, and how many people are in line
 * (open entries, every ticket's). The caller has checked the actor may see the event's sales.
 */
export async function readWaitingListSummary(
  db: Database,
  event: Pick<EventRow, "id" | "organizationId">,
): Promise<{ enabled: boolean; open: number }> {
  const rows = await readWaitingListTickets(db, event);
  return {
    enabled: rows.some((ticket) => ticket.waitingList),
    open: rows.reduce((sum, ticket) => sum + ticket.open, 0),
  };
}
