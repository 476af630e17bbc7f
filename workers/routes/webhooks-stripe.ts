import { Hono } from "hono";
import { paymentProviderFromEnv } from "#adapters/payments";
import { confirmationEmailOrderId } from "#domain/payments/handle-provider-event";
import { receiveProviderWebhook } from "#domain/payments/receive-webhook";
import { queueOrderEmails } from "#domain/order-documents/queue-order-emails";
import { queueRefundEmail } from "#domain/order-documents/refund-email-outbox";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";
import type { HonoEnv } from "../hono-app";
import { errorResponse } from "../error-response";

/**
 * POST /webhooks/stripe: Stripe's deliveries (and nothing else: the body is read raw, the signature checked before
 * anything else). 400 on a bad signature, 200 once handled (replays and ignored types included), 500 when handling
 * failed so that Stripe delivers again (docs/decisions/0015-payments.md).
 */
export const stripeWebhookRoutes = new Hono<HonoEnv>();

stripeWebhookRoutes.post("/", async (c) => {
  const db = c.get("db");
  const receipt = await receiveProviderWebhook(
    db,
    { provider: paymentProviderFromEnv(c.env, db) },
    { payload: await c.req.text(), signature: c.req.header("stripe-signature") },
  );
  if (receipt.status !== 200) {
    return receipt.status === 400
      ? errorResponse(c, { type: "validation", code: receipt.error, messageKey: "errors:invalid-signature" })
      : errorResponse(c, { type: "unavailable", code: receipt.error, messageKey: "errors:webhook-unconfigured" });
  }
  const { result } = receipt;
  const confirmedOrderId = confirmationEmailOrderId(result);
  // The sale is recorded and this event marked handled: a queue failure is logged (the outbox sweep sends it), not
  // answered with a 500 that would only bring a replay sending nothing.
  if (confirmedOrderId !== null) await queueOrderEmails(c.env, [confirmedOrderId]);
  // A refund made at the provider (Stripe's dashboard) tells the buyer too (decision 0041).
  if (result.outcome === "refunded" && result.orderId !== undefined) await queueRefundEmail(c.env, result.orderId);
  // A refund or an expired checkout gave places back: the waiting lists' next people get offers.
  if ((result.outcome === "refunded" || result.outcome === "expired") && result.orderId !== undefined)
    await offerFreedPlaces(db, c.env, { orderId: result.orderId });
  return c.json({ received: true, outcome: result.outcome });
});
