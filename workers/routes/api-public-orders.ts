import { Hono, type Context } from "hono";
import { paymentProviderFromEnv } from "#adapters/payments";
import { bookingRateLimits, promoCodeGuessLimit } from "#domain/booking/booking-rate-limits";
import { getPublicOrder } from "#domain/booking/get-public-order";
import { placeOrderBodySchema } from "#domain/booking/order-input-schema";
import { placeOrder } from "#domain/booking/place-order";
import { queueOrderEmails } from "#domain/order-documents/queue-order-emails";
import { bookingCheckout } from "#domain/payments/booking-checkout";
import { AppError, appErrorBody, httpStatusOf, isAppError } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import type { HonoEnv } from "../hono-app";
import { parseJson } from "../parse-json";

/**
 * The public booking calls (issue 10 §2), mounted under /api/public: no session, any origin. Their error bodies
 * follow the issue: 422 with the fields for bad input (the rest of the API answers 400), 409 `{ error: "sold_out",
 * ticket_id? }` when stock, capacity or a promo code's uses run short.
 */
export const publicOrdersApiRoutes = new Hono<HonoEnv>();

function bookingError(c: Context<HonoEnv>, error: unknown): Response {
  if (!isAppError(error)) throw error;
  const { reason } = error;
  if (error.code === "validation")
    return c.json({ error: "validation", reason, message: error.messageKey, fields: error.fields ?? {} }, 422);
  if (reason === "promo_used_up")
    return c.json({ error: "sold_out", reason, message: error.messageKey, fields: error.fields ?? {} }, 409);
  if (reason === "sold_out") {
    const ticketId = error.details?.ticketId;
    return c.json({ error: "sold_out", reason, ...(typeof ticketId === "number" ? { ticket_id: ticketId } : {}) }, 409);
  }
  if (reason === "payment_unavailable")
    return c.json({ error: "payment_unavailable", reason, message: error.messageKey }, 503);
  return c.json(appErrorBody(error), httpStatusOf(error) as 400 | 401 | 403 | 404 | 409 | 422 | 429);
}

publicOrdersApiRoutes.post("/events/:id/orders", async (c) => {
  try {
    const eventId = parseId(c.req.param("id"));
    if (eventId === null) throw new AppError("not_found", "events:errors.not-found");
    const body = await parseJson(c, placeOrderBodySchema);
    const db = c.get("db");
    const ip = clientInfoFromHeaders(c.req.raw.headers).ip;
    const placed = await placeOrder(
      db,
      {
        env: c.env,
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
    if (placed.status === "paid") c.executionCtx.waitUntil(queueOrderEmails(c.env, [placed.id]));
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

publicOrdersApiRoutes.get("/orders/:id", async (c) => {
  try {
    const orderId = parseId(c.req.param("id"));
    if (orderId === null) throw new AppError("not_found", "booking:errors.order-not-found");
    const order = await getPublicOrder(c.get("db"), c.env, { orderId, token: c.req.query("token") });
    // An embedding site on another origin opens the tickets link as it is: absolute, on our host.
    const origin = c.env.APP_URL || new URL(c.req.url).origin;
    return c.json({ ...order, tickets_url: new URL(order.tickets_url, origin).toString() });
  } catch (error) {
    return bookingError(c, error);
  }
});
