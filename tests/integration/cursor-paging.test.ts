import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../support/fixtures";

/** Issue 26 §4: cursor lists for integrators; a sync while sales continue never skips nor repeats a row. */
const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

type List<T> = { object: "list"; data: T[]; has_more: boolean };

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users)) tokens[key] = (await createSession(db, user.id)).token;
});

async function publishedEventWithTicket() {
  const event = await insertEvent(db, world.organization.id, { status: "published", startAt: FUTURE });
  const ticket = await insertTicket(db, event, { title: "Entrée", price: 0 });
  return { event, ticket };
}

function book(eventId: number, ticketId: number, n: number) {
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      buyer: { first_name: "Yann", last_name: `Kerbrat ${n}`, email: `yann.${n}@exemple.fr` },
      items: [{ ticket_id: ticketId, quantity: 1 }],
    }),
  });
}

/** Follows `starting_after` to the end, calling `between` after each page (sales landing during the sync). */
async function syncAll<T extends { id: number }>(path: string, limit: number, between: () => Promise<void>) {
  const seen: number[] = [];
  let after: number | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const separator = path.includes("?") ? "&" : "?";
    const page = await call(`${path}${separator}limit=${limit}${after === null ? "" : `&starting_after=${after}`}`);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    const list = page.json as List<T>;
    expect(list.object).toBe("list");
    expect(list.data.length).toBeLessThanOrEqual(limit);
    seen.push(...list.data.map((row) => row.id));
    if (!list.has_more) return seen;
    after = list.data.at(-1)!.id;
    await between();
  }
  throw new Error("the sync never ended");
}

describe("cursor lists", () => {
  it("pages through the participants while bookings land: every row once, in id order, the new ones at the end", async () => {
    const { event, ticket } = await publishedEventWithTicket();
    for (let n = 0; n < 23; n++) expect((await book(event.id, ticket.id, n)).status).toBe(201);
    let landed = 100;
    const seen = await syncAll<{ id: number }>(`/events/${event.id}/participants`, 5, async () => {
      for (let k = 0; k < 2; k++) expect((await book(event.id, ticket.id, landed++)).status).toBe(201);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Every participant of the event, those booked during the sync included.
    const ofEvent = await call(`/events/${event.id}/participants?limit=100`);
    const everyId = (ofEvent.json as List<{ id: number }>).data.map((row) => row.id);
    expect(everyId.length).toBe(23 + (landed - 100));
    expect(seen).toEqual(everyId);
  });

  it("answers participants with spec §3's fields and orders with their displayed status", async () => {
    const { event, ticket } = await publishedEventWithTicket();
    const { order } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 2 }] });
    const participants = (await call(`/events/${event.id}/participants?limit=1`)).json as List<Record<string, unknown>>;
    expect(participants.has_more).toBe(true);
    expect(participants.data[0]).toMatchObject({
      event: event.id,
      payment: order.id,
      ticket: ticket.id,
      first_name: "Alex",
      ticket_title: "Entrée",
      ticket_type: "ticket",
    });
    const orders = (await call(`/events/${event.id}/orders`)).json as List<Record<string, unknown>>;
    expect(orders).toMatchObject({ object: "list", has_more: false, data: [{ id: order.id, status: "paid" }] });
  });

  it("pages entries and transactions by cursor, and keeps the page numbers of the app's calls", async () => {
    const { event, ticket } = await publishedEventWithTicket();
    const { participants } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 3 }] });
    for (const participant of participants)
      await db.insert(schema.entries).values({
        organizationId: event.organizationId,
        eventId: event.id,
        participantId: participant.id,
        ticketId: ticket.id,
        isIn: true,
        validatedAt: new Date(),
      });
    const entries = await syncAll<{ id: number }>(`/events/${event.id}/entries`, 2, async () => {});
    expect(entries).toHaveLength(3);
    const legacy = await call(`/events/${event.id}/entries?page=0&page_size=2`);
    expect(legacy.json).toMatchObject({ total: 3, page: 0, page_size: 2 });
    expect(legacy.json.entries).toHaveLength(2);

    for (let n = 0; n < 4; n++)
      await db.insert(schema.transactions).values({
        organizationId: world.organization.id,
        eventId: event.id,
        type: "charge",
        amount: 1000 + n,
        net: 950 + n,
        fee: 50,
        occurredAt: new Date(Date.now() - n * 60_000),
      });
    const ledger = await syncAll<{ id: number; amount: number }>(
      `/organizers/${world.organization.id}/finance/transactions?event=${event.id}`,
      3,
      async () => {},
    );
    expect(ledger).toHaveLength(4);
    expect(ledger).toEqual([...ledger].sort((a, b) => a - b));
  });

  it("refuses a limit out of 1–100 or a cursor that is not an id, with the field named", async () => {
    const { event } = await publishedEventWithTicket();
    for (const query of ["limit=0", "limit=101", "limit=abc", "starting_after=-3"]) {
      const answer = await call(`/events/${event.id}/participants?${query}`);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.json.fields), query).toHaveLength(1);
    }
    // Another organization's event: 404, as everywhere.
    const other = await call(`/events/${event.id}/orders`, { as: "foreignOwner" });
    expect(other.status).toBe(404);
  });
});
