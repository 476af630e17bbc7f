import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentProviderFromEnv, type PaymentsEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { placeOrder, type PlaceOrderDeps } from "#domain/booking/place-order";
import { bookingCheckout } from "#domain/payments/booking-checkout";
import { receiveProviderWebhook } from "#domain/payments/receive-webhook";
import { refundOrder } from "#domain/payments/refund-order";
import { failure } from "../support/failure";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrganization,
  insertTicket,
  insertUser,
  type User,
} from "../support/fixtures";

// Stripe mode against D1: only Stripe's HTTP API is stubbed (the global fetch), never our database.
const db = createD1Database(env.DB);
const STRIPE_ENV: PaymentsEnv = {
  ENVIRONMENT: "test",
  STRIPE_SECRET_KEY: "sk_test_guichet",
  STRIPE_WEBHOOK_SECRET: "whsec_guichet_stripe_test",
};
const provider = paymentProviderFromEnv(STRIPE_ENV, db);
const BOOKING_ENV: PlaceOrderDeps["env"] = {
  ENVIRONMENT: "test",
  SESSION_SECRET: "payments-test-secret-0123456789abcdef",
};
const FUTURE = new Date(Date.now() + 30 * 86_400_000);

type Call = { method: string; path: string; query: URLSearchParams; body: URLSearchParams; headers: Headers };

// Ids stay unique across tests (session ids are unique in orders).
let stripeSequence = 0;

/** A tiny Stripe: sessions paid when `paid` says so, refunds kept per payment intent. */
class FakeStripe {
  calls: Call[] = [];
  sessions = new Map<string, { orderId: string; amount: number; paid: boolean }>();
  refunds = new Map<string, { id: string; amount: number; status: string }[]>();

  handle = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== "api.stripe.com") throw new Error(`unexpected fetch ${url}`);
    const call: Call = {
      method: init?.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
      headers: new Headers(init?.headers),
    };
    this.calls.push(call);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

    if (call.method === "POST" && call.path === "/v1/checkout/sessions") {
      const id = `cs_test_${++stripeSequence}`;
      const amount = Number(call.body.get("line_items[0][price_data][unit_amount]") ?? 0);
      this.sessions.set(id, { orderId: call.body.get("metadata[order_id]")!, amount, paid: false });
      return json({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}`, status: "open" });
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/(cs_test_\d+)$/.exec(call.path);
    if (call.method === "GET" && sessionMatch) {
      const session = this.sessions.get(sessionMatch[1]!);
      if (!session) return json({ error: { type: "invalid_request_error", message: "No such session" } }, 404);
      return json({
        id: sessionMatch[1],
        object: "checkout.session",
        status: session.paid ? "complete" : "open",
        payment_status: session.paid ? "paid" : "unpaid",
        payment_intent: session.paid ? `pi_for_${sessionMatch[1]}` : null,
        client_reference_id: session.orderId,
        metadata: { order_id: session.orderId },
        amount_total: session.amount,
      });
    }
    if (call.method === "POST" && call.path === "/v1/refunds") {
      const paymentIntent = call.body.get("payment_intent")!;
      const list = this.refunds.get(paymentIntent) ?? [];
      const refund = {
        id: `re_test_${++stripeSequence}`,
        amount: Number(call.body.get("amount") ?? 0),
        status: "succeeded",
      };
      this.refunds.set(paymentIntent, [...list, refund]);
      return json({ ...refund, object: "refund", payment_intent: paymentIntent });
    }
    if (call.method === "GET" && call.path === "/v1/refunds") {
      const paymentIntent = call.query.get("payment_intent")!;
      const data = (this.refunds.get(paymentIntent) ?? []).map((r) => ({
        ...r,
        object: "refund",
        payment_intent: paymentIntent,
      }));
      return json({ object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    return json({ error: { type: "invalid_request_error", message: `No route ${call.method} ${call.path}` } }, 404);
  };
}

let stripe: FakeStripe;
let organizationId: number;
let owner: User;
let buyer = 0;

beforeAll(async () => {
  const organization = await insertOrganization(db, {
    connectedAccountId: "acct_guichet_org",
    isConnectedAccountValid: true,
  });
  organizationId = organization.id;
  owner = await insertUser(db);
  await insertMember(db, organizationId, owner.id, "owner");
});
beforeEach(() => {
  stripe = new FakeStripe();
  vi.spyOn(globalThis, "fetch").mockImplementation(stripe.handle);
});
afterEach(() => vi.restoreAllMocks());

async function paidEvent(orgId = organizationId) {
  const event = await insertEvent(db, orgId, { status: "published", startAt: FUTURE, endAt: FUTURE });
  const ticket = await insertTicket(db, event, { price: 2000, amount: 10 });
  return { event, ticket };
}

function place(eventId: number, ticketId: number, quantity: number, returnTo: string | null = null) {
  buyer += 1;
  return placeOrder(
    db,
    {
      env: BOOKING_ENV,
      createCheckout: bookingCheckout(db, provider, { appUrl: "https://billetterie.example", returnTo }),
    },
    {
      eventId,
      body: {
        items: [{ ticket_id: ticketId, quantity }],
        buyer: { first_name: "Élise", last_name: "Núñez", email: `stripe${buyer}@exemple.test` },
        answers: {},
        locale: "en",
      },
    },
  );
}

async function signed(event: unknown, secret = STRIPE_ENV.STRIPE_WEBHOOK_SECRET!) {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { payload, signature };
}

const eventOf = (type: string, object: Record<string, unknown>) => ({
  id: `evt_${crypto.randomUUID()}`,
  object: "event",
  created: Math.floor(Date.now() / 1000),
  type,
  data: { object },
});

async function orderRow(orderId: number) {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  return order!;
}

describe("payments with Stripe (fetch stubbed, D1)", () => {
  it("creates a destination charge with the platform fee, a 30-minute floor and an idempotency key", async () => {
    const { event, ticket } = await paidEvent();
    const before = Date.now();
    const placed = await place(event.id, ticket.id, 2);
    expect(placed.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);

    const [create] = stripe.calls;
    expect(create).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    const body = Object.fromEntries(create!.body);
    expect(body).toMatchObject({
      mode: "payment",
      "payment_intent_data[transfer_data][destination]": "acct_guichet_org",
      "payment_intent_data[application_fee_amount]": String(placed.fees),
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "2000",
      "line_items[0][quantity]": "2",
      "metadata[order_id]": String(placed.id),
      client_reference_id: String(placed.id),
      customer_email: `stripe${buyer}@exemple.test`,
      locale: "en",
      success_url: `https://billetterie.example/orders/${placed.id}?token=${placed.accessToken}`,
      cancel_url: `https://billetterie.example/events/${event.id}`,
    });
    expect(Number(body.expires_at) * 1000).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(create!.headers.get("Idempotency-Key")).toBe(`checkout-order-${placed.id}`);
    expect((await orderRow(placed.id)).stripeCheckoutSessionId).toBe(placed.checkoutUrl!.split("/").pop());
  });

  it("sends a booking made in the widget back to the organizer's page, the order in the fragment", async () => {
    const { event, ticket } = await paidEvent();
    const callsBefore = stripe.calls.length;
    const placed = await place(event.id, ticket.id, 1, "https://salle.example/concerts?page=2");
    const body = Object.fromEntries(stripe.calls[callsBefore]!.body);
    expect(body.success_url).toBe(
      `https://salle.example/concerts?page=2#guichet-order=${event.id}.${placed.id}.${placed.accessToken}`,
    );
    expect(body.cancel_url).toBe("https://salle.example/concerts?page=2");
  });

  it("refuses paid bookings when the organization's payment account is missing or not valid", async () => {
    for (const values of [
      { connectedAccountId: null, isConnectedAccountValid: false },
      { connectedAccountId: "acct_pending", isConnectedAccountValid: false },
    ]) {
      const organization = await insertOrganization(db, values);
      const { event, ticket } = await paidEvent(organization.id);
      expect(await failure(place(event.id, ticket.id, 1))).toMatchObject({
        code: "conflict",
        messageKey: "booking:errors.payment-unavailable",
      });
      const [held] = await db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id));
      expect(held?.status ?? "expired").toBe("expired");
    }
    expect(stripe.calls).toEqual([]);
  });

  it("verifies the signature, re-reads the session, confirms, and refunds with the transfer and fee reversed", async () => {
    const { event, ticket } = await paidEvent();
    const placed = await place(event.id, ticket.id, 1);
    const sessionId = (await orderRow(placed.id)).stripeCheckoutSessionId!;
    // The snapshot is stale (unpaid): only the session Stripe returns now says it is paid.
    const completed = eventOf("checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      payment_status: "unpaid",
      metadata: { order_id: String(placed.id) },
    });

    const forged = await signed(completed, "whsec_not_ours");
    expect(await receiveProviderWebhook(db, { provider }, forged)).toEqual({ status: 400, error: "invalid_signature" });
    expect((await orderRow(placed.id)).status).toBe("pending");

    expect((await receiveProviderWebhook(db, { provider }, await signed(completed))).status).toBe(200);
    expect((await orderRow(placed.id)).status).toBe("pending");
    stripe.sessions.get(sessionId)!.paid = true;
    const delivered = await receiveProviderWebhook(
      db,
      { provider },
      await signed({ ...completed, id: `evt_${crypto.randomUUID()}` }),
    );
    expect(delivered).toMatchObject({ status: 200, result: { outcome: "confirmed", orderId: placed.id } });
    const paid = await orderRow(placed.id);
    expect(paid).toMatchObject({ status: "paid", stripePaymentIntentId: `pi_for_${sessionId}` });

    const refunded = await refundOrder(db, { provider }, actorOf(owner, organizationId, "owner"), {
      orderId: placed.id,
    });
    expect(refunded.refunded).toBe(true);
    const refundCall = stripe.calls.find((call) => call.method === "POST" && call.path === "/v1/refunds")!;
    expect(Object.fromEntries(refundCall.body)).toMatchObject({
      payment_intent: `pi_for_${sessionId}`,
      reverse_transfer: "true",
      refund_application_fee: "true",
    });
    expect(refundCall.headers.get("Idempotency-Key")).toBe(`refund-order-${placed.id}`);
    expect((await orderRow(placed.id)).status).toBe("refunded");
  });

  it("marks an order refunded from Stripe's own refund event, re-reading the refunds", async () => {
    const { event, ticket } = await paidEvent();
    const placed = await place(event.id, ticket.id, 1);
    const sessionId = (await orderRow(placed.id)).stripeCheckoutSessionId!;
    stripe.sessions.get(sessionId)!.paid = true;
    const completed = eventOf("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    expect((await receiveProviderWebhook(db, { provider }, await signed(completed))).status).toBe(200);
    const paymentIntent = `pi_for_${sessionId}`;

    // Refunded in Stripe's dashboard: the event only names the payment intent; the refunds are read from Stripe.
    stripe.refunds.set(paymentIntent, [{ id: "re_dashboard_1", amount: placed.amount, status: "succeeded" }]);
    const charge = eventOf("charge.refunded", { id: "ch_1", object: "charge", payment_intent: paymentIntent });
    const first = await receiveProviderWebhook(db, { provider }, await signed(charge));
    expect(first).toMatchObject({ status: 200, result: { outcome: "refunded", orderId: placed.id } });
    expect(await receiveProviderWebhook(db, { provider }, await signed(charge))).toMatchObject({
      result: { outcome: "duplicate" },
    });
    const [ticketRow] = await db.select().from(schema.tickets).where(eq(schema.tickets.id, ticket.id));
    expect(ticketRow!.purchased).toBe(0);
    const ledger = await db
      .select({ type: schema.transactions.type, amount: schema.transactions.amount, fee: schema.transactions.fee })
      .from(schema.transactions)
      .where(eq(schema.transactions.orderId, placed.id))
      .orderBy(schema.transactions.id);
    expect(ledger).toEqual([
      { type: "charge", amount: placed.amount, fee: placed.fees },
      { type: "refund", amount: -placed.amount, fee: 0 },
    ]);
  });
});
