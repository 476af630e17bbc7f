import { env, exports } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { getPublicEventVersion } from "#domain/public-events/get-public-event";
import { insertEvent, insertOrganization, insertTicket } from "../support/fixtures";

/*
 * Places held by unpaid (pending, unexpired) orders are taken on the public event as in the booking's conditional SQL
 * (issue 10 §3): the API, the page and the booking page read getPublicEvent, the edge cache getPublicEventVersion.
 */

const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let organizationId: number;
let sequence = 0;

type TicketJson = { id: number; title: string; status: string; remaining: number | null };

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
});

async function published(values: Partial<typeof schema.events.$inferInsert> = {}) {
  return insertEvent(db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE, ...values });
}

/** A paid order through the public API: pending, its places held for 30 minutes. */
async function placePendingOrder(eventId: number, items: { ticket_id: number; quantity: number }[]) {
  sequence += 1;
  const response = await exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      items,
      buyer: { first_name: "Élise", last_name: "Núñez", email: `retenue${sequence}@exemple.test` },
    }),
  });
  expect(response.status).toBe(201);
  const placed = (await response.json()) as { id: number; status: string };
  expect(placed.status).toBe("pending");
  return placed.id;
}

/** The payment deadline passed and the cron has not released the holds yet: they must be ignored meanwhile. */
async function runOut(orderIds: number[]) {
  const past = new Date(Date.now() - 1000);
  await db.update(schema.orders).set({ payableUntil: past }).where(inArray(schema.orders.id, orderIds));
  await db.update(schema.orderItems).set({ heldUntil: past }).where(inArray(schema.orderItems.orderId, orderIds));
}

async function publicTickets(eventId: number) {
  const response = await exports.default.fetch(`http://localhost/api/public/events/${eventId}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { tickets: TicketJson[] };
  return body.tickets.map((t) => [t.title, t.status, t.remaining]);
}

describe("GET /api/public/events/:id with places held by unpaid orders", () => {
  it("shows a ticket whose last places are held as sold out with nothing left, and back once the holds run out", async () => {
    const event = await published();
    const ticket = await insertTicket(db, event, {
      title: "Plein tarif",
      price: 2500,
      amount: 15,
      purchased: 3,
      showRemainingCount: true,
      maxPerOrder: 10,
    });
    const before = await getPublicEventVersion(db, event.id);
    expect(await publicTickets(event.id)).toEqual([["Plein tarif", "on_sale", 12]]);

    const first = await placePendingOrder(event.id, [{ ticket_id: ticket.id, quantity: 7 }]);
    expect(await publicTickets(event.id)).toEqual([["Plein tarif", "on_sale", 5]]);
    const second = await placePendingOrder(event.id, [{ ticket_id: ticket.id, quantity: 5 }]);
    expect(await publicTickets(event.id)).toEqual([["Plein tarif", "sold_out", 0]]);
    // What the page offers is what the booking takes: one more is refused.
    const refused = await exports.default.fetch(`http://localhost/api/public/events/${event.id}/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        items: [{ ticket_id: ticket.id, quantity: 1 }],
        buyer: { first_name: "Élise", last_name: "Núñez", email: "refusee@exemple.test" },
      }),
    });
    expect(refused.status).toBe(409);
    // The edge copy of the page is filed under another version as soon as a hold is placed.
    const held = await getPublicEventVersion(db, event.id);
    expect(held).not.toBe(before);

    await runOut([second]);
    expect(await publicTickets(event.id)).toEqual([["Plein tarif", "on_sale", 5]]);
    await runOut([first]);
    expect(await publicTickets(event.id)).toEqual([["Plein tarif", "on_sale", 12]]);
    expect(await getPublicEventVersion(db, event.id)).toBe(before);
  });

  it("counts held places against the event capacity: every ticket sold out while the last place is held", async () => {
    const event = await published({ eventCapacity: 10 });
    const main = await insertTicket(db, event, {
      title: "Plein tarif",
      price: 2500,
      purchased: 9,
      showRemainingCount: true,
      sort: 1,
    });
    await insertTicket(db, event, {
      title: "Tarif réduit",
      price: 1500,
      amount: 40,
      showRemainingCount: true,
      sort: 2,
    });
    await insertTicket(db, event, { title: "Sans compteur", price: 1000, sort: 3 });
    const addon = await insertTicket(db, event, {
      title: "Parking",
      price: 500,
      ticketType: "addon",
      amount: 20,
      showRemainingCount: true,
    });
    expect(await publicTickets(event.id)).toEqual([
      ["Plein tarif", "on_sale", 1],
      ["Tarif réduit", "on_sale", 1],
      ["Sans compteur", "on_sale", null],
    ]);

    const order = await placePendingOrder(event.id, [
      { ticket_id: main.id, quantity: 1 },
      { ticket_id: addon.id, quantity: 3 },
    ]);
    expect(await publicTickets(event.id)).toEqual([
      ["Plein tarif", "sold_out", 0],
      ["Tarif réduit", "sold_out", 0],
      ["Sans compteur", "sold_out", null],
    ]);
    const addons = (
      (await (await exports.default.fetch(`http://localhost/api/public/events/${event.id}`)).json()) as {
        addons: TicketJson[];
      }
    ).addons;
    // An add-on's holds take its own stock only, never the capacity.
    expect(addons.map((t) => [t.title, t.status, t.remaining])).toEqual([["Parking", "on_sale", 17]]);

    await runOut([order]);
    expect(await publicTickets(event.id)).toEqual([
      ["Plein tarif", "on_sale", 1],
      ["Tarif réduit", "on_sale", 1],
      ["Sans compteur", "on_sale", null],
    ]);
  });
});
