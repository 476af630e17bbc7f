import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

/**
 * An event's date that the actor may change the sales of (event:manage-sales): what moving its participants,
 * refunding its buyers or writing to them needs. Another organization's event or date answers 404.
 */
export async function loadDateForSales(db: Database, actor: Actor, input: { eventId: number; dateId: number }) {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:manage-sales");
  const [date] = await db
    .select()
    .from(eventDates)
    .where(
      and(
        eq(eventDates.id, input.dateId),
        eq(eventDates.eventId, event.id),
        eq(eventDates.organizationId, event.organizationId),
      ),
    )
    .limit(1);
  if (!date) throw notFound("events:errors.not-found");
  return { event, date };
}
