import { env, exports } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, idempotencyKeys, orders } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { purgeExpiredRecords } from "#domain/maintenance/purge-expired-records";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertTicket } from "../support/fixtures";

/** Issue 26 §4: a retried POST with the same Idempotency-Key does the work once and answers the first answer. */
const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users)) tokens[key] = (await createSession(db, user.id)).token;
});

async function publishedEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const event = await insertEvent(db, world.organization.id, { status: "published", startAt: FUTURE, ...values });
  const ticket = await insertTicket(db, event, { title: "Entrée", price: 0, amount: 10 });
  return { event, ticket };
}

const orderCount = async (eventId: number) =>
  (await db.select({ n: count() }).from(orders).where(eq(orders.eventId, eventId)))[0]!.n;

function book(eventId: number, body: unknown, key?: string) {
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key === undefined ? {} : { "Idempotency-Key": key }) },
    body: JSON.stringify(body),
  });
}

const buyer = { first_name: "Inès", last_name: "Roussel", email: "ines.roussel@exemple.fr" };

describe("Idempotency-Key", () => {
  it("books once when the public booking is sent twice with one key, and answers the same order", async () => {
    const { event, ticket } = await publishedEvent();
    const body = { buyer, items: [{ ticket_id: ticket.id, quantity: 2 }] };
    const key = `booking-${crypto.randomUUID()}`;

    const first = await book(event.id, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const firstJson = (await first.json()) as { id: number; access_token: string };

    const retry = await book(event.id, body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.headers.get("content-type")).toContain("application/json");
    expect(await retry.json()).toEqual(firstJson);
    expect(await orderCount(event.id)).toBe(1);

    // Without a key, the same body is a second order, as before.
    expect((await book(event.id, body)).status).toBe(201);
    expect(await orderCount(event.id)).toBe(2);
  });

  it("refuses the same key with another body (422), doing nothing", async () => {
    const { event, ticket } = await publishedEvent();
    const key = `booking-${crypto.randomUUID()}`;
    expect((await book(event.id, { buyer, items: [{ ticket_id: ticket.id, quantity: 1 }] }, key)).status).toBe(201);
    const other = await book(event.id, { buyer, items: [{ ticket_id: ticket.id, quantity: 3 }] }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: { code: "idempotency_key_reused" } });
    expect(await orderCount(event.id)).toBe(1);
  });

  it("runs simultaneous retries once: one answer does the work, the others replay it or are told it is running", async () => {
    const { event, ticket } = await publishedEvent();
    const body = { buyer, items: [{ ticket_id: ticket.id, quantity: 1 }] };
    const key = `rush-${crypto.randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(event.id, body, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 201 && a.headers.get("Idempotent-Replayed") === null)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(await answer.json()).toMatchObject({ error: { code: "idempotency_key_in_progress" } });
    expect(await orderCount(event.id)).toBe(1);
  });

  it("keeps keys per credential: another user's same key runs their own call", async () => {
    const { event, ticket } = await publishedEvent();
    const key = `manual-${crypto.randomUUID()}`;
    const manual = (as: string) =>
      call(`/events/${event.id}/manual-orders`, {
        method: "POST",
        headers: { "Idempotency-Key": key },
        body: { orders: [{ buyer, participants: [{ ticket_id: ticket.id, ...buyer }] }], send_email: false },
        as,
      });
    const first = await manual("owner");
    expect(first.status).toBe(201);
    expect((await manual("owner")).json).toEqual(first.json);
    expect(await orderCount(event.id)).toBe(1);
    const otherUser = await manual("manager");
    expect(otherUser.status).toBe(201);
    expect(otherUser.json.order_ids).not.toEqual(first.json.order_ids);
    expect(await orderCount(event.id)).toBe(2);
  });

  it("does not keep a refusal that never ran the call (401), nor a bad key", async () => {
    const { event } = await publishedEvent();
    const key = `refused-${crypto.randomUUID()}`;
    const unsigned = await exports.default.fetch(`http://localhost/api/events/${event.id}/tickets`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify({ title: "Tarif réduit", price: 1200 }),
    });
    expect(unsigned.status).toBe(401);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);

    const created = await call(`/events/${event.id}/tickets`, {
      method: "POST",
      headers: { "Idempotency-Key": key },
      body: { title: "Tarif réduit", price: 1200 },
    });
    expect(created.status).toBe(201);
    const again = await call(`/events/${event.id}/tickets`, {
      method: "POST",
      headers: { "Idempotency-Key": key },
      body: { title: "Tarif réduit", price: 1200 },
    });
    expect(again.json).toEqual(created.json);

    const bad = await call(`/events/${event.id}/tickets`, {
      method: "POST",
      headers: { "Idempotency-Key": "x".repeat(256) },
      body: { title: "Tarif réduit", price: 1200 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "idempotency_key_invalid" });
  });

  it("forgets keys after 24 hours: the daily purge removes them and the key may serve again", async () => {
    const { event, ticket } = await publishedEvent();
    const body = { buyer, items: [{ ticket_id: ticket.id, quantity: 1 }] };
    const key = `old-${crypto.randomUUID()}`;
    expect((await book(event.id, body, key)).status).toBe(201);
    await db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    // Expired but not yet purged: a new request under the key runs.
    expect((await book(event.id, body, key)).headers.get("Idempotent-Replayed")).toBeNull();
    expect(await orderCount(event.id)).toBe(2);
    await db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    const purged = await purgeExpiredRecords(db);
    expect(purged.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});
