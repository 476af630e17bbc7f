import { Hono } from "hono";
import * as v from "valibot";
import { paymentProviderFromEnv } from "#adapters/payments";
import { getOrderRefunds, type OrderRefunds } from "#domain/refunds/get-order-refunds";
import { refundOrderPart, type PartialRefundResult } from "#domain/refunds/refund-order-part";
import { AppError } from "#domain/shared/app-error";
import { requireId } from "#domain/shared/ids";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/** Issue 28 §2: an order's partial refunds, under /api/events/:id/orders/:order_id (decision 0058). */
export const orderRefundsApiRoutes = new Hono<ApiEnv>();

/**
 * The body of a partial refund: `tickets` (participant ids, their places go back on sale) with `with_fees`, or
 * `amount` (cents, the tickets stay). The idempotency key is the `Idempotency-Key` header or `idempotency_key`.
 */
export const partialRefundBodySchema = v.object({
  tickets: v.optional(v.pipe(v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(1))), v.maxLength(500))),
  with_fees: v.optional(v.boolean()),
  amount: v.optional(v.pipe(v.number(), v.safeInteger())),
  idempotency_key: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

const refundsToJson = (refunds: OrderRefunds) => ({
  refunded_amount: refunds.state.refundedAmount,
  refunded_fees: refunds.state.refundedFees,
  left_to_refund: refunds.left,
  refunds: refunds.refunds.map((refund) => ({
    id: refund.id,
    amount: refund.amount,
    fee: refund.fee,
    tickets: refund.units,
    status: refund.status,
    created_at: new Date(refund.createdAt).toISOString(),
  })),
});

const refundToJson = (refund: PartialRefundResult) => ({
  id: refund.refundId,
  amount: refund.amount,
  fee: refund.fee,
  tickets: refund.units,
  closes_order: refund.closesOrder,
  status: refund.status,
  replayed: refund.replayed,
});

/** GET /api/events/:id/orders/:order_id/refunds — what was refunded, what is left, the partial refunds. */
orderRefundsApiRoutes.get("/:id{[0-9]+}/orders/:order_id{[0-9]+}/refunds", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const orderId = requireId(c.req.param("order_id"), "orders:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  return c.json(refundsToJson(await getOrderRefunds(c.get("db"), actor, { orderId, eventId })));
});

/**
 * POST /api/events/:id/orders/:order_id/refunds — a partial refund: 201 with the refund; the same key again answers
 * the same refund (200, `replayed: true`).
 */
orderRefundsApiRoutes.post("/:id{[0-9]+}/orders/:order_id{[0-9]+}/refunds", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const orderId = requireId(c.req.param("order_id"), "orders:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, partialRefundBodySchema);
  const byTickets = body.tickets !== undefined;
  if (byTickets === (body.amount !== undefined))
    throw new AppError("validation", "orders:errors.partial-refund.invalid-mode");
  const db = c.get("db");
  const refund = await refundOrderPart(db, { provider: paymentProviderFromEnv(c.env, db), jobs: c.env }, actor, {
    orderId,
    eventId,
    idempotencyKey: c.req.header("Idempotency-Key") ?? body.idempotency_key ?? "",
    request: byTickets
      ? { kind: "units", participantIds: body.tickets!, withFees: body.with_fees ?? true }
      : { kind: "amount", amount: body.amount! },
  });
  return c.json(refundToJson(refund), refund.replayed ? 200 : 201);
});
