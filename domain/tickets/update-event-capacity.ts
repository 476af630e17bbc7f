import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import type { Actor } from "../shared/actor";
import { loadEventForActor } from "../events/event-access";

/**
 * The event capacity (spec §3, -1 = unlimited), edited on the tickets page (event:update): the most tickets of type
 * 'ticket' sold in all, add-ons aside. It may go below what is already sold: the tickets then show sold out.
 * The value comes parsed by `eventCapacitySchema` (integer ≥ -1).
 */
export async function updateEventCapacity(
  db: Database,
  actor: Actor,
  input: { eventId: number; eventCapacity: number; now?: Date },
): Promise<{ eventCapacity: number }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const [row] = await db
    .update(events)
    .set({ eventCapacity: input.eventCapacity, updatedAt: input.now ?? new Date() })
    .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId)))
    .returning({ eventCapacity: events.eventCapacity });
  return row!;
}
