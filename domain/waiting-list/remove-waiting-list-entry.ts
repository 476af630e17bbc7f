import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { waitingListEntries, type WaitingListStatus } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { OPEN_WAITING_LIST_STATUSES } from "./waiting-list-position";

export type RemovedWaitingListEntry = {
  id: number;
  status: "removed";
  /** What the entry was: an `offered` one gave its held places back (the next offer is the core's to make). */
  previousStatus: WaitingListStatus;
  ticketId: number;
  eventId: number;
};

/**
 * The organizer takes someone off a waiting list (issue 28 §3, « Retirer »): event:manage-sales; an entry of another
 * event or organization is not found. Only an open entry (waiting, or holding an offer, whose places the removal
 * frees) can be removed; a booked, expired or already removed one answers a conflict. The row stays, `removed`.
 */
export async function removeWaitingListEntry(
  db: Database,
  actor: Actor,
  input: { eventId: number; entryId: number; now?: Date },
): Promise<RemovedWaitingListEntry> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:manage-sales");
  return closeEntry(db, and(eq(waitingListEntries.id, input.entryId), inEventScope(waitingListEntries, event))!, {
    now: input.now ?? new Date(),
    notFoundKey: "waiting-list:errors.entry-not-found",
  });
}

/** What a removal reads of an entry before and after: where it stands and whose line it is in. */
export const entryStateColumns = {
  id: waitingListEntries.id,
  status: waitingListEntries.status,
  ticketId: waitingListEntries.ticketId,
  eventId: waitingListEntries.eventId,
};

/**
 * Sets an open entry `removed` in one conditional statement (a concurrent offer, booking or expiry wins or loses
 * whole), or explains why not: not found, or no longer open.
 */
export async function closeEntry(
  db: Database,
  which: SQL,
  options: { now: Date; notFoundKey: string },
): Promise<RemovedWaitingListEntry> {
  const [before] = await db.select(entryStateColumns).from(waitingListEntries).where(which).limit(1);
  if (!before) throw notFound(options.notFoundKey);
  const [row] = await db
    .update(waitingListEntries)
    .set({
      status: "removed",
      offeredQuantity: 0,
      offerExpiresAt: null,
      removedAt: options.now,
      updatedAt: options.now,
    })
    .where(
      and(eq(waitingListEntries.id, before.id), inArray(waitingListEntries.status, [...OPEN_WAITING_LIST_STATUSES])),
    )
    .returning({ id: waitingListEntries.id });
  if (!row) throw new AppError("conflict", "waiting-list:errors.entry-closed");
  return {
    id: row.id,
    status: "removed",
    previousStatus: before.status,
    ticketId: before.ticketId,
    eventId: before.eventId,
  };
}
