import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets, waitingListEntries, type WaitingListStatus } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { afterCursor, cursorPage, type Cursor, type CursorPage } from "../shared/cursor-paging";
import { ENTRY_ROW, waitingListPositionSql } from "./waiting-list-position";

/** One entry as the organizer sees it: never the person's access token (their credential). */
export type WaitingListEntrySummary = {
  id: number;
  eventId: number;
  ticketId: number;
  ticketTitle: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: string;
  /** Places wanted. */
  quantity: number;
  status: WaitingListStatus;
  /** 1 for the first open entry of its ticket's line, null once out of the line (booked, expired, removed). */
  position: number | null;
  /** Places held by the current or last offer (0: never offered). */
  offeredQuantity: number;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  offerCount: number;
  orderId: number | null;
  createdAt: Date;
};

/** The entry's place in its ticket's line while it is open (waiting-list-position.ts), null once out of it. */
const positionSql = sql<
  number | null
>`case when ${waitingListEntries.status} in ('waiting', 'offered') then ${waitingListPositionSql(ENTRY_ROW.ticketId, ENTRY_ROW.id)} end`;

const summaryColumns = {
  id: waitingListEntries.id,
  eventId: waitingListEntries.eventId,
  ticketId: waitingListEntries.ticketId,
  ticketTitle: tickets.title,
  firstName: waitingListEntries.firstName,
  lastName: waitingListEntries.lastName,
  email: waitingListEntries.email,
  locale: waitingListEntries.locale,
  quantity: waitingListEntries.quantity,
  status: waitingListEntries.status,
  position: positionSql.mapWith((value: unknown) => (value === null ? null : Number(value))).as("position"),
  offeredQuantity: waitingListEntries.offeredQuantity,
  offeredAt: waitingListEntries.offeredAt,
  offerExpiresAt: waitingListEntries.offerExpiresAt,
  offerCount: waitingListEntries.offerCount,
  orderId: waitingListEntries.orderId,
  createdAt: waitingListEntries.createdAt,
};

export type ListWaitingListInput = {
  eventId: number;
  /** Id order (the line's order), after the cursor; every entry whatever its status. */
  cursor: Cursor;
  /** Only this ticket's line. */
  ticketId?: number;
  /** Only the open entries (waiting or offered). */
  openOnly?: boolean;
};

/**
 * An event's waiting-list entries (issue 28 §3–4), oldest first, each with its position among its ticket's open
 * entries: the organizer's list page and `GET /api/events/:id/waiting-list`. Needs event:view-sales; another
 * organization's event answers 404.
 */
export async function listWaitingList(
  db: Database,
  actor: Actor,
  input: ListWaitingListInput,
): Promise<CursorPage<WaitingListEntrySummary>> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const rows = await db
    .select(summaryColumns)
    .from(waitingListEntries)
    .innerJoin(tickets, eq(tickets.id, waitingListEntries.ticketId))
    .where(
      and(
        inEventScope(waitingListEntries, event),
        input.ticketId === undefined ? undefined : eq(waitingListEntries.ticketId, input.ticketId),
        input.openOnly ? sql`${waitingListEntries.status} in ('waiting', 'offered')` : undefined,
        afterCursor(waitingListEntries.id, input.cursor),
      ),
    )
    .orderBy(asc(waitingListEntries.id))
    .limit(input.cursor.limit + 1);
  return cursorPage(rows, input.cursor);
}
