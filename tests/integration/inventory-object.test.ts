import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { planOrder } from "#domain/booking/plan-order";
import type { InventoryMessage } from "#domain/inventory/inventory-messages";
import { reserveOrderIds } from "#domain/inventory/reserve-order-ids";
import { writeInventoryOrders } from "#domain/inventory/write-inventory-orders";
import { testEnv, workerFetch } from "../support/fault-worker";
import { faultyD1 } from "../support/faulty-d1";
import { createSession } from "#domain/auth/sessions";
import { insertEvent, insertEventsWorld, insertOrganization, insertTicket } from "../support/fixtures";

// Issue 31 §1 (decision 0072) on the platform's own pieces: the event's Durable Object answers the public booking
// API, the real queue carries its orders to the consumer, which writes them into D1.
const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let organizationId: number;
let buyer = 0;

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
});

function order(ticketId: number, quantity = 1) {
  buyer += 1;
  return new Request(`http://localhost/api/public/events/${eventIdOf.get(ticketId)}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${buyer % 250}` },
    body: JSON.stringify({
      items: [{ ticket_id: ticketId, quantity }],
      buyer: { first_name: "Léa", last_name: "Moreau", email: `rush${buyer}@exemple.test` },
    }),
  });
}
const eventIdOf = new Map<number, number>();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  // The queue delivers within its batch timeout (1 s) once the object's alarm handed the orders over.
  for (let attempt = 0; attempt < 150; attempt++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}

describe("an event on sale through its inventory object", () => {
  it("answers the booking API from the object, refuses past the stock, and the queue writes exactly the accepted orders into D1", async () => {
    const event = await insertEvent(db, organizationId, {
      status: "published",
      startAt: FUTURE,
      endAt: FUTURE,
      inventoryMode: "object",
    });
    const ticket = await insertTicket(db, event, { price: 0, isFree: true, amount: 5 });
    eventIdOf.set(ticket.id, event.id);

    const answers = await Promise.all(Array.from({ length: 8 }, () => workerFetch(testEnv(), order(ticket.id))));
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(5);
    const refusals = await Promise.all(
      answers.filter((answer) => answer.status !== 201).map((answer) => answer.json()),
    );
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ error: { code: "sold_out", ticket_id: ticket.id } });
    const bodies = (await Promise.all(created.map((answer) => answer.json()))) as { id: number; status: string }[];
    expect(bodies.every((body) => body.status === "paid")).toBe(true);

    const rows = await until(
      () => db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id)),
      (found) => found.length >= 5,
    );
    expect(rows.map((row) => row.id).sort()).toEqual(bodies.map((body) => body.id).sort());
    const [row] = await db.select().from(schema.tickets).where(eq(schema.tickets.id, ticket.id));
    expect(row!.purchased).toBe(5);
    const [people] = await db.all<{ n: number }>(
      sql`select count(*) as n from participants where ticket_id = ${ticket.id}`,
    );
    expect(Number(people!.n)).toBe(5);

    // The object, read again from D1, counts the same 5, and D1 itself gives nobody a place of this event.
    const object = env.EVENT_INVENTORY.getByName(String(event.id));
    await object.refresh(event.id);
    const stats = await object.stats(event.id);
    expect(stats.taken[ticket.id]).toBe(5);
    expect(stats.ownOrders).toBe(0);
    expect(stats.outbox).toBe(0);
  });

  it("answers 404 for an event that is not published, from the object as from D1", async () => {
    const draft = await insertEvent(db, organizationId, { status: "draft", inventoryMode: "object" });
    const ticket = await insertTicket(db, draft, { price: 0, isFree: true, amount: 5 });
    eventIdOf.set(ticket.id, draft.id);
    const answer = await workerFetch(testEnv(), order(ticket.id));
    expect(answer.status).toBe(404);
  });
});

describe("the inventory queue's consumer", () => {
  it("writes nothing of a delivery whose D1 batch fails midway, then all of it once on the retry and nothing on a redelivery", async () => {
    const event = await insertEvent(db, organizationId, {
      status: "published",
      startAt: FUTURE,
      endAt: FUTURE,
      inventoryMode: "object",
    });
    const ticket = await insertTicket(db, event, { price: 0, isFree: true, amount: 50 });
    const block = await reserveOrderIds(db, { organizationId, eventId: event.id, count: 3, now: Date.now() });
    const messages: InventoryMessage[] = [0, 1, 2].map((index) => ({
      kind: "place",
      orderId: block.first + index,
      accessToken: `consumer-fault-${event.id}-${index}`,
      placedAt: Date.now(),
      payableUntil: null,
      timezone: "Europe/Paris",
      plan: planOrder({
        event: { ...event, hasDates: false },
        tickets: [ticket],
        promo: null,
        forms: { before: null, beforeTickets: null },
        body: {
          items: [{ ticket_id: ticket.id, quantity: 2 }],
          buyer: { first_name: "Noé", last_name: "Bernard", email: `consumer${index}@exemple.test` },
          answers: {},
          locale: "fr",
        },
        now: Date.now(),
      }),
    }));
    const faulty = faultyD1(env.DB);
    faulty.inject({ match: /^insert into "participants"/i, nth: 3 });
    await expect(writeInventoryOrders(createD1Database(faulty.binding), messages)).rejects.toThrow(/D1_ERROR/);
    expect(faulty.fired).toBe(1);
    expect(await db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id))).toHaveLength(0);

    const retried = await writeInventoryOrders(db, messages);
    expect(retried.written.sort()).toEqual(messages.map((message) => (message as { orderId: number }).orderId).sort());
    const redelivered = await writeInventoryOrders(db, messages);
    expect(redelivered.written).toEqual([]);
    expect(redelivered.confirmed).toHaveLength(3);
    const [row] = await db.select().from(schema.tickets).where(eq(schema.tickets.id, ticket.id));
    expect(row!.purchased).toBe(6);
  });
});

describe("an organizer's edits while the object counts", () => {
  it("switches the event through the API, and a lowered stock reaches the object before the next buyer", async () => {
    const world = await insertEventsWorld(db);
    const token = (await createSession(db, world.users.owner.id)).token;
    const api = (path: string, method: string, json: unknown) =>
      workerFetch(
        testEnv(),
        new Request(`http://localhost/api${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(json),
        }),
      );
    const event = await insertEvent(db, world.organization.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
    const ticket = await insertTicket(db, event, { price: 0, isFree: true, amount: 4 });
    eventIdOf.set(ticket.id, event.id);

    const switched = await api(`/events/${event.id}/inventory`, "PUT", { mode: "object" });
    expect(switched.status).toBe(200);
    expect(await switched.json()).toEqual({ mode: "object" });
    const bad = await api(`/events/${event.id}/inventory`, "PUT", { mode: "elsewhere" });
    expect(bad.status).toBe(400);

    expect((await workerFetch(testEnv(), order(ticket.id))).status).toBe(201);
    const lowered = await api(`/events/${event.id}/tickets/${ticket.id}`, "PUT", { amount: 1 });
    expect(lowered.status).toBe(200);
    const refused = await workerFetch(testEnv(), order(ticket.id));
    expect(refused.status).toBe(409);
  });
});
