import { createMiddleware } from "hono/factory";
import { dispatchDueWebhookDeliveries } from "#domain/webhooks/dispatch-due-webhook-deliveries";
import { logEvent } from "#domain/shared/log";
import type { HonoEnv } from "../hono-app";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The outbox's fast path: after a successful write (an API call, a page action, a payment webhook), hand the
 * deliveries it recorded to the queue without delaying the response. The scheduled sweep is the safety net for a
 * hand-off that fails here.
 */
export const webhookDispatch = createMiddleware<HonoEnv>(async (c, next) => {
  await next();
  if (READS.has(c.req.method) || c.res.status >= 400 || !c.env.JOBS) return;
  // A write that knows it recorded no delivery (a booking for an organization without endpoints) skips the hand-off;
  // deliveries of other requests are handed off by their own requests, and by the scheduled sweep if one was lost.
  if (c.get("webhookDispatch") === false) return;
  let executionCtx: ExecutionContext;
  try {
    executionCtx = c.executionCtx as ExecutionContext;
  } catch {
    return; // Requests made in tests without an execution context: the scheduled sweep still delivers.
  }
  executionCtx.waitUntil(
    dispatchDueWebhookDeliveries(c.get("db"), c.env.JOBS).catch((error: unknown) =>
      logEvent({ event: "webhooks.dispatch_failed", level: "warn", error: String(error) }),
    ),
  );
});
