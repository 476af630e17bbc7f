import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders, participants } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { participantSummaryColumns, type EventParticipantSummary } from "../events/get-event";
import type { Actor } from "../shared/actor";
import { afterCursor, cursorPage, type Cursor, type CursorPage } from "../shared/cursor-paging";

/**
 * Every participant row of an event (add-ons and every order status included: a sync mirrors them all), in id order
 * after the cursor: integrators page through 100,000 rows on the (event, organization, id) index, one seek a page.
 */
export async function listParticipantsAfter(
  db: Database,
  actor: Actor,
  input: { eventId: number; cursor: Cursor },
): Promise<CursorPage<EventParticipantSummary>> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  return cursorPage(await participantsAfterQuery(db, event, input.cursor), input.cursor);
}

/** The page's query for an event already authorized: `limit + 1` rows, to know whether another page follows. */
export function participantsAfterQuery(db: Database, event: { id: number; organizationId: number }, cursor: Cursor) {
  return db
    .select(participantSummaryColumns)
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(and(inEventScope(participants, event), afterCursor(participants.id, cursor)))
    .orderBy(asc(participants.id))
    .limit(cursor.limit + 1);
}
