import { env, exports } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_WEBHOOK_SECRET, paymentProviderFromEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { placeOrder, type PlaceOrderDeps } from "#domain/booking/place-order";
import { eventSlug } from "#domain/events/event-slug";
import { bookingCheckout } from "#domain/payments/booking-checkout";
import { demoSessionEvent, getDemoCheckout, submitDemoCheckout } from "#domain/payments/demo-checkout";
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

// The payment path in demo mode (ENVIRONMENT=test, no STRIPE_SECRET_KEY) against D1, through the real Worker route.
const db = createD1Database(env.DB);
const provider = paymentProviderFromEnv(env, db);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const BOOKING_ENV: PlaceOrderDeps["env"] = {
  ENVIRONMENT: "test",
  SESSION_SECRET: "payments-test-secret-0123456789abcdef",
};

let organizationId: number;
let owner: User;
let buyerSequence = 0;

beforeAll(async () => {
  const organization = await insertOrganization(db);
  organizationId = organization.id;
  const user = await insertUser(db);
  await insertMember(db, organizationId, user.id, "owner");
  owner = user;
});

async function paidEvent(ticketValues: Partial<typeof schema.tickets.$inferInsert> = {}) {
  const event = await insertEvent(db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE });
  const ticket = await insertTicket(db, event, { price: 2000, amount: 10, ...ticketValues });
  return { event, ticket };
}

async function place(eventId: number, ticketId: number, quantity: number, extra: { promo_code?: string } = {}) {
  buyerSequence += 1;
  const placed = await placeOrder(
    db,
    { env: BOOKING_ENV, createCheckout: bookingCheckout(db, provider, { appUrl: "http://localhost:8787" }) },
    {
      eventId,
      body: {
        items: [{ ticket_id: ticketId, quantity }],
        buyer: { first_name: "Élise", last_name: "Núñez", email: `payer${buyerSequence}@exemple.test` },
        answers: {},
        locale: "fr",
        ...extra,
      },
    },
  );
  expect(placed.status).toBe("pending");
  const sessionId = decodeURIComponent(new URL(placed.checkoutUrl!).pathname.split("/").pop()!);
  return { ...placed, sessionId };
}

function sessionEvent(
  order: { id: number; eventId: number; amount: number; sessionId: string },
  type: "checkout.session.completed" | "checkout.session.expired",
) {
  return demoSessionEvent({ ...order, orderId: order.id }, type, Date.now());
}

async function deliver(event: unknown, signature?: string) {
  const payload = JSON.stringify(event);
  const header =
    signature ??
    (await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: DEMO_WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    }));
  const response = await exports.default.fetch("http://localhost/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
  });
  return { status: response.status, json: (await response.json()) as { outcome?: string; error?: unknown } };
}

async function orderRow(orderId: number) {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  return order!;
}

async function state(orderId: number, ticketId: number) {
  const [[ticket], [participants], ledger, [processed]] = await Promise.all([
    db.select({ purchased: schema.tickets.purchased }).from(schema.tickets).where(eq(schema.tickets.id, ticketId)),
    db.select({ n: count() }).from(schema.participants).where(eq(schema.participants.orderId, orderId)),
    db
      .select({
        type: schema.transactions.type,
        amount: schema.transactions.amount,
        fee: schema.transactions.fee,
        net: schema.transactions.net,
        providerReference: schema.transactions.providerReference,
        description: schema.transactions.description,
      })
      .from(schema.transactions)
      .where(eq(schema.transactions.orderId, orderId))
      .orderBy(schema.transactions.id),
    db.select({ n: count() }).from(schema.processedProviderEvents),
  ]);
  const order = await orderRow(orderId);
  return {
    status: order.status,
    paid: order.paidAt !== null,
    purchased: ticket!.purchased,
    participants: participants!.n,
    ledger,
    processedEvents: processed!.n,
  };
}

describe("POST /webhooks/stripe (demo mode, D1)", () => {
  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const { event, ticket } = await paidEvent();
    const order = await place(event.id, ticket.id, 2);
    const before = await state(order.id, ticket.id);
    const completed = sessionEvent(order, "checkout.session.completed");

    const forged = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload: JSON.stringify(completed),
      secret: "whsec_someone_else",
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    expect(await deliver(completed, forged)).toMatchObject({
      status: 400,
      json: { error: { type: "validation", code: "invalid_signature" } },
    });
    expect((await deliver(completed, "")).status).toBe(400);
    // A valid signature over another body does not cover this one.
    const other = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload: "{}",
      secret: DEMO_WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    expect((await deliver(completed, other)).status).toBe(400);

    expect(await state(order.id, ticket.id)).toEqual(before);
    expect(before).toMatchObject({ status: "pending", participants: 0, purchased: 0, ledger: [] });
  });

  it("confirms on checkout.session.completed, writes the charge, and a second delivery changes nothing", async () => {
    const { event, ticket } = await paidEvent();
    const order = await place(event.id, ticket.id, 2);
    const completed = sessionEvent(order, "checkout.session.completed");

    expect(await deliver(completed)).toEqual({ status: 200, json: { received: true, outcome: "confirmed" } });
    const after = await state(order.id, ticket.id);
    expect(after).toMatchObject({ status: "paid", paid: true, purchased: 2, participants: 2 });
    expect(after.ledger).toEqual([
      {
        type: "charge",
        amount: order.amount,
        fee: order.fees,
        net: order.amount - order.fees,
        providerReference: `pi_demo_${order.id}`,
        description: "",
      },
    ]);
    expect(order.fees).toBeGreaterThan(0);

    // The same event again, then the same payment under another event id: both leave everything as it was.
    expect(await deliver(completed)).toEqual({ status: 200, json: { received: true, outcome: "duplicate" } });
    expect(await state(order.id, ticket.id)).toEqual(after);
    const again = sessionEvent(order, "checkout.session.completed");
    expect((await deliver(again)).json.outcome).toBe("already_confirmed");
    expect({ ...(await state(order.id, ticket.id)), processedEvents: 0 }).toEqual({ ...after, processedEvents: 0 });
  });

  it("ignores an expiry that arrives after the payment (any delivery order)", async () => {
    const { event, ticket } = await paidEvent();
    const order = await place(event.id, ticket.id, 1);
    expect((await deliver(sessionEvent(order, "checkout.session.completed"))).json.outcome).toBe("confirmed");
    expect((await deliver(sessionEvent(order, "checkout.session.expired"))).json.outcome).toBe("ignored");
    expect(await state(order.id, ticket.id)).toMatchObject({ status: "paid", purchased: 1, participants: 1 });
  });

  it("expires the order on checkout.session.expired, giving its places back", async () => {
    const { event, ticket } = await paidEvent({ amount: 2 });
    const order = await place(event.id, ticket.id, 2);
    expect((await deliver(sessionEvent(order, "checkout.session.expired"))).json.outcome).toBe("expired");
    expect(await state(order.id, ticket.id)).toMatchObject({ status: "expired", purchased: 0, participants: 0 });
    // The places are on sale again: another buyer takes both.
    const next = await place(event.id, ticket.id, 2);
    expect(next.status).toBe("pending");
  });

  it("completed after expired: confirms while the places are still free", async () => {
    const { event, ticket } = await paidEvent({ amount: 5 });
    const order = await place(event.id, ticket.id, 2);
    expect((await deliver(sessionEvent(order, "checkout.session.expired"))).json.outcome).toBe("expired");
    expect((await deliver(sessionEvent(order, "checkout.session.completed"))).json.outcome).toBe("confirmed");
    expect(await state(order.id, ticket.id)).toMatchObject({ status: "paid", purchased: 2, participants: 2 });
  });

  it("completed after expired: refunds at once when the places were sold meanwhile, and records why", async () => {
    const { event, ticket } = await paidEvent({ amount: 2 });
    const late = await place(event.id, ticket.id, 2);
    expect((await deliver(sessionEvent(late, "checkout.session.expired"))).json.outcome).toBe("expired");
    const other = await place(event.id, ticket.id, 2);
    expect((await deliver(sessionEvent(other, "checkout.session.completed"))).json.outcome).toBe("confirmed");

    const completed = sessionEvent(late, "checkout.session.completed");
    expect((await deliver(completed)).json.outcome).toBe("auto_refunded");
    const after = await state(late.id, ticket.id);
    expect(after).toMatchObject({ status: "refunded", paid: false, purchased: 2, participants: 0 });
    expect(after.ledger).toEqual([
      {
        type: "charge",
        amount: late.amount,
        fee: late.fees,
        net: late.amount - late.fees,
        providerReference: `pi_demo_${late.id}`,
        description: "unconfirmed:sold_out",
      },
      {
        type: "refund",
        amount: -late.amount,
        fee: -late.fees,
        net: -(late.amount - late.fees),
        providerReference: `re_demo_${late.id}`,
        description: "auto-refund:sold_out",
      },
    ]);
    // The other buyer keeps the places; a replay under a new event id refunds nothing twice.
    expect(await state(other.id, ticket.id)).toMatchObject({ status: "paid", participants: 2 });
    expect((await deliver(sessionEvent(late, "checkout.session.completed"))).json.outcome).toBe("already_confirmed");
    expect((await state(late.id, ticket.id)).ledger).toHaveLength(2);
  });
});

describe("refundOrder (demo mode, D1)", () => {
  async function paidOrder(quantity: number, promo?: { code: string }) {
    const { event, ticket } = await paidEvent();
    let promoId: number | null = null;
    if (promo) {
      const [row] = await db
        .insert(schema.promoCodes)
        .values({
          organizationId,
          eventId: event.id,
          code: promo.code,
          discountType: "percent",
          discountValue: 1000,
        })
        .returning();
      promoId = row!.id;
    }
    const order = await place(event.id, ticket.id, quantity, promo ? { promo_code: promo.code } : {});
    expect((await deliver(sessionEvent(order, "checkout.session.completed"))).json.outcome).toBe("confirmed");
    return { event, ticket, order, promoId };
  }

  const ownerActor = () => actorOf(owner, organizationId, "owner");

  it("refunds a paid order: places and promo use back on sale, participants gone, one refund row; twice is once", async () => {
    const { ticket, order, promoId } = await paidOrder(3, { code: "AMIS10" });
    const promoUses = async () =>
      (await db.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, promoId!)))[0]!.useCount;
    expect(await promoUses()).toBe(1);
    expect(await state(order.id, ticket.id)).toMatchObject({ status: "paid", purchased: 3, participants: 3 });
    const figures = async () => {
      const [row] = await db
        .select({
          participants: schema.salesFigures.participants,
          orders: schema.salesFigures.orders,
          gross: schema.salesFigures.gross,
        })
        .from(schema.salesFigures)
        .where(eq(schema.salesFigures.eventId, order.eventId));
      return row;
    };
    expect(await figures()).toEqual({ participants: 3, orders: 1, gross: order.amount });

    expect(await refundOrder(db, { provider }, ownerActor(), { orderId: order.id })).toEqual({
      refunded: true,
      refundId: `re_demo_${order.id}`,
    });
    const after = await state(order.id, ticket.id);
    expect(after).toMatchObject({ status: "refunded", purchased: 0, participants: 0 });
    expect(await promoUses()).toBe(0);
    expect(await figures()).toEqual({ participants: 0, orders: 0, gross: 0 });
    expect(after.ledger.map((row) => row.type)).toEqual(["charge", "refund"]);
    expect(after.ledger[1]).toEqual({
      type: "refund",
      amount: -order.amount,
      fee: -order.fees,
      net: -(order.amount - order.fees),
      providerReference: `re_demo_${order.id}`,
      description: "refund:organizer",
    });

    // Again, and the provider's echo of the same refund: nothing moves.
    expect(await refundOrder(db, { provider }, ownerActor(), { orderId: order.id })).toEqual({
      refunded: false,
      refundId: null,
    });
    const echo = {
      ...sessionEvent(order, "checkout.session.completed"),
      type: "charge.refunded",
      data: { object: { id: `ch_demo_${order.id}`, object: "charge", payment_intent: `pi_demo_${order.id}` } },
    };
    expect((await deliver(echo)).json.outcome).toBe("refund_recorded");
    expect({ ...(await state(order.id, ticket.id)), processedEvents: 0 }).toEqual({ ...after, processedEvents: 0 });
    expect(await promoUses()).toBe(0);
    expect(await figures()).toEqual({ participants: 0, orders: 0, gross: 0 });
  });

  it("lets event managers refund; answers 404 across tenants and for guests, 409 unless paid", async () => {
    const { order } = await paidOrder(1);
    const manager = await insertUser(db);
    await insertMember(db, organizationId, manager.id, "event_manager");
    const guest = await insertUser(db);
    await insertMember(db, organizationId, guest.id, "");
    const foreign = await insertOrganization(db);
    const foreignOwner = await insertUser(db);
    await insertMember(db, foreign.id, foreignOwner.id, "owner");

    expect(
      await failure(refundOrder(db, { provider }, actorOf(foreignOwner, foreign.id, "owner"), { orderId: order.id })),
    ).toMatchObject({ code: "not_found" });
    expect(
      await failure(refundOrder(db, { provider }, actorOf(guest, organizationId, ""), { orderId: order.id })),
    ).toMatchObject({ code: "not_found" });
    expect((await orderRow(order.id)).status).toBe("paid");

    const { event, ticket } = await paidEvent();
    const pending = await place(event.id, ticket.id, 1);
    expect(await failure(refundOrder(db, { provider }, ownerActor(), { orderId: pending.id }))).toMatchObject({
      code: "conflict",
      messageKey: "payments:errors.not-refundable",
    });

    expect(
      await refundOrder(db, { provider }, actorOf(manager, organizationId, "event_manager"), { orderId: order.id }),
    ).toMatchObject({ refunded: true });
    const [refunds] = await db
      .select({ n: count() })
      .from(schema.transactions)
      .where(and(eq(schema.transactions.orderId, order.id), eq(schema.transactions.type, "refund")));
    expect(refunds!.n).toBe(1);
  });
});

describe("demo checkout (D1)", () => {
  const deps = () => ({ env, provider });

  it("shows the order and pays it through the signed webhook path, then leads to the order page", async () => {
    const { event, ticket } = await paidEvent();
    const order = await place(event.id, ticket.id, 2);
    const checkout = await getDemoCheckout(db, env, order.sessionId);
    expect(checkout).toMatchObject({
      orderId: order.id,
      eventTitle: event.title,
      amount: order.amount,
      fees: order.fees,
      open: true,
      lines: [{ title: ticket.title, quantity: 2, total: 4000 }],
      addedFees: 0,
      successPath: `/orders/${order.id}?token=${order.accessToken}`,
    });
    expect(new URL(order.checkoutUrl!).pathname).toBe(`/demo-checkout/${order.sessionId}`);

    const paid = await submitDemoCheckout(db, deps(), { sessionId: order.sessionId, action: "pay" });
    expect(paid).toMatchObject({
      redirectTo: checkout.successPath,
      result: { outcome: "confirmed", orderId: order.id },
    });
    expect(await state(order.id, ticket.id)).toMatchObject({ status: "paid", purchased: 2, participants: 2 });
    expect((await state(order.id, ticket.id)).ledger).toHaveLength(1);

    // The session is over: the page says so and its buttons are refused.
    expect((await getDemoCheckout(db, env, order.sessionId)).open).toBe(false);
    expect(await failure(submitDemoCheckout(db, deps(), { sessionId: order.sessionId, action: "pay" }))).toMatchObject({
      code: "conflict",
      messageKey: "payments:errors.session-closed",
    });
  });

  it("cancels what « Annuler » says: the order is cancelled, its place free again, the session closed", async () => {
    const { event, ticket } = await paidEvent({ amount: 1 });
    const order = await place(event.id, ticket.id, 1);
    const cancelled = await submitDemoCheckout(db, deps(), { sessionId: order.sessionId, action: "cancel" });
    expect(cancelled).toEqual({
      redirectTo: `/events/${event.id}/${eventSlug(event.title)}`,
      result: null,
      cancelled: true,
      eventId: event.id,
    });
    expect(await state(order.id, ticket.id)).toMatchObject({ status: "cancelled", purchased: 0, participants: 0 });
    const [held] = await db
      .select({ heldUntil: schema.orderItems.heldUntil })
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order.id));
    expect(held!.heldUntil).toBeNull();
    // The one place is free for the next buyer; the cancelled session can neither be paid nor cancelled again.
    const next = await place(event.id, ticket.id, 1);
    expect((await orderRow(next.id)).status).toBe("pending");
    expect((await getDemoCheckout(db, env, order.sessionId)).open).toBe(false);
    for (const action of ["pay", "cancel"] as const)
      expect(await failure(submitDemoCheckout(db, deps(), { sessionId: order.sessionId, action }))).toMatchObject({
        code: "conflict",
        messageKey: "payments:errors.session-closed",
      });
    expect(await state(order.id, ticket.id)).toMatchObject({ status: "cancelled", ledger: [] });
  });

  it("does not exist with Stripe on, in production, or for an unknown session", async () => {
    const { event, ticket } = await paidEvent();
    const order = await place(event.id, ticket.id, 1);
    const stripeOn = { ...env, STRIPE_SECRET_KEY: "sk_test_guichet" };
    expect(await failure(getDemoCheckout(db, stripeOn, order.sessionId))).toMatchObject({ code: "not_found" });
    const production = { ...env, ENVIRONMENT: "production" };
    expect(await failure(getDemoCheckout(db, production, order.sessionId))).toMatchObject({ code: "not_found" });
    expect(await failure(getDemoCheckout(db, env, "cs_demo_0_unknown"))).toMatchObject({ code: "not_found" });
  });

  it("refuses paid bookings in production without a Stripe key, releasing the hold", async () => {
    const { event, ticket } = await paidEvent({ amount: 1 });
    const production = paymentProviderFromEnv({ ENVIRONMENT: "production" }, db);
    const refused = await failure(
      placeOrder(
        db,
        {
          env: BOOKING_ENV,
          createCheckout: bookingCheckout(db, production, { appUrl: "https://billetterie.example" }),
        },
        {
          eventId: event.id,
          body: {
            items: [{ ticket_id: ticket.id, quantity: 1 }],
            buyer: { first_name: "Élise", last_name: "Núñez", email: "prod@exemple.test" },
            answers: {},
            locale: "fr",
          },
        },
      ),
    );
    expect(refused).toMatchObject({ code: "conflict", messageKey: "booking:errors.payment-unavailable" });
    expect((await place(event.id, ticket.id, 1)).status).toBe("pending");
  });
});
