import { and, eq, sql } from "drizzle-orm";
import { heldOnDateSql } from "../booking/held-places";
import type { Database } from "#db/database";
import { eventDates } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { eventSpanUpdate } from "./event-date-span";
import { followEventSpan } from "./follow-event-span";

/**
 * Deletes a date (event:update) on which nothing is sold nor held; otherwise the date is to be cancelled, which keeps
 * its orders and participants (decision 0068). The check is part of the delete itself, so a sale landing meanwhile
 * keeps the date.
 */
export async function deleteEventDate(
  db: Database,
  actor: Actor,
  input: { eventId: number; dateId: number; now?: Date },
): Promise<{ id: number }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const now = input.now ?? new Date();
  if (!Number.isSafeInteger(input.dateId) || input.dateId <= 0) throw notFound("dates:errors.not-found");
  const thisDate = and(inEventScope(eventDates, event), eq(eventDates.id, input.dateId));
  const [deleted] = await db.batch([
    db
      .delete(eventDates)
      .where(
        and(
          thisDate,
          eq(eventDates.sold, 0),
          // Nothing held on it either, passes covering it included.
          sql`${heldOnDateSql(event.id, input.dateId, now.getTime())} = 0`,
        ),
      )
      .returning({ id: eventDates.id }),
    eventSpanUpdate(db, event, now),
  ]);
  if (deleted.length > 0) {
    await followEventSpan(db, event);
    return { id: input.dateId };
  }
  const [exists] = await db.select({ id: eventDates.id }).from(eventDates).where(thisDate).limit(1);
  if (!exists) throw notFound("dates:errors.not-found");
  throw new AppError("conflict", "dates:errors.delete-sold");
}
