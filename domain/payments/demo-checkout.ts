import { PLATFORM_TIME_ZONE } from "../events/event-time-zone";
import { returnedOrderFragment } from "../public-events/embed-return";
import { asc, eq } from "drizzle-orm";
import {
  demoPaymentIntentId,
  demoPaymentsAllowed,
  paymentModeOf,
  signDemoWebhookPayload,
  type PaymentProvider,
  type PaymentsEnv,
} from "#adapters/payments";
import type { Database } from "#db/database";
import { events, orderItems, orders, tickets } from "#db/schema";
import { releaseOrderHold } from "../booking/expire-order";
import { publicEventPath } from "../events/private-event-link";
import { AppError, notFound } from "../shared/app-error";
import type { SigningEnv } from "../shared/signing-secret";
import type { HandledEvent } from "./handle-provider-event";
import { receiveProviderWebhook } from "./receive-webhook";

/*
 * The demo checkout (payments without STRIPE_SECRET_KEY, development and test only): a page of ours stands where
 * Stripe Checkout would, and its buttons send the events Stripe would send, signed the way Stripe signs them, through
 * the same webhook entry point. A demo session is its order: orders.stripe_checkout_session_id names it.
 */

export type DemoCheckout = {
  sessionId: string;
  orderId: number;
  organizationId: number;
  eventId: number;
  eventTitle: string;
  /** The event's time zone, for the payment deadline. */
  timezone: string;
  email: string;
  amount: number;
  fees: number;
  payableUntil: number | null;
  /** Only an order still awaiting payment can be paid or cancelled here. */
  open: boolean;
  /** `total`: what the line costs the buyer before fees added on top. */
  lines: { title: string; quantity: number; total: number }[];
  /** Fees the buyer pays on top of the prices (tickets whose fees_type is `added`); included ones are not shown. */
  addedFees: number;
  /** Where paying leads: the buyer's order and tickets page. */
  successPath: string;
  /** Where cancelling leads, once the order is cancelled: the event's public page (its slug, and a private event's `t`). */
  cancelPath: string;
};

function assertDemo(env: PaymentsEnv) {
  if (paymentModeOf(env) !== "demo" || !demoPaymentsAllowed(env)) throw notFound();
}

/** The demo reads the Worker env: payments mode, and the signing secret of a private event's link. */
export type DemoCheckoutEnv = PaymentsEnv & SigningEnv;

export async function getDemoCheckout(db: Database, env: DemoCheckoutEnv, sessionId: string): Promise<DemoCheckout> {
  assertDemo(env);
  if (!sessionId.startsWith("cs_demo_")) throw notFound();
  const [order] = await db
    .select({
      id: orders.id,
      organizationId: orders.organizationId,
      eventId: orders.eventId,
      email: orders.email,
      amount: orders.amount,
      fees: orders.fees,
      status: orders.status,
      payableUntil: orders.payableUntil,
      accessToken: orders.accessToken,
      checkoutReturnUrl: orders.checkoutReturnUrl,
    })
    .from(orders)
    .where(eq(orders.stripeCheckoutSessionId, sessionId))
    .limit(1);
  if (!order) throw notFound();
  const [[event], lines] = await Promise.all([
    db
      .select({
        id: events.id,
        title: events.title,
        timezone: events.timezone,
        visibility: events.visibility,
        privateLinkVersion: events.privateLinkVersion,
      })
      .from(events)
      .where(eq(events.id, order.eventId))
      .limit(1),
    db
      .select({
        title: tickets.title,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        discount: orderItems.discount,
        fees: orderItems.fees,
        feesType: orderItems.feesType,
      })
      .from(orderItems)
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id)),
  ]);
  return {
    sessionId,
    orderId: order.id,
    organizationId: order.organizationId,
    eventId: order.eventId,
    eventTitle: event?.title ?? "",
    timezone: event?.timezone ?? PLATFORM_TIME_ZONE,
    email: order.email,
    amount: order.amount,
    fees: order.fees,
    payableUntil: order.payableUntil?.getTime() ?? null,
    open: order.status === "pending",
    lines: lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      total: line.unitPrice * line.quantity - line.discount,
    })),
    addedFees: lines.reduce((sum, line) => sum + (line.feesType === "added" ? line.fees : 0), 0),
    // Booked in the widget: back to the organizer's page, as Stripe's success and cancel addresses are.
    successPath: order.checkoutReturnUrl
      ? `${order.checkoutReturnUrl}#${returnedOrderFragment({ eventId: order.eventId, orderId: order.id, accessToken: order.accessToken })}`
      : `/orders/${order.id}?token=${encodeURIComponent(order.accessToken)}`,
    cancelPath: order.checkoutReturnUrl ?? (event ? publicEventPath(env, event) : `/events/${order.eventId}`),
  };
}

function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The Stripe-shaped event the demo sends: what Stripe's own delivery carries for a Checkout Session. */
export function demoSessionEvent(
  checkout: Pick<DemoCheckout, "sessionId" | "orderId" | "eventId" | "amount">,
  type: "checkout.session.completed" | "checkout.session.expired",
  now: number,
) {
  const completed = type === "checkout.session.completed";
  return {
    id: randomId("evt_demo_"),
    object: "event",
    api_version: null,
    created: Math.floor(now / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: checkout.sessionId,
        object: "checkout.session",
        mode: "payment",
        currency: "eur",
        amount_total: checkout.amount,
        client_reference_id: String(checkout.orderId),
        metadata: { order_id: String(checkout.orderId), event_id: String(checkout.eventId) },
        status: completed ? "complete" : "expired",
        payment_status: completed ? "paid" : "unpaid",
        payment_intent: completed ? demoPaymentIntentId(checkout.orderId) : null,
      },
    },
  };
}

export type DemoCheckoutDeps = { env: DemoCheckoutEnv; provider: PaymentProvider; now?: number };

/**
 * "Payer" on the demo page sends checkout.session.completed over the same path as Stripe's (signature checked, then
 * the one handler). "Annuler" does what it says: the pending order of this session becomes cancelled and gives its
 * places back at once (reported to the organization's webhooks as order.cancelled), then the buyer is back on the
 * event's page (docs/decisions/0042-demo-checkout-cancel.md; Stripe's own back link keeps the order held, 0035).
 * Returns where to send the buyer, what the webhook handler did (null when nothing was sent) and whether the order
 * was cancelled.
 */
export async function submitDemoCheckout(
  db: Database,
  deps: DemoCheckoutDeps,
  input: { sessionId: string; action: "pay" | "cancel" },
): Promise<{ redirectTo: string; result: HandledEvent | null; cancelled: boolean; eventId: number }> {
  const checkout = await getDemoCheckout(db, deps.env, input.sessionId);
  if (!checkout.open) throw new AppError("conflict", "payments:errors.session-closed");
  const now = deps.now ?? Date.now();
  if (input.action === "cancel") {
    // Only this session's order, only while pending: a payment that landed meanwhile is not undone.
    const cancelled = await releaseOrderHold(
      db,
      checkout.orderId,
      "cancelled",
      now,
      { organizationId: checkout.organizationId },
      { checkoutSessionId: checkout.sessionId },
    );
    if (!cancelled) throw new AppError("conflict", "payments:errors.session-closed");
    return { redirectTo: checkout.cancelPath, result: null, cancelled: true, eventId: checkout.eventId };
  }
  const payload = JSON.stringify(demoSessionEvent(checkout, "checkout.session.completed", now));
  const signature = await signDemoWebhookPayload(deps.env, payload, now);
  const receipt = await receiveProviderWebhook(db, { provider: deps.provider, now }, { payload, signature });
  if (receipt.status !== 200) throw new Error(`The demo checkout's own event was refused: ${receipt.error}`);
  return { redirectTo: checkout.successPath, result: receipt.result, cancelled: false, eventId: checkout.eventId };
}
