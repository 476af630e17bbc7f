import { Hono } from "hono";
import { receiveEmailProviderEvent } from "#domain/attendee-messages/receive-email-provider-event";
import { errorResponse } from "../error-response";
import type { HonoEnv } from "../hono-app";

/**
 * POST /webhooks/resend: Resend's delivery reports (bounces of messages to attendees). The body is read raw and the
 * signature checked first; 400 on a bad one, 503 when RESEND_WEBHOOK_SECRET is not set, 200 once handled.
 */
export const resendWebhookRoutes = new Hono<HonoEnv>();

resendWebhookRoutes.post("/", async (c) => {
  const receipt = await receiveEmailProviderEvent(c.get("db"), {
    secret: c.env.RESEND_WEBHOOK_SECRET,
    headers: {
      id: c.req.header("svix-id") ?? c.req.header("webhook-id"),
      timestamp: c.req.header("svix-timestamp") ?? c.req.header("webhook-timestamp"),
      signature: c.req.header("svix-signature") ?? c.req.header("webhook-signature"),
    },
    body: await c.req.text(),
  });
  if (receipt.status === 400)
    return errorResponse(c, { type: "validation", code: receipt.error, messageKey: "errors:invalid-signature" });
  if (receipt.status === 503)
    return errorResponse(c, { type: "unavailable", code: receipt.error, messageKey: "errors:webhook-unconfigured" });
  return c.json({ received: true, outcome: receipt.outcome });
});
