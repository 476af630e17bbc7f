import { Hono } from "hono";
import * as v from "valibot";
import { paymentProviderFromEnv } from "#adapters/payments";
import { moveDateParticipants } from "#domain/date-changes/move-date-participants";
import { refundDateOrders } from "#domain/date-changes/refund-date-orders";
import { idSchema, requireId } from "#domain/shared/ids";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/**
 * Issue 30 §4: what follows a date's cancellation, under /api/events/:id/dates/:date_id — its participants moved to
 * another date with room, or its buyers refunded through the refund paths that exist.
 */
export const dateChangesApiRoutes = new Hono<ApiEnv>();

export const moveDateBodySchema = v.object({ to_date_id: idSchema });
export const refundDateBodySchema = v.object({ after: v.optional(v.nullable(idSchema)) });

/** POST /api/events/:id/dates/:date_id/move — `{to_date_id}` → `{moved}`; 409 `no_room` when it would not fit. */
dateChangesApiRoutes.post("/:id{[0-9]+}/dates/:date_id{[0-9]+}/move", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const dateId = requireId(c.req.param("date_id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, moveDateBodySchema);
  const result = await moveDateParticipants(c.get("db"), actor, {
    eventId,
    fromDateId: dateId,
    toDateId: body.to_date_id,
  });
  return c.json({ moved: result.moved });
});

/**
 * POST /api/events/:id/dates/:date_id/refund — `{after?}` → `{refunded, failed, not_refundable, next}`: a cancelled
 * date's paid orders, a few per call; call again with `after: next` until `next` is null.
 */
dateChangesApiRoutes.post("/:id{[0-9]+}/dates/:date_id{[0-9]+}/refund", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const dateId = requireId(c.req.param("date_id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, refundDateBodySchema);
  const db = c.get("db");
  const progress = await refundDateOrders(db, { provider: paymentProviderFromEnv(c.env, db), jobs: c.env }, actor, {
    eventId,
    dateId,
    after: body.after ?? null,
  });
  return c.json({
    refunded: progress.refunded,
    failed: progress.failed,
    not_refundable: progress.notRefundable,
    next: progress.next,
  });
});
