import { Hono } from "hono";
import { paymentProviderFromEnv } from "#adapters/payments";
import { confirmationEmailOrderId } from "#domain/payments/handle-provider-event";
import { receiveProviderWebhook } from "#domain/payments/receive-webhook";
import type { HonoEnv } from "../hono-app";
import { enqueueJobs, orderConfirmationJob } from "#domain/shared/jobs";

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
  if (receipt.status !== 200) return c.json({ error: receipt.error }, receipt.status);
  const { result } = receipt;
  const confirmedOrderId = confirmationEmailOrderId(result);
  if (confirmedOrderId !== null) {
    // The sale is recorded and this event marked handled: a 500 would only bring a replay that sends nothing, so a
    // queue failure is logged for the organizer's "resend" (H5) rather than answered as an error.
    try {
      await enqueueJobs(c.env, [orderConfirmationJob(confirmedOrderId)]);
    } catch (error) {
      console.error("confirmation email not queued", { orderId: confirmedOrderId, error });
    }
  }
  return c.json({ received: true, outcome: result.outcome });
});
