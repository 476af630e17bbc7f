import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { waitingListEntries } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import type { JobQueue } from "../shared/jobs";
import {
  expireOffersStatement,
  offerableSql,
  offerStatements,
  queueOfferEmails,
  type MadeOffer,
} from "./offer-waiting-list-places";

const notOfferable = () => new AppError("conflict", "booking:errors.waiting-list-not-offerable");

/**
 * The organizer offers places to a chosen person by hand, out of line order (issue 28 §3): an entry still `waiting`,
 * or whose offer `expired`, gets min(places wanted, places free) held until now + the event's hold hours, through the
 * same conditional SQL as the line's offers (offer-waiting-list-places.ts), with its email and webhook. Needs
 * event:manage-sales (owner, admin, event manager); another organization's event or entry answers 404; no place
 * free answers conflict `waiting_list_no_place`.
 */
export async function offerWaitingListEntry(
  db: Database,
  deps: { jobs?: { JOBS: JobQueue }; now?: number },
  actor: Actor,
  input: { eventId: number; entryId: number },
): Promise<MadeOffer> {
  const now = deps.now ?? Date.now();
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:manage-sales");
  if (!Number.isSafeInteger(input.entryId) || input.entryId <= 0)
    throw notFound("booking:errors.waiting-list-entry-not-found");
  const [entry] = await db
    .select({
      id: waitingListEntries.id,
      ticketId: waitingListEntries.ticketId,
      status: waitingListEntries.status,
      offerExpiresAt: waitingListEntries.offerExpiresAt,
    })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.id, input.entryId), inEventScope(waitingListEntries, event)))
    .limit(1);
  if (!entry) throw notFound("booking:errors.waiting-list-entry-not-found");
  // An offer past its deadline is expired, whether or not a sweep has marked it yet (the batch below does).
  const lapsed = entry.status === "offered" && (entry.offerExpiresAt?.getTime() ?? 0) <= now;
  if (entry.status !== "waiting" && entry.status !== "expired" && !lapsed) throw notOfferable();

  const target = { ticketId: entry.ticketId, eventId: event.id };
  const stillOfferable = sql`(select status from waiting_list_entries where id = ${entry.id}) in ('waiting', 'expired')`;
  const statements: BatchItem<"sqlite">[] = [
    // Offers past their deadline give their places back first.
    expireOffersStatement(db, entry.ticketId, now),
    ...offerStatements(db, target, sql`${entry.id}`, sql`${stillOfferable} and ${offerableSql(target, now)}`, now),
  ];
  let results: unknown[];
  try {
    results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    // The same address joined the line again meanwhile (one open entry per address and ticket).
    if (
      /UNIQUE constraint failed/i.test(
        String(error instanceof Error ? `${error.message} ${String(error.cause)}` : error),
      )
    )
      throw notOfferable();
    throw error;
  }
  const [made] = results[2] as (Omit<MadeOffer, "offerExpiresAt"> & { offerExpiresAt: Date | null })[];
  if (!made) {
    const [current] = await db
      .select({ status: waitingListEntries.status })
      .from(waitingListEntries)
      .where(eq(waitingListEntries.id, entry.id));
    if (current?.status !== "waiting" && current?.status !== "expired") throw notOfferable();
    throw new AppError("conflict", "booking:errors.waiting-list-no-place");
  }
  const offer: MadeOffer = { ...made, offerExpiresAt: made.offerExpiresAt ?? new Date(now) };
  if (deps.jobs) await queueOfferEmails(deps.jobs, [offer]);
  return offer;
}
