import * as v from "valibot";
import { createD1Database } from "#db/d1";
import { placeOrderBodySchema } from "#domain/booking/order-input-schema";
import { placeOrder } from "#domain/booking/place-order";
import { httpStatusOf, isAppError } from "#domain/shared/app-error";
import type { ScaleEnv } from "./env";
import type { ReserveResult } from "./event-inventory";
import type { InventoryMessage } from "./messages";
import { writeOrders } from "./orders-writer";

export { EventInventory } from "./event-inventory";

/**
 * The scale prototype's Worker (docs/decisions/0027-scale-plan.md), served only by `npm run scale-sim`:
 *   POST /d1/events/:id/orders  today's path: the app's placeOrder, one guarded D1 batch per order;
 *   POST /do/events/:id/orders  the event's Durable Object reserves, D1 gets the order later through the queue;
 *   POST /do/events/:id/hold-ms the object's hold duration for paid orders (the expiry check);
 *   GET  /stats/:id             what D1 and the object hold for the event, for the invariant checks;
 *   GET  /health                no storage at all: the ceiling of the same process at the same moment.
 * Both order routes take the body of the app's POST /api/public/events/:id/orders and answer like it (201 / 409…).
 */
export default {
  async fetch(request, env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/health") return json({ ok: true });
    const match = /^\/(d1|do|stats)(?:\/events)?\/(\d+)(\/orders|\/hold-ms)?$/.exec(url.pathname);
    if (!match) return json({ error: "not_found" }, 404);
    const [, area, id, action] = match;
    const eventId = Number(id);
    if (area === "stats" && request.method === "GET") return json(await eventStats(env, eventId));
    if (request.method !== "POST") return json({ error: "not_found" }, 404);
    const input = (await request.json().catch(() => null)) as unknown;

    if (area === "do" && action === "/hold-ms") {
      const holdMs = Number((input as { holdMs?: unknown } | null)?.holdMs);
      await env.INVENTORY.getByName(String(eventId)).setHoldMs(eventId, holdMs);
      return json({ holdMs });
    }
    if (action !== "/orders") return json({ error: "not_found" }, 404);
    const parsed = v.safeParse(placeOrderBodySchema, input);
    if (!parsed.success) return json({ error: "validation" }, 400);

    if (area === "do") {
      // The RPC stub's result type is the union wrapped for transport, which `ok` alone does not narrow.
      const result = (await env.INVENTORY.getByName(String(eventId)).reserve(eventId, parsed.output)) as ReserveResult;
      return result.ok ? json(result, 201) : json(result, result.httpStatus);
    }
    try {
      const placed = await placeOrder(createD1Database(env.DB), { env }, { eventId, body: parsed.output });
      return json(placed, 201);
    } catch (error) {
      if (isAppError(error))
        return json({ error: error.code, message: error.messageKey, details: error.details }, httpStatusOf(error));
      throw error;
    }
  },

  async queue(batch, env): Promise<void> {
    await writeOrders(
      createD1Database(env.DB),
      batch.messages.map((message) => message.body),
    );
    batch.ackAll();
  },
} satisfies ExportedHandler<ScaleEnv, InventoryMessage>;

async function eventStats(env: ScaleEnv, eventId: number) {
  const now = Date.now();
  const [ticketRows, orderRows, promoRows, figureRows] = await env.DB.batch([
    env.DB.prepare(
      `select t.id, t.amount, t.ticket_type as type, t.purchased,
        coalesce((select sum(quantity) from order_items i where i.ticket_id = t.id and i.held_until > ?2), 0) as held,
        (select count(*) from participants p join orders o on o.id = p.order_id
          where p.ticket_id = t.id and o.status = 'paid') as participants
       from tickets t where t.event_id = ?1 order by t.id`,
    ).bind(eventId, now),
    env.DB.prepare(`select status, count(*) as n from orders where event_id = ?1 group by status`).bind(eventId),
    env.DB.prepare(
      `select p.id, p.max_uses, p.use_count,
        (select count(*) from orders o where o.promo_code_id = p.id and o.status = 'paid') as paid_orders,
        (select count(*) from orders o where o.promo_code_id = p.id and o.status = 'pending'
          and o.payable_until > ?2) as pending_orders
       from promo_codes p where p.event_id = ?1`,
    ).bind(eventId, now),
    env.DB.prepare(`select participants, orders from sales_figures where event_id = ?1`).bind(eventId),
  ]);
  let inventory: unknown;
  try {
    inventory = await env.INVENTORY.getByName(String(eventId)).stats(eventId);
  } catch (error) {
    inventory = { error: String(error) };
  }
  return {
    eventId,
    capacity: (
      await env.DB.prepare("select event_capacity as capacity from events where id = ?1").bind(eventId).first<{
        capacity: number;
      }>()
    )?.capacity,
    d1: {
      tickets: ticketRows!.results,
      orders: orderRows!.results,
      promos: promoRows!.results,
      figures: figureRows!.results[0] ?? null,
    },
    inventory,
  };
}

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}
