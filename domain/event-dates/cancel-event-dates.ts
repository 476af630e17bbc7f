import { and, inArray, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { readEventDates, resolveDateTargets, type DateTargets } from "./event-date-access";
import { chunks } from "../shared/chunks";
import type { EventDateItem } from "./event-date-record";
import { eventSpanUpdate } from "./event-date-span";
import { followEventSpan } from "./follow-event-span";

/**
 * Cancels one date or a range (event:update): the dates stay, listed as cancelled, with their orders and participants
 * (decision 0068); what to do with their buyers is a step of its own. The event's span leaves them out, in the same
 * batch.
 */
export async function cancelEventDates(
  db: Database,
  actor: Actor,
  input: { eventId: number; targets: DateTargets; now?: Date },
): Promise<EventDateItem[]> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const now = input.now ?? new Date();
  const dates = await resolveDateTargets(db, event, input.targets, now);
  const ids = dates.map((date) => date.id);
  const [first, ...rest] = chunks(ids).map((chunk) =>
    db
      .update(eventDates)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(inEventScope(eventDates, event), inArray(eventDates.id, chunk), ne(eventDates.status, "cancelled"))),
  );
  await db.batch([first!, ...rest, eventSpanUpdate(db, event, now)]);
  await followEventSpan(db, event);
  return readEventDates(db, event, ids, now);
}
