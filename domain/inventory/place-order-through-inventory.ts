import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import type { PlacedOrder, PlaceOrderDeps, PlaceOrderInput } from "../booking/place-order";
import { AppError } from "../shared/app-error";
import { fromRefusal, type InventoryPort } from "./inventory-port";
import { INVENTORY_INACTIVE } from "./inventory-store";
import { waitForOrder } from "./wait-for-order";

/**
 * placeOrder for an event whose places its inventory object counts (decision 0072): the object checks and holds the
 * places and answers with the order's id and token; D1 gets the order through the queue. A paid order's checkout is
 * created here as on the D1 path; its session id reaches the order through the object's queue (the order may not be
 * in D1 yet), and a checkout that cannot be created gives the places back. Null when the object no longer counts the
 * event's places (it went back to D1 meanwhile).
 */
export async function placeOrderThroughInventory(
  db: Database,
  inventory: InventoryPort,
  deps: PlaceOrderDeps,
  input: PlaceOrderInput,
): Promise<PlacedOrder | null> {
  const answer = await inventory.reserve(input.eventId, {
    body: input.body,
    rateLimits: deps.rateLimits ?? [],
    promoCodeGuess: input.body.promo_code ? (deps.promoCodeGuesses ?? null) : null,
  });
  if (!answer.ok && answer.refusal.messageKey === INVENTORY_INACTIVE) return null;
  if (!answer.ok) throw fromRefusal(answer.refusal);
  const { order } = answer;
  const placed: PlacedOrder = {
    id: order.orderId,
    status: order.status,
    accessToken: order.accessToken,
    amount: order.amount,
    fees: order.fees,
    payableUntil: order.payableUntil,
    checkoutUrl: null,
    eventId: order.plan.eventId,
    organizationId: order.plan.organizationId,
    // The queue's consumer records the webhook rows and hands them off.
    webhookDeliveriesRecorded: 0,
    writtenLater: true,
  };
  // A page goes on to the order or the checkout, which read it from D1: wait for the queue to write it there.
  const written = deps.waitUntilWritten ? await waitForOrder(db, order.orderId) : false;
  if (order.status === "paid" || !deps.createCheckout || order.payableUntil === null) return placed;
  try {
    const checkout = await deps.createCheckout({
      orderId: order.orderId,
      organizationId: order.plan.organizationId,
      eventId: order.plan.eventId,
      amount: order.amount,
      fees: order.fees,
      email: order.plan.buyer.email,
      locale: order.plan.locale,
      payableUntil: order.payableUntil,
      accessToken: order.accessToken,
      lines: order.plan.lines.map((line) => ({ title: line.title, quantity: line.quantity, amount: line.charged })),
      known: order.checkout,
    });
    if (written)
      await db.update(orders).set({ stripeCheckoutSessionId: checkout.sessionId }).where(eq(orders.id, order.orderId));
    else await inventory.attachCheckout(input.eventId, order.orderId, checkout.sessionId);
    return { ...placed, checkoutUrl: checkout.url };
  } catch (error) {
    console.error("checkout creation failed", error);
    await inventory.release(input.eventId, order.orderId);
    throw new AppError("conflict", "booking:errors.payment-unavailable", { reason: "payment_unavailable" });
  }
}
