import { Hono, type Context } from "hono";
import { paymentProviderFromEnv } from "#adapters/payments";
import { bookingRateLimits, promoCodeGuessLimit } from "#domain/booking/booking-rate-limits";
import { getPublicOrder } from "#domain/booking/get-public-order";
import { placeOrderBodySchema } from "#domain/booking/order-input-schema";
import { placeOrder } from "#domain/booking/place-order";
import { queueOrderEmails } from "#domain/order-documents/queue-order-emails";
import { bookingCheckout } from "#domain/payments/booking-checkout";
import { AppError, isAppError } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import { hitRateLimits } from "#domain/auth/rate-limit";
import { queueHolderTicketEmail } from "#domain/order-documents/queue-order-emails";
import { editOrderParticipant } from "#domain/self-service/edit-order-participant";
import { getOrderSelfService, publicOrderWithSelfService } from "#domain/self-service/get-order-self-service";
import { orderActionSchema } from "#domain/self-service/order-action-schema";
import { transferOrderParticipant } from "#domain/self-service/transfer-order-participant";
import { cancelOrderTickets } from "#domain/self-service/cancel-order-tickets";
import { assertWaitingRoomPass } from "#domain/waiting-room/waiting-room-gate";
import { WAITING_ROOM_PASS_HEADER } from "#domain/waiting-room/waiting-room-pass";
import type { HonoEnv } from "../hono-app";
import { inventoryFromBinding } from "#domain/inventory/inventory-port";
import { parseJson } from "../parse-json";
import { appErrorResponse } from "../error-response";

/**
 * The public booking calls (issue 10 §2), mounted under /api/public: no session, any origin. Their errors are in the
 * API's one format (workers/error-response.ts) with issue 10's statuses: 422 for bad input (the rest of the API answers
 * 400), 409 `sold_out` (with the ticket's `ticket_id` when one ran out) or `promo_used_up` when stock, capacity or a
 * promo code's uses run short, 503 `payment_unavailable`.
 */
export const publicOrdersApiRoutes = new Hono<HonoEnv>();

function bookingError(c: Context<HonoEnv>, error: unknown): Promise<Response> {
  if (!isAppError(error)) throw error;
  return appErrorResponse(c, error, error.code === "validation" ? { status: 422 } : {});
}

publicOrdersApiRoutes.post("/events/:id/orders", async (c) => {
  try {
    const eventId = parseId(c.req.param("id"));
    if (eventId === null) throw new AppError("not_found", "events:errors.not-found");
    const db = c.get("db");
    // During an on-sale behind a waiting room, a booking needs the room's pass (docs/decisions/0070-waiting-room.md).
    await assertWaitingRoomPass(db, c.env, { eventId, pass: c.req.header(WAITING_ROOM_PASS_HEADER), now: Date.now() });
    const body = await parseJson(c, placeOrderBodySchema);
    const ip = clientInfoFromHeaders(c.req.raw.headers).ip;
    const placed = await placeOrder(
      db,
      {
        env: c.env,
        inventory: inventoryFromBinding(c.env.EVENT_INVENTORY),
        rateLimits: bookingRateLimits(body.buyer.email, ip),
        promoCodeGuesses: promoCodeGuessLimit(ip, eventId),
        createCheckout: (request) =>
          bookingCheckout(db, paymentProviderFromEnv(c.env, db), {
            appUrl: c.env.APP_URL || new URL(c.req.url).origin,
            env: c.env,
          })(request),
      },
      { eventId, body: { ...body, t: body.t ?? c.req.query("t") ?? null } },
    );
    if (placed.webhookDeliveriesRecorded === 0) c.set("webhookDispatch", false);
    // A free order is confirmed already: its email goes through the queue, never in the way of the answer.
    if (placed.status === "paid" && !placed.writtenLater)
      c.executionCtx.waitUntil(queueOrderEmails(c.env, [placed.id]));
    return c.json(
      {
        id: placed.id,
        status: placed.status,
        access_token: placed.accessToken,
        amount: placed.amount,
        fees: placed.fees,
        payable_until: placed.payableUntil === null ? null : new Date(placed.payableUntil).toISOString(),
        checkout_url: placed.checkoutUrl,
      },
      201,
    );
  } catch (error) {
    return bookingError(c, error);
  }
});

/** The order with what its buyer may do now (issue 28 §4): the answer of GET and PATCH /orders/:id. */
async function orderAnswer(c: Context<HonoEnv>, orderId: number, token: string | undefined) {
  const db = c.get("db");
  const [order, selfService] = await Promise.all([
    getPublicOrder(db, c.env, { orderId, token }),
    getOrderSelfService(db, { orderId, token }),
  ]);
  // An embedding site on another origin opens the tickets link as it is: absolute, on our host.
  const origin = c.env.APP_URL || new URL(c.req.url).origin;
  return {
    ...publicOrderWithSelfService(order, selfService),
    tickets_url: new URL(order.tickets_url, origin).toString(),
  };
}

publicOrdersApiRoutes.get("/orders/:id", async (c) => {
  try {
    const orderId = parseId(c.req.param("id"));
    if (orderId === null) throw new AppError("not_found", "booking:errors.order-not-found");
    return c.json(await orderAnswer(c, orderId, c.req.query("token")));
  } catch (error) {
    return bookingError(c, error);
  }
});

/**
 * The buyer's own changes (issue 28 §2, §4): `edit_participant`, `transfer_participant` or `cancel` (tickets, or the
 * whole order, refunded under the event's policy; docs/decisions/0060), within the event's rules,
 * rate limited as bookings are (the order in place of the buyer's email). Answers the order as GET does.
 */
publicOrdersApiRoutes.patch("/orders/:id", async (c) => {
  try {
    const orderId = parseId(c.req.param("id"));
    if (orderId === null) throw new AppError("not_found", "booking:errors.order-not-found");
    const token = c.req.query("token");
    const body = await parseJson(c, orderActionSchema);
    const db = c.get("db");
    await hitRateLimits(db, bookingRateLimits(`order:${orderId}`, clientInfoFromHeaders(c.req.raw.headers).ip));
    if (body.action === "cancel") {
      const cancelled = await cancelOrderTickets(
        db,
        { provider: paymentProviderFromEnv(c.env, db), jobs: c.env },
        {
          orderId,
          token,
          participantIds: body.participant_ids ?? "order",
          idempotencyKey: c.req.header("Idempotency-Key") ?? body.idempotency_key ?? "",
        },
      );
      return c.json({
        ...(await orderAnswer(c, orderId, token)),
        cancellation: {
          refund_id: cancelled.refundId,
          amount: cancelled.amount,
          fee: cancelled.fee,
          units: cancelled.units,
          closes_order: cancelled.closesOrder,
          replayed: cancelled.replayed,
        },
      });
    }
    const input = { orderId, token, participantId: body.participant_id, body };
    if (body.action === "edit_participant") {
      await editOrderParticipant(db, input);
    } else {
      const transferred = await transferOrderParticipant(db, c.env, input);
      if (transferred.emailKey)
        c.executionCtx.waitUntil(queueHolderTicketEmail(c.env, { orderId, key: transferred.emailKey }));
    }
    return c.json(await orderAnswer(c, orderId, token));
  } catch (error) {
    return bookingError(c, error);
  }
});
