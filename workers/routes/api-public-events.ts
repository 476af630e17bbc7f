import { Hono } from "hono";
import * as v from "valibot";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { publicEventToJson } from "#domain/public-events/public-event-json";
import { getPublicDates, parseMonth, ticketsOnDates } from "#domain/event-dates/public-dates";
import { quoteOrder } from "#domain/public-events/quote-order";
import { AppError } from "#domain/shared/app-error";
import { idSchema, parseId } from "#domain/shared/ids";
import { clientInfoFromHeaders } from "#domain/http/client-info";
import type { HonoEnv } from "../hono-app";
import { parseJson } from "../parse-json";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";

/** GET /api/public/events/:id and the promo-code check of the booking page (issue 10 §2). No session. */
export const publicEventsApiRoutes = new Hono<HonoEnv>();

async function findEvent(db: Parameters<typeof getPublicEvent>[0], env: HonoEnv["Bindings"], id: string, t: unknown) {
  const found = await getPublicEvent(db, parseId(id), {
    mode: "public",
    env,
    hash: typeof t === "string" ? t : null,
  });
  if (found.kind === "not-found") throw new AppError("not_found", "public-event:not-found.title");
  return found.event;
}

/** Published events only; a private one needs its `t`. `remaining` is null unless the organizer shows it. */
publicEventsApiRoutes.get("/events/:id", async (c) => {
  const event = await findEvent(c.get("db"), c.env, c.req.param("id"), c.req.query("t"));
  if (!event.multiDate) return c.json(publicEventToJson(event));
  // A multi-date event (issue 30 §3): `?month=YYYY-MM` (the event's time zone), `?page=`, `?date=` the picked date.
  const dates = await getPublicDates(c.get("db"), event, {
    month: parseMonth(c.req.query("month")),
    page: Number(c.req.query("page") ?? 1) || 1,
    dateId: parseId(c.req.query("date") ?? null),
    passTicketIds: event.tickets.filter((ticket) => ticket.pass).map((ticket) => ticket.id),
  });
  return c.json(publicEventToJson({ ...event, tickets: ticketsOnDates(event.tickets, dates) }, dates));
});

export const promoCheckSchema = v.object({
  code: v.pipe(v.string("booking:errors.promo-invalid"), v.trim(), v.maxLength(64, "booking:errors.promo-invalid")),
  items: v.pipe(
    v.array(
      v.object({
        ticket_id: idSchema,
        quantity: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(200)),
      }),
    ),
    v.maxLength(50),
  ),
  t: v.optional(v.nullable(boundedString(SHORT_TEXT_MAX_LENGTH))),
});

/** The discount a code gives on the chosen items, for the summary; the order call checks it again. */
publicEventsApiRoutes.post("/events/:id/promo-check", async (c) => {
  const body = await parseJson(c, promoCheckSchema);
  const event = await findEvent(c.get("db"), c.env, c.req.param("id"), body.t ?? c.req.query("t"));
  const quote = await quoteOrder(c.get("db"), event, {
    items: body.items.map((item) => ({ ticketId: item.ticket_id, quantity: item.quantity })),
    promoCode: body.code,
    ip: clientInfoFromHeaders(c.req.raw.headers).ip,
  });
  if (quote.promo?.status === "too_many_attempts")
    throw new AppError("rate_limited", "booking:promo.too-many-attempts");
  return c.json({
    promo: quote.promo,
    lines: quote.lines.map((line) => ({
      ticket_id: line.ticketId,
      title: line.title,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      discount: line.discount,
      fees: line.fees,
      fees_type: line.feesType,
      total: line.total,
    })),
    subtotal: quote.subtotal,
    discount: quote.discount,
    added_fees: quote.addedFees,
    total: quote.total,
  });
});
