import { env, exports } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { rateLimitRules } from "#domain/auth/rate-limit";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { quoteOrder } from "#domain/public-events/quote-order";
import { insertEvent, insertOrganization, insertTicket } from "../support/fixtures";
import { errorOf } from "../support/error-body";

// Guessing a promo code: only codes that do not exist count, per IP and event, on every path that answers whether a
// code exists (the promo check, the booking page's ?promo=, the order).
const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const LIMIT = rateLimitRules.promoCodeGuessesPerIpAndEvent.limit;

let organizationId: number;
let sequence = 0;

beforeAll(async () => {
  organizationId = (await insertOrganization(db, { title: "Théâtre des Guessers" })).id;
});

async function eventWithCode() {
  const event = await insertEvent(db, organizationId, {
    title: "Concert du soir",
    status: "published",
    startAt: FUTURE,
    endAt: FUTURE,
  });
  const ticket = await insertTicket(db, event, { title: "Placement libre", price: 2000, amount: 500 });
  await db.insert(schema.promoCodes).values({
    organizationId,
    eventId: event.id,
    code: "AMIS20",
    discountType: "percent",
    discountValue: 2000,
    maxUses: -1,
    appliesToAllTickets: true,
  });
  return { event, ticket };
}

function promoCheck(eventId: number, ticketId: number, code: string, ip: string) {
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/promo-check`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ code, items: [{ ticket_id: ticketId, quantity: 1 }] }),
  });
}

function order(eventId: number, ticketId: number, ip: string, promoCode?: string) {
  sequence += 1;
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({
      buyer: { first_name: "Inès", last_name: "Ferreira", email: `devine${sequence}@exemple.test` },
      items: [{ ticket_id: ticketId, quantity: 1 }],
      ...(promoCode ? { promo_code: promoCode } : {}),
    }),
  });
}

async function ordersOf(eventId: number) {
  const [row] = await db.select({ n: count() }).from(schema.orders).where(eq(schema.orders.eventId, eventId));
  return row!.n;
}

async function guessUpToTheLimit(eventId: number, ticketId: number, ip: string) {
  for (let i = 0; i < LIMIT; i++) {
    const response = await promoCheck(eventId, ticketId, `FAUX${i}`, ip);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ promo: { status: "invalid" } });
  }
}

describe("promo-code guesses", () => {
  it("refuses the promo check past the limit of unknown codes, even a real code, for that IP and event only", async () => {
    const { event, ticket } = await eventWithCode();
    await guessUpToTheLimit(event.id, ticket.id, "198.51.100.10");

    const refused = await promoCheck(event.id, ticket.id, "AMIS20", "198.51.100.10");
    expect(refused.status).toBe(429);
    expect(errorOf(await refused.json())).toMatchObject({ type: "rate_limited", code: "promo_too_many_attempts" });

    // Another buyer's connection, and the same connection on another event, are not held back.
    const elsewhere = await promoCheck(event.id, ticket.id, "AMIS20", "198.51.100.11");
    expect(await elsewhere.json()).toMatchObject({
      promo: { code: "AMIS20", status: "applied" },
      discount: 400,
    });
    const other = await eventWithCode();
    const otherEvent = await promoCheck(other.event.id, other.ticket.id, "AMIS20", "198.51.100.10");
    expect(await otherEvent.json()).toMatchObject({ promo: { status: "applied" } });
  });

  it("never counts a code that exists, however often it is typed", async () => {
    const { event, ticket } = await eventWithCode();
    for (let i = 0; i < LIMIT + 10; i++) {
      const response = await promoCheck(event.id, ticket.id, i % 2 ? "amis20" : " AMIS20 ", "198.51.100.20");
      expect(await response.json()).toMatchObject({ promo: { status: "applied" } });
    }
    const placed = await order(event.id, ticket.id, "198.51.100.20", "AMIS20");
    expect(placed.status).toBe(201);
    expect(await placed.json()).toMatchObject({ amount: 1600 });
  });

  it("refuses parallel guesses past the limit: the count is one statement per attempt", async () => {
    const { event, ticket } = await eventWithCode();
    const responses = await Promise.all(
      Array.from({ length: LIMIT + 30 }, (_, i) => promoCheck(event.id, ticket.id, `PARALLELE${i}`, "198.51.100.30")),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it("refuses an order with a promo code once the IP guessed too much, writes nothing, and still sells without a code", async () => {
    const { event, ticket } = await eventWithCode();
    await guessUpToTheLimit(event.id, ticket.id, "198.51.100.40");
    const before = await ordersOf(event.id);

    const withCode = await order(event.id, ticket.id, "198.51.100.40", "AMIS20");
    expect(withCode.status).toBe(429);
    expect(await ordersOf(event.id)).toBe(before);

    const withoutCode = await order(event.id, ticket.id, "198.51.100.40");
    expect(withoutCode.status).toBe(201);
  });

  it("counts unknown codes sent with orders, which are refused as invalid until the limit", async () => {
    const { event, ticket } = await eventWithCode();
    for (let i = 0; i < LIMIT; i++) {
      const response = await order(event.id, ticket.id, "198.51.100.50", `DEVINE${i}`);
      expect(response.status).toBe(422);
      expect(errorOf(await response.json())).toMatchObject({ fields: { promo_code: "promo_invalid" } });
    }
    const next = await promoCheck(event.id, ticket.id, "AMIS20", "198.51.100.50");
    expect(next.status).toBe(429);
    expect(await ordersOf(event.id)).toBe(0);
  });

  it("gives the booking page's quote a status that asks the buyer to wait, not a verdict on the code", async () => {
    const { event, ticket } = await eventWithCode();
    await guessUpToTheLimit(event.id, ticket.id, "198.51.100.60");
    const found = await getPublicEvent(db, event.id, { mode: "public", env, hash: null });
    if (found.kind !== "found") throw new Error("the event should be public");
    const items = [{ ticketId: ticket.id, quantity: 1 }];

    const held = await quoteOrder(db, found.event, { items, promoCode: "AMIS20", ip: "198.51.100.60" });
    expect(held).toMatchObject({ promo: { code: "AMIS20", status: "too_many_attempts" }, discount: 0 });
    const fine = await quoteOrder(db, found.event, { items, promoCode: "AMIS20", ip: "198.51.100.61" });
    expect(fine).toMatchObject({ promo: { status: "applied" }, discount: 400 });
  });
});
