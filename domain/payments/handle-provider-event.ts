import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PaymentProvider, ProviderEvent } from "#adapters/payments";
import { demoPaymentIntentId } from "#adapters/payments";
import type { Database } from "#db/database";
import { changedRows } from "#db/database";
import { orders, processedProviderEvents } from "#db/schema";
import { confirmOrder } from "../booking/confirm-order";
import { accountUpdated } from "../finance/account-updated";
import { payoutReported } from "../finance/settle-payout";
import { expireOrder } from "../booking/expire-order";
import { chargeRow, refundRow, type LedgerOrder } from "./ledger";
import { refundStatements } from "./refund-effect";

export type HandledEvent = {
  outcome:
    | "duplicate"
    | "ignored"
    | "confirmed"
    | "already_confirmed"
    | "expired"
    | "auto_refunded"
    | "refunded"
    | "refund_recorded"
    | "account_updated"
    | "payout_recorded";
  orderId?: number;
  /** Set when this delivery confirmed the order. */
  participantIds?: number[];
};

/**
 * The order whose confirmation email the caller queues after this event: the one it confirmed, and also one this
 * payment had confirmed already. A delivery whose confirmation committed but whose answer was lost (a D1 error after
 * the commit, a Worker gone) is redelivered as already_confirmed, and its email would otherwise never be queued; the
 * email's delivery key (order-confirmation:{id}) makes the extra job send nothing when the first one was queued.
 */
export function confirmationEmailOrderId(result: HandledEvent): number | null {
  if (result.orderId === undefined) return null;
  return result.outcome === "confirmed" || result.outcome === "already_confirmed" ? result.orderId : null;
}

export type ProviderEventDeps = { provider: PaymentProvider; now?: number };

type Statement = BatchItem<"sqlite">;

/** The idempotency key of a refund the platform makes by itself (a payment it could not turn into a sale). */
const unconfirmedPaymentRefundKey = (paymentIntentId: string) => `refund-unconfirmed-${paymentIntentId}`;

const REFUND_EVENT_TYPES = new Set(["charge.refunded", "charge.refund.updated", "refund.created", "refund.updated"]);

/**
 * The one handler of the provider's events (POST /webhooks/stripe and the demo checkout). Deliveries come twice and in
 * any order: an event id already handled changes nothing; every other event re-reads the state it is about (the
 * session, the refunds, our order) instead of trusting its snapshot, and every write is idempotent on its own (order
 * status conditions, ledger rows keyed by the provider's reference), so even two deliveries racing agree.
 */
export async function handleProviderEvent(
  db: Database,
  deps: ProviderEventDeps,
  event: ProviderEvent,
): Promise<HandledEvent> {
  const [seen] = await db
    .select({ id: processedProviderEvents.id })
    .from(processedProviderEvents)
    .where(eq(processedProviderEvents.id, event.id))
    .limit(1);
  if (seen) return { outcome: "duplicate" };

  const markProcessed: Statement = db
    .insert(processedProviderEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing();
  const now = deps.now ?? Date.now();
  let handled: { result: HandledEvent; statements: Statement[] };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      handled = await sessionCompleted(db, deps.provider, event.data.object, event.created * 1000, now, markProcessed);
      break;
    case "checkout.session.expired":
      handled = await sessionExpired(db, deps.provider, event.data.object, now);
      break;
    case "account.updated":
      handled = await accountUpdated(db, event, now);
      break;
    case "payout.paid":
    case "payout.failed":
    case "payout.canceled":
    case "payout.updated":
      handled = await payoutReported(db, { provider: deps.provider, now }, event);
      break;
    default:
      handled = REFUND_EVENT_TYPES.has(event.type)
        ? await refundReported(db, deps.provider, event.data.object as { payment_intent?: unknown }, now, markProcessed)
        : { result: { outcome: "ignored" }, statements: [] };
  }
  await db.batch([markProcessed, ...handled.statements]);
  return handled.result;
}

type OrderRow = LedgerOrder & {
  status: (typeof orders.$inferSelect)["status"];
  paymentIntentId: string | null;
  checkoutSessionId: string | null;
};

async function loadOrder(db: Database, where: ReturnType<typeof eq>): Promise<OrderRow | undefined> {
  const [order] = await db
    .select({
      id: orders.id,
      organizationId: orders.organizationId,
      eventId: orders.eventId,
      amount: orders.amount,
      fees: orders.fees,
      status: orders.status,
      paymentIntentId: orders.stripePaymentIntentId,
      checkoutSessionId: orders.stripeCheckoutSessionId,
    })
    .from(orders)
    .where(where)
    .limit(1);
  return order;
}

async function sessionCompleted(
  db: Database,
  provider: PaymentProvider,
  snapshot: unknown,
  paidAt: number,
  now: number,
  markProcessed: Statement,
): Promise<{ result: HandledEvent; statements: Statement[] }> {
  const sessionId = (snapshot as { id?: unknown }).id;
  if (typeof sessionId !== "string") return { result: { outcome: "ignored" }, statements: [] };
  const session = await provider.retrieveCheckoutSession(sessionId, snapshot);
  // An asynchronous payment method completes the session unpaid: its own success event comes later.
  if (session.paymentStatus !== "paid" || session.orderId === null) {
    return { result: { outcome: "ignored" }, statements: [] };
  }
  const orderId = session.orderId;
  const paymentIntentId = session.paymentIntentId ?? demoPaymentIntentId(orderId);

  // The charge row is written by the confirmation's own batch: a sale is never recorded without its payment
  // (docs/decisions/0029-fault-tolerance.md).
  const known = await loadOrder(db, eq(orders.id, orderId));
  const confirmation = await confirmOrder(db, {
    orderId,
    paidAt,
    paymentIntentId,
    checkoutSessionId: session.id,
    now,
    statements: known ? [chargeRow(db, known, { providerReference: paymentIntentId, occurredAt: paidAt })] : [],
  });
  if (confirmation.outcome === "confirmed") {
    const refunds = await refundsOfConfirmed(db, provider, paymentIntentId, now, markProcessed);
    return refunds.result.outcome === "refunded"
      ? refunds
      : {
          result: { outcome: "confirmed", orderId, participantIds: confirmation.participantIds },
          statements: refunds.statements,
        };
  }
  const order = await loadOrder(db, eq(orders.id, orderId));
  if (!order) {
    // No order to attach it to (deleted with its event): give the money back; there is no tenant to record it for.
    await provider.refund({ paymentIntentId, idempotencyKey: unconfirmedPaymentRefundKey(paymentIntentId) });
    console.warn("payment refunded: no such order", { orderId, paymentIntentId });
    return { result: { outcome: "auto_refunded", orderId }, statements: [] };
  }
  // This payment is already the order's own (a replay under another event id, a race, or the replay of a delivery
  // whose confirmation committed but whose answer was lost): the charge row again, which is idempotent.
  if (order.paymentIntentId === paymentIntentId) {
    const charge =
      order.status === "paid" || order.status === "refunded"
        ? [chargeRow(db, order, { providerReference: paymentIntentId, occurredAt: paidAt })]
        : [];
    const refunds =
      order.status === "paid" ? await refundsOfConfirmed(db, provider, paymentIntentId, now, markProcessed) : null;
    if (refunds?.result.outcome === "refunded") return refunds;
    return {
      result: { outcome: "already_confirmed", orderId },
      statements: [...charge, ...(refunds?.statements ?? [])],
    };
  }

  // Paid, but no sale can come of it: the hold expired and the places are gone, the order was cancelled or refunded,
  // or it was already paid by another payment. The buyer gets the money back and the ledger says why.
  const reason = confirmation.outcome === "needs_refund" ? confirmation.reason : "paid_otherwise";
  const refund = await provider.refund({
    paymentIntentId,
    idempotencyKey: unconfirmedPaymentRefundKey(paymentIntentId),
  });
  console.warn("payment refunded: the order could not be confirmed", { orderId, paymentIntentId, reason });
  const statements: Statement[] = [
    chargeRow(db, order, {
      providerReference: paymentIntentId,
      occurredAt: paidAt,
      description: `unconfirmed:${reason}`,
    }),
    refundRow(db, order, {
      providerReference: refund.id,
      amount: refund.amount,
      feeRefunded: refund.amount >= order.amount ? order.fees : 0,
      occurredAt: now,
      description: `auto-refund:${reason}`,
    }),
  ];
  if (order.status === "pending" || order.status === "expired" || order.status === "cancelled") {
    // The order tells the organizer that money came and went back; it never held places after its hold.
    statements.push(
      db
        .update(orders)
        .set({ status: "refunded", stripePaymentIntentId: paymentIntentId, updatedAt: new Date(now) })
        .where(eq(orders.id, orderId)),
    );
  }
  return { result: { outcome: "auto_refunded", orderId }, statements };
}

async function sessionExpired(
  db: Database,
  provider: PaymentProvider,
  snapshot: unknown,
  now: number,
): Promise<{ result: HandledEvent; statements: Statement[] }> {
  const sessionId = (snapshot as { id?: unknown }).id;
  if (typeof sessionId !== "string") return { result: { outcome: "ignored" }, statements: [] };
  const session = await provider.retrieveCheckoutSession(sessionId, snapshot);
  if (session.status !== "expired" || session.orderId === null)
    return { result: { outcome: "ignored" }, statements: [] };
  const order = await loadOrder(db, eq(orders.id, session.orderId));
  // Only the order's own session ends it (an order whose session is unknown to us is ended too: the buyer left).
  if (!order || (order.checkoutSessionId !== null && order.checkoutSessionId !== session.id)) {
    return { result: { outcome: "ignored" }, statements: [] };
  }
  const { expired } = await expireOrder(db, { orderId: order.id, now });
  return { result: { outcome: expired ? "expired" : "ignored", orderId: order.id }, statements: [] };
}

/**
 * After a confirmation by this payment (or its replay): the refunds the provider already has for it. A refund event
 * that came before the completion found no order for its payment intent (the order learns it at confirmation) and
 * changed nothing, so without this the order would stay paid whatever the delivery order; with it, every order of
 * the same events ends in the same state (docs/decisions/0029-fault-tolerance.md).
 */
function refundsOfConfirmed(
  db: Database,
  provider: PaymentProvider,
  paymentIntentId: string,
  now: number,
  markProcessed: Statement,
): Promise<{ result: HandledEvent; statements: Statement[] }> {
  return refundReported(db, provider, { payment_intent: paymentIntentId }, now, markProcessed);
}

async function refundReported(
  db: Database,
  provider: PaymentProvider,
  snapshot: { payment_intent?: unknown },
  now: number,
  markProcessed: Statement,
): Promise<{ result: HandledEvent; statements: Statement[] }> {
  const intent = snapshot.payment_intent;
  const paymentIntentId =
    typeof intent === "string" ? intent : ((intent as { id?: string } | null | undefined)?.id ?? null);
  if (!paymentIntentId) return { result: { outcome: "ignored" }, statements: [] };
  const order = await loadOrder(db, eq(orders.stripePaymentIntentId, paymentIntentId));
  if (!order) return { result: { outcome: "ignored" }, statements: [] };

  const refunds = (await provider.listRefunds(paymentIntentId)).filter((refund) => refund.status === "succeeded");
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  // Made elsewhere (Stripe's dashboard): the platform fee stays unless the whole order went back.
  const ledgerRows = refunds.map((refund) =>
    refundRow(db, order, {
      providerReference: refund.id,
      amount: refund.amount,
      feeRefunded: 0,
      occurredAt: now,
      description: "refund:provider",
    }),
  );
  if (refunded < order.amount || order.status !== "paid" || ledgerRows.length === 0) {
    return { result: { outcome: "refund_recorded", orderId: order.id }, statements: ledgerRows };
  }
  const statements = await refundStatements(db, {
    orderId: order.id,
    organizationId: order.organizationId,
    now,
    ledgerRows,
  });
  const results = await db.batch([...statements, markProcessed]);
  return {
    result: {
      outcome: changedRows(results[results.length - 2]) > 0 ? "refunded" : "refund_recorded",
      orderId: order.id,
    },
    statements: [],
  };
}
