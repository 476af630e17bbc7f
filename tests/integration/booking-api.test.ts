import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { privateEventHash } from "#domain/events/private-event-link";
import { parseTicketToken, ticketTokenMatches } from "#domain/tickets/ticket-token";
import { insertEvent, insertOrganization, insertTicket } from "../support/fixtures";
import { formQuestion } from "../support/form-questions";
import { handleScheduled, HOLDS_CRON } from "../../workers/scheduled";
import { errorOf } from "../support/error-body";

const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let organizationId: number;
let sequence = 0;

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
});

function order(eventId: number, body: Record<string, unknown>, query = "") {
  sequence += 1;
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      buyer: { first_name: "Élise", last_name: "Núñez", email: `acheteur${sequence}@exemple.test` },
      ...body,
    }),
  });
}

async function published(values: Partial<typeof schema.events.$inferInsert> = {}) {
  return insertEvent(db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE, ...values });
}

async function rowCounts() {
  const tables = [schema.orders, schema.orderItems, schema.participants, schema.formAnswers] as const;
  return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
}

async function taken(ticketId: number) {
  const [row] = await db.all<{ n: number }>(
    sql`select (select purchased from tickets where id = ${ticketId}) + coalesce((select sum(quantity) from order_items where ticket_id = ${ticketId} and held_until > ${Date.now()}), 0) as n`,
  );
  return Number(row!.n);
}

/** Fires `n` booking requests at once and tallies the answers by status. */
async function rush(n: number, send: (i: number) => Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const statuses = new Map<number, number>();
  for (const response of responses) statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const soldOut = responses.find((response) => response.status === 409);
  return { statuses, soldOutBody: soldOut ? await soldOut.json() : null };
}

describe("POST /api/public/events/:id/orders", () => {
  it("confirms a free order at once and serves it with signed ticket tokens", async () => {
    const event = await published();
    const ticket = await insertTicket(db, event, { price: 0, isFree: true });
    const response = await order(event.id, { items: [{ ticket_id: ticket.id, quantity: 2 }] });
    expect(response.status).toBe(201);
    const placed = (await response.json()) as Record<string, unknown>;
    expect(placed).toMatchObject({ status: "paid", amount: 0, fees: 0, checkout_url: null, payable_until: null });
    expect(placed.access_token).toMatch(/^[a-z2-7]{32}$/);

    const read = await exports.default.fetch(
      `http://localhost/api/public/orders/${placed.id}?token=${placed.access_token}`,
    );
    expect(read.status).toBe(200);
    const json = (await read.json()) as { tickets_url: string; participants: { id: number; ticket_token: string }[] };
    expect(json.tickets_url).toBe(`${env.APP_URL}/orders/${placed.id}?token=${placed.access_token}`);
    expect(json.participants).toHaveLength(2);
    const [participant] = await db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.id, json.participants[0]!.id));
    const parsed = parseTicketToken(json.participants[0]!.ticket_token)!;
    expect(
      ticketTokenMatches(env, parsed, {
        eventId: event.id,
        participantId: participant!.id,
        accessToken: participant!.accessToken,
      }),
    ).toBe(true);

    const wrong = await exports.default.fetch(`http://localhost/api/public/orders/${placed.id}?token=nope`);
    expect(wrong.status).toBe(404);
  });

  it("holds a paid order pending with the demo checkout address", async () => {
    const event = await published();
    const ticket = await insertTicket(db, event, { price: 2500, amount: 10 });
    const response = await order(event.id, { items: [{ ticket_id: ticket.id, quantity: 2 }], locale: "en" });
    expect(response.status).toBe(201);
    const placed = (await response.json()) as {
      status: string;
      amount: number;
      fees: number;
      payable_until: string;
      checkout_url: string;
    };
    expect(placed).toMatchObject({ status: "pending", amount: 5000, fees: 2 * (38 + 25) });
    expect(Date.parse(placed.payable_until) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(placed.checkout_url).toMatch(/demo-checkout\/cs_demo_/);
    expect(await taken(ticket.id)).toBe(2);
  });

  it("answers 422 naming the fields, mandatory questions included, and writes nothing", async () => {
    const event = await published();
    const ticket = await insertTicket(db, event, { price: 1000 });
    const question = formQuestion("Q1w2e3r4t5y6u7i8", { title: "Taille de t-shirt", mandatory: true });
    await db.insert(schema.participationForms).values({
      organizationId,
      eventId: event.id,
      formType: "before-tickets",
      questions: JSON.stringify([question]),
    });
    const before = await rowCounts();
    const response = await order(event.id, {
      items: [{ ticket_id: ticket.id, quantity: 1 }],
      participants: [{ ticket_id: ticket.id, first_name: "Léa", last_name: "Roux", email: "pas-un-email" }],
    });
    expect(response.status).toBe(422);
    expect(errorOf(await response.json())).toMatchObject({
      type: "validation",
      fields: { "participants.0.email": "email_invalid", "participants.0.answers.Q1w2e3r4t5y6u7i8": "answer_required" },
    });
    const missing = await order(event.id, {
      items: [{ ticket_id: ticket.id, quantity: 1 }],
      participants: [{ ticket_id: ticket.id, first_name: "Léa", last_name: "Roux", email: "lea@exemple.test" }],
    });
    expect(missing.status).toBe(422);
    expect(errorOf(await missing.json()).fields).toEqual({
      "participants.0.answers.Q1w2e3r4t5y6u7i8": "answer_required",
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 404 for a private event without its t, a draft, or an unknown event", async () => {
    const hidden = await published({ visibility: "private" });
    const ticket = await insertTicket(db, hidden, { price: 0 });
    const items = [{ ticket_id: ticket.id, quantity: 1 }];
    expect((await order(hidden.id, { items })).status).toBe(404);
    expect((await order(hidden.id, { items, t: "x".repeat(22) })).status).toBe(404);
    expect((await order(hidden.id, { items }, `?t=${privateEventHash(env, hidden)}`)).status).toBe(201);
    const draft = await insertEvent(db, organizationId, { status: "draft", startAt: FUTURE });
    const draftTicket = await insertTicket(db, draft, { price: 0 });
    expect((await order(draft.id, { items: [{ ticket_id: draftTicket.id, quantity: 1 }] })).status).toBe(404);
    expect((await order(999_999, { items })).status).toBe(404);
  });

  it("sells exactly the last 100 places of a ticket to 500 parallel requests", { timeout: 180_000 }, async () => {
    const event = await published();
    const ticket = await insertTicket(db, event, { price: 1500, amount: 150, purchased: 50 });
    const { statuses, soldOutBody } = await rush(500, () =>
      order(event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }] }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 201: 100, 409: 400 });
    expect(errorOf(soldOutBody)).toMatchObject({ type: "conflict", code: "sold_out", ticket_id: ticket.id });
    expect(await taken(ticket.id)).toBe(150);
  });

  it("keeps the event capacity against 500 parallel requests", { timeout: 180_000 }, async () => {
    const event = await published({ eventCapacity: 100 });
    const a = await insertTicket(db, event, { price: 0 });
    const b = await insertTicket(db, event, { price: 2000 });
    const { statuses } = await rush(500, (i) =>
      order(event.id, { items: [{ ticket_id: i % 2 ? a.id : b.id, quantity: 1 }] }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 201: 100, 409: 400 });
    expect((await taken(a.id)) + (await taken(b.id))).toBe(100);
  });

  it(
    "lets a promo code limited to 10 uses serve exactly 10 of 500 parallel requests",
    { timeout: 180_000 },
    async () => {
      const event = await published();
      const ticket = await insertTicket(db, event, { price: 2000 });
      await db.insert(schema.promoCodes).values({
        organizationId,
        eventId: event.id,
        code: "RUSH10",
        discountType: "percent",
        discountValue: 1000,
        maxUses: 10,
      });
      const { statuses, soldOutBody } = await rush(500, () =>
        order(event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }], promo_code: "rush10" }),
      );
      expect(Object.fromEntries(statuses)).toEqual({ 201: 10, 409: 490 });
      // No ticket ran short: the code did, and the buyer is told so next to it (an order without it can still go).
      expect(errorOf(soldOutBody)).toMatchObject({
        type: "conflict",
        code: "promo_used_up",
        fields: { promo_code: "promo_used_up" },
      });
      const [used] = await db
        .select({ n: count() })
        .from(schema.orders)
        .where(eq(schema.orders.promoCodeKey, "RUSH10"));
      expect(used!.n).toBe(10);
    },
  );

  it("puts expired holds back on sale, and the cron marks their orders expired", async () => {
    const event = await published();
    const ticket = await insertTicket(db, event, { price: 1000, amount: 1 });
    const first = (await (await order(event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }] })).json()) as {
      id: number;
    };
    expect((await order(event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }] })).status).toBe(409);
    // The payment deadline passes.
    const past = new Date(Date.now() - 1000);
    await db.update(schema.orders).set({ payableUntil: past }).where(eq(schema.orders.id, first.id));
    await db.update(schema.orderItems).set({ heldUntil: past }).where(eq(schema.orderItems.orderId, first.id));
    expect((await order(event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }] })).status).toBe(201);

    const ctx = createExecutionContext();
    await handleScheduled(createScheduledController({ cron: HOLDS_CRON, scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const [expired] = await db.select().from(schema.orders).where(eq(schema.orders.id, first.id));
    expect(expired!.status).toBe("expired");
  });
});
