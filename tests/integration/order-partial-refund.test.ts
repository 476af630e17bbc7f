import { env } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emailSenderFromEnv } from "#adapters/email";
import { paymentProviderFromEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { confirmOrder } from "#domain/booking/confirm-order";
import { placeOrder } from "#domain/booking/place-order";
import { sendOrderRefundEmail } from "#domain/order-documents/send-order-refund-email";
import { refundOrderPart } from "#domain/refunds/refund-order-part";
import { apiClient } from "./api-client";
import { actorOf, insertEvent, insertMember, insertOrganization, insertTicket, insertUser } from "../support/fixtures";

// Issue 28 §2 (decision 0058): the organizer's partial refunds through the Worker's API on D1, in demo mode, and the
// call Stripe receives (the amount and the request's idempotency key).

const db = createD1Database(env.DB);
const NOW = Date.now();
const FUTURE = new Date(NOW + 30 * 86_400_000);
const tokens: Record<string, string> = {};
const api = apiClient(tokens);
let organizationId: number;
let ownerId: number;
let buyers = 0;

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
  const owner = await insertUser(db);
  ownerId = owner.id;
  await insertMember(db, organizationId, owner.id, "owner");
  tokens.owner = (await createSession(db, owner.id)).token;
  const foreign = await insertOrganization(db);
  const other = await insertUser(db);
  await insertMember(db, foreign.id, other.id, "owner");
  tokens.foreign = (await createSession(db, other.id)).token;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Two 20 € tickets with the 0.55 € fee added, paid: 41.10 €. */
async function paidSale(paymentIntentId?: (orderId: number) => string) {
  const event = await insertEvent(db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE });
  const ticket = await insertTicket(db, event, { price: 2000, amount: 10, feesType: "added" });
  buyers += 1;
  const placed = await placeOrder(
    db,
    { env: { ENVIRONMENT: "test", SESSION_SECRET: "partial-refund-integration-0123456789" }, now: NOW },
    {
      eventId: event.id,
      body: {
        items: [{ ticket_id: ticket.id, quantity: 2 }],
        buyer: { first_name: "Inès", last_name: "Moreau", email: `partial${buyers}@exemple.test` },
        answers: {},
        locale: "fr",
      },
    },
  );
  const intent = paymentIntentId?.(placed.id) ?? `pi_demo_${placed.id}`;
  await confirmOrder(db, { orderId: placed.id, paidAt: NOW, paymentIntentId: intent, now: NOW });
  const holders = await db
    .select({ id: schema.participants.id })
    .from(schema.participants)
    .where(eq(schema.participants.orderId, placed.id))
    .orderBy(asc(schema.participants.id));
  return { eventId: event.id, ticketId: ticket.id, orderId: placed.id, holders: holders.map((h) => h.id) };
}

describe("POST /api/events/:id/orders/:order_id/refunds", () => {
  it("refunds a ticket once per key, frees its place, and says what is left", async () => {
    const sale = await paidSale();
    const path = `/events/${sale.eventId}/orders/${sale.orderId}/refunds`;
    const headers = { "Idempotency-Key": "api-refund-first-ticket" };
    const first = await api(path, { method: "POST", body: { tickets: [sale.holders[0]] }, headers });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ amount: 2055, fee: 55, tickets: 1, closes_order: false, replayed: false });
    const again = await api(path, { method: "POST", body: { tickets: [sale.holders[0]] }, headers });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);

    const [ticket] = await db.select().from(schema.tickets).where(eq(schema.tickets.id, sale.ticketId));
    expect(ticket!.purchased).toBe(1);

    // The buyer's notice of this refund: in the outbox with the refund, sent with its amount and its ticket.
    const [due] = await db
      .select({ status: schema.orderEmailDeliveries.status })
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.key, `order-refund:${sale.orderId}:${first.json.id}`));
    expect(due?.status).toBe("due");
    const sender = emailSenderFromEnv(env, db);
    const deps = { env: { APP_URL: "http://localhost:8787" }, sender };
    expect(await sendOrderRefundEmail(db, deps, { orderId: sale.orderId, refundId: first.json.id })).toBe("sent");
    expect(await sendOrderRefundEmail(db, deps, { orderId: sale.orderId, refundId: first.json.id })).toBe(
      "already-sent",
    );
    const [mail] = await db
      .select()
      .from(schema.devMailbox)
      .where(eq(schema.devMailbox.to, `partial${buyers}@exemple.test`));
    expect(mail!.subject).toMatch(/^Remboursement partiel de votre commande pour /);
    expect(mail!.text).toContain("Une partie de votre commande n° " + sale.orderId);
    expect(mail!.text).toContain("Montant remboursé : 20,55\u00a0€");
    expect(mail!.text).toContain("Ce remboursement couvre :\n- 1 × Plein tarif");
    expect(mail!.text).toContain(
      "Les billets remboursés ne sont plus valables à l'entrée ; vos autres billets restent valables.",
    );
    const ledger = await db
      .select({ amount: schema.transactions.amount, fee: schema.transactions.fee })
      .from(schema.transactions)
      .where(and(eq(schema.transactions.orderId, sale.orderId), eq(schema.transactions.type, "refund")));
    expect(ledger).toEqual([{ amount: -2055, fee: -55 }]);

    const listed = await api(path);
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({
      refunded_amount: 2055,
      refunded_fees: 55,
      left_to_refund: 2055,
      refunds: [{ id: first.json.id, amount: 2055, fee: 55, tickets: 1, status: "succeeded" }],
    });

    const above = await api(path, {
      method: "POST",
      body: { amount: 2056 },
      headers: { "Idempotency-Key": "api-refund-too-much" },
    });
    expect(above.status).toBe(400);
    expect(above.json.code).toBe("partial_refund_amount_above_left");

    const rest = await api(path, {
      method: "POST",
      body: { amount: 2055, idempotency_key: "api-refund-the-rest" },
    });
    expect(rest.status).toBe(201);
    expect(rest.json).toMatchObject({ amount: 2055, fee: 55, closes_order: true });
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, sale.orderId));
    expect([order!.status, order!.refundedAmount]).toEqual(["refunded", 4110]);
    const [after] = await db.select().from(schema.tickets).where(eq(schema.tickets.id, sale.ticketId));
    expect(after!.purchased).toBe(0);
    const refundEmail = await db
      .select({ key: schema.orderEmailDeliveries.key })
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.orderId, sale.orderId));
    // The refund that closed the order has its own notice (its amount), not the whole order's.
    expect(refundEmail.map((row) => row.key).sort()).toEqual(
      [
        `order-confirmation:${sale.orderId}`,
        `order-refund:${sale.orderId}:${first.json.id}`,
        `order-refund:${sale.orderId}:${rest.json.id}`,
      ].sort(),
    );
  });

  it("refuses a request without a key or naming both tickets and an amount, and another organization's order", async () => {
    const sale = await paidSale();
    const path = `/events/${sale.eventId}/orders/${sale.orderId}/refunds`;
    const noKey = await api(path, { method: "POST", body: { amount: 100 } });
    expect([noKey.status, noKey.json.code]).toEqual([400, "partial_refund_invalid_key"]);
    const both = await api(path, {
      method: "POST",
      body: { amount: 100, tickets: [sale.holders[0]], idempotency_key: "api-refund-both-modes" },
    });
    expect([both.status, both.json.code]).toEqual([400, "partial_refund_invalid_mode"]);
    const foreign = await api(path, {
      method: "POST",
      as: "foreign",
      body: { amount: 100, idempotency_key: "api-refund-foreign" },
    });
    expect(foreign.status).toBe(404);
    const foreignRead = await api(path, { as: "foreign" });
    expect(foreignRead.status).toBe(404);
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, sale.orderId));
    expect(order!.refundedAmount).toBe(0);
  });
});

describe("a partial refund through Stripe", () => {
  it("asks Stripe for the amount under the request's key and records Stripe's refund id", async () => {
    const sale = await paidSale((orderId) => `pi_test_partial_${orderId}`);
    const calls: { body: URLSearchParams; key: string | null }[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== "api.stripe.com" || url.pathname !== "/v1/refunds") throw new Error(`unexpected ${url}`);
      const body = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
      calls.push({ body, key: new Headers(init?.headers).get("Idempotency-Key") });
      return new Response(
        JSON.stringify({
          id: "re_test_partial_1",
          object: "refund",
          amount: Number(body.get("amount")),
          payment_intent: body.get("payment_intent"),
          status: "succeeded",
        }),
        { status: 200, headers: { "Content-Type": "application/json" } },
      );
    });
    const provider = paymentProviderFromEnv(
      { ENVIRONMENT: "test", STRIPE_SECRET_KEY: "sk_test_guichet", STRIPE_WEBHOOK_SECRET: "whsec_guichet" },
      db,
    );
    const owner = actorOf({ id: ownerId, email: "owner@exemple.test" }, organizationId, "owner");
    const refund = await refundOrderPart(db, { provider, now: NOW }, owner, {
      orderId: sale.orderId,
      idempotencyKey: "stripe-partial-key",
      request: { kind: "units", participantIds: [sale.holders[1]!], withFees: false },
    });
    expect(refund).toMatchObject({ amount: 2000, fee: 0, closesOrder: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.get("amount")).toBe("2000");
    expect(calls[0]!.body.get("payment_intent")).toBe(`pi_test_partial_${sale.orderId}`);
    expect(calls[0]!.key).toBe(`refund-order-${sale.orderId}:stripe-partial-key`);
    const [row] = await db.select().from(schema.orderRefunds).where(eq(schema.orderRefunds.id, refund.refundId));
    expect([row!.status, row!.providerReference]).toEqual(["succeeded", "re_test_partial_1"]);
  });
});
