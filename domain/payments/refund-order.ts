import { and, eq } from "drizzle-orm";
import type { PaymentProvider } from "#adapters/payments";
import type { Database } from "#db/database";
import { changedRows } from "#db/database";
import { orderRefunds, orders } from "#db/schema";
import { queueRefundEmail } from "../order-documents/refund-email-outbox";
import type { JobQueue } from "../shared/jobs";
import { offerFreedPlaces } from "../waiting-list/offer-waiting-list-places";
import { eventRolesOf } from "../events/event-access";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, forbidden, notFound } from "../shared/app-error";
import { refundRow } from "./ledger";
import { refundStatements } from "./refund-effect";

/** `jobs`: the queue the buyer's refund notice is handed to at once (the outbox's sweep sends it otherwise). */
export type RefundDeps = { provider: PaymentProvider; jobs?: { JOBS: JobQueue }; now?: number };

/** The idempotency key of the organizer's full refund of an order: a retried click is the same refund at Stripe. */
const orderRefundKey = (orderId: number) => `refund-order-${orderId}`;

/**
 * The organizer refunds a paid order in full (H6's order page): the provider first (demo: at once), then one batch
 * that marks the order refunded, puts its places back on sale, writes the refund's ledger row and records the buyer's
 * refund notice in the outbox (handed to the queue after the batch). A refunded order
 * answers `refunded: false` and changes nothing, as does the provider's webhook echoing the refund later.
 */
export async function refundOrder(
  db: Database,
  deps: RefundDeps,
  actor: Actor,
  input: { orderId: number },
): Promise<{ refunded: boolean; refundId: string | null }> {
  if (actor.organizationId === null || !Number.isSafeInteger(input.orderId) || input.orderId <= 0) throw notFound();
  const [order] = await db
    .select({
      id: orders.id,
      organizationId: orders.organizationId,
      eventId: orders.eventId,
      status: orders.status,
      amount: orders.amount,
      fees: orders.fees,
      refundedAmount: orders.refundedAmount,
      refundedFees: orders.refundedFees,
      paymentIntentId: orders.stripePaymentIntentId,
    })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.organizationId, actor.organizationId)))
    .limit(1);
  if (!order) throw notFound();
  const scope = { organizationId: order.organizationId, roles: await eventRolesOf(db, actor, order.eventId) };
  if (!canOnEvent(actor, "event:view", scope)) throw notFound();
  if (!canOnEvent(actor, "event:manage-sales", scope)) throw forbidden();

  if (order.status === "refunded") return { refunded: false, refundId: null };
  if (order.status !== "paid" || !order.paymentIntentId || order.amount <= 0) {
    throw new AppError("conflict", "payments:errors.not-refundable");
  }
  // A partial refund waiting for the provider (decision 0058): what is left is not known until it is recorded.
  const [pending] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, "pending")))
    .limit(1);
  if (pending) throw new AppError("conflict", "orders:errors.partial-refund.busy");

  // After partial refunds (decision 0058) only what is left goes back; an untouched order is refunded as before.
  const left = order.amount - order.refundedAmount;
  const partlyRefunded = order.refundedAmount > 0;
  let refund: Awaited<ReturnType<PaymentProvider["refund"]>>;
  try {
    refund = await deps.provider.refund({
      paymentIntentId: order.paymentIntentId,
      ...(partlyRefunded ? { amount: left } : {}),
      idempotencyKey: orderRefundKey(order.id),
    });
  } catch (error) {
    // The provider refused or could not be reached: nothing was written, and the idempotency key makes a retry safe.
    console.warn("refund refused by the payment provider", { orderId: order.id, error: String(error) });
    throw new AppError("conflict", "orders:errors.refund-failed");
  }
  const now = deps.now ?? Date.now();
  const statements = await refundStatements(db, {
    orderId: order.id,
    organizationId: order.organizationId,
    now,
    ledgerRows: [
      refundRow(db, order, {
        providerReference: refund.id,
        amount: refund.amount,
        feeRefunded: refund.amount >= left ? order.fees - order.refundedFees : 0,
        occurredAt: now,
        description: "refund:organizer",
      }),
    ],
  });
  const results = await db.batch(statements);
  const refunded = changedRows(results[results.length - 1]) > 0;
  if (refunded) await queueRefundEmail(deps.jobs, order.id);
  // Its places are back on sale: the people waiting for them get offers.
  if (refunded) await offerFreedPlaces(db, deps.jobs, { eventId: order.eventId }, now);
  return { refunded, refundId: refund.id };
}
