import { createMiddleware } from "hono/factory";
import { inventoryModeOf } from "#domain/booking/booking-route-memo";
import { inventoryFromBinding } from "#domain/inventory/inventory-port";
import { errorFields, logger } from "#domain/shared/logger";
import type { HonoEnv } from "../hono-app";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** An organizer's write on one event: the dashboard API (`/api/events/:id/…`) or a page action (`/event/:id/…`). */
const EVENT_WRITE = /^\/(?:api\/events|event)\/(\d+)(?:\/|$)/;

/**
 * After an organizer's successful write on an event whose places its inventory object counts (decision 0072) — a
 * ticket's stock or price, a quota, a promo code, a date, a refund or a cancellation that gives places back — the
 * object reads the event from D1 again, so the next buyer meets the change. Events counted by D1 cost one indexed
 * read after such a write, nothing else; the object's own periodic refresh covers a write that comes another way.
 */
export const inventoryRefresh = createMiddleware<HonoEnv>(async (c, next) => {
  await next();
  if (READS.has(c.req.method) || c.res.status >= 400 || !c.env.EVENT_INVENTORY) return;
  const match = EVENT_WRITE.exec(new URL(c.req.url).pathname);
  if (!match) return;
  const eventId = Number(match[1]);
  let executionCtx: ExecutionContext;
  try {
    executionCtx = c.executionCtx as ExecutionContext;
  } catch {
    return;
  }
  const db = c.get("db");
  executionCtx.waitUntil(
    (async () => {
      if ((await inventoryModeOf(db, eventId)) === "object")
        await inventoryFromBinding(c.env.EVENT_INVENTORY).refresh(eventId);
    })().catch((error: unknown) =>
      logger.warn("inventory_refresh_failed", { event_id: eventId, ...errorFields(error) }),
    ),
  );
});
