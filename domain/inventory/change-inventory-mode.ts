import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import type { InventoryPort } from "./inventory-port";

import { forgetBookingRoute, type InventoryMode } from "../booking/booking-route-memo";

export type { InventoryMode };

/**
 * Where an event's places are counted (decision 0072): `object` hands them to the event's inventory Durable Object
 * (an on-sale that one database would not carry), `database` back to D1's guarded batches. Going back, the object
 * stops taking orders first, and the switch waits until D1 holds every order it took: otherwise D1's guards would
 * count places sold but not yet written as free. Asks `event:update`.
 */
export async function changeInventoryMode(
  db: Database,
  actor: Actor,
  input: { eventId: number; mode: InventoryMode },
  deps: { inventory: InventoryPort },
): Promise<{ mode: InventoryMode }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const scoped = and(eq(events.id, event.id), eq(events.organizationId, event.organizationId));
  if (event.inventoryMode === input.mode) return { mode: input.mode };
  forgetBookingRoute(event.id);
  if (input.mode === "object") {
    await db.update(events).set({ inventoryMode: "object", updatedAt: new Date() }).where(scoped);
    await deps.inventory.open(event.id);
    return { mode: "object" };
  }
  const { ordersNotInD1 } = await deps.inventory.close(event.id);
  if (ordersNotInD1 > 0) throw new AppError("conflict", "booking:errors.inventory-still-writing");
  await db.update(events).set({ inventoryMode: "database", updatedAt: new Date() }).where(scoped);
  forgetBookingRoute(event.id);
  return { mode: "database" };
}
