import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { enqueueJobs, type JobQueue } from "../shared/jobs";
import {
  countEmailsStatement,
  draftEventSendRefused,
  emailQuotaReached,
  isEmailQuotaFailure,
} from "../emails/email-quota";
import { loadEventForActor } from "../events/event-access";
import { countsAsSale } from "../orders/order-status";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { confirmationDeliveryKey } from "./send-order-confirmation";

/**
 * Queues the confirmation email of a paid or manual order again (an organizer's "resend" on the order page). It is a
 * new delivery with its own key, so it goes out even though the first one was sent. Another organization's order, or
 * an unknown one, is not found; the actor needs `event:manage-sales` on the order's event. It counts against the
 * organization's daily email quota and is refused past it or on a draft event (docs/decisions/0038-email-quota.md).
 */
export async function resendOrderConfirmation(
  db: Database,
  actor: Actor,
  input: { orderId: number },
  queue: JobQueue,
): Promise<{ queued: true }> {
  if (actor.organizationId === null || !Number.isSafeInteger(input.orderId) || input.orderId <= 0) throw notFound();
  const [order] = await db
    .select({ id: orders.id, eventId: orders.eventId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.organizationId, actor.organizationId)))
    .limit(1);
  if (!order) throw notFound();
  const { event } = await loadEventForActor(db, actor, order.eventId, "event:manage-sales");
  if (!countsAsSale(order.status)) throw new AppError("conflict", "order-not-confirmed");
  if (event.status === "draft") throw draftEventSendRefused();
  const now = Date.now();
  try {
    await db.batch([countEmailsStatement(db, { organizationId: event.organizationId, count: 1, at: now })]);
  } catch (error) {
    if (isEmailQuotaFailure(error)) throw await emailQuotaReached(db, event.organizationId, now);
    throw error;
  }
  const key = `${confirmationDeliveryKey(order.id)}:resend:${crypto.randomUUID()}`;
  await enqueueJobs({ JOBS: queue }, [{ type: "send-order-confirmation", orderId: order.id, key }]);
  return { queued: true };
}
