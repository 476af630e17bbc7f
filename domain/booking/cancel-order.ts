import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import type { JobQueue } from "../shared/jobs";
import { offerFreedPlaces } from "../waiting-list/offer-waiting-list-places";
import { releaseOrderHold } from "./expire-order";

/**
 * An organizer cancels an order still awaiting payment (H6's orders page): it gives its places back. Needs
 * event:manage-sales on the order's event; another organization's order answers 404. A paid, manual, expired or
 * already cancelled order answers conflict 'booking:errors.not-pending' (paid ones are refunded, not cancelled).
 */
export async function cancelOrder(
  db: Database,
  actor: Actor,
  /** `jobs`: the queue the waiting lists' offers are handed to (without it, the minute cron makes them). */
  input: { orderId: number; now?: number; jobs?: { JOBS: JobQueue } },
): Promise<{ cancelled: true }> {
  if (actor.organizationId === null || !Number.isSafeInteger(input.orderId) || input.orderId <= 0)
    throw notFound("booking:errors.order-not-found");
  const [order] = await db
    .select({ id: orders.id, eventId: orders.eventId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.organizationId, actor.organizationId)))
    .limit(1);
  if (!order) throw notFound("booking:errors.order-not-found");
  await loadEventForActor(db, actor, order.eventId, "event:manage-sales");
  if (order.status !== "pending") throw new AppError("conflict", "booking:errors.not-pending");
  const released = await releaseOrderHold(db, order.id, "cancelled", input.now ?? Date.now(), {
    organizationId: actor.organizationId,
  });
  if (!released) throw new AppError("conflict", "booking:errors.not-pending");
  await offerFreedPlaces(db, input.jobs, { eventId: order.eventId }, input.now ?? Date.now());
  return { cancelled: true };
}
