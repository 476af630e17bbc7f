import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentProviderFromEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { placeOrder, type PlaceOrderDeps } from "#domain/booking/place-order";
import { bookingCheckout } from "#domain/payments/booking-checkout";
import { demoSessionEvent } from "#domain/payments/demo-checkout";
import { refundOrder } from "#domain/payments/refund-order";
import { failure } from "../support/failure";
import { eventState } from "../support/fault-state";
import { consume, recordingQueue, stripeDelivery, testEnv, workerFetch } from "../support/fault-worker";
import { faultyD1, type Fault } from "../support/faulty-d1";
import { actorOf, insertEvent, insertMember, insertOrganization, insertTicket, insertUser } from "../support/fixtures";

// Issue 14 §4: a D1 error in the middle of a booking, on the real D1 (only the named statement fails), leaves nothing
// half-written, and the same operation retried books exactly once.
const db = createD1Database(env.DB);
const faulty = faultyD1(env.DB);
const faultyDb = createD1Database(faulty.binding);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const BOOKING_ENV: PlaceOrderDeps["env"] = {
  ENVIRONMENT: "test",
  SESSION_SECRET: "faults-test-secret-0123456789abcdef",
};

let organizationId: number;
let owner: ReturnType<typeof actorOf>;
let buyer = 0;

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
  const user = await insertUser(db);
  await insertMember(db, organizationId, user.id, "owner");
  owner = actorOf(user, organizationId, "owner");
  // Every order and participant event is recorded for this endpoint: the outbox rows are part of what must not tear.
  await db.insert(schema.webhookEndpoints).values({
    organizationId,
    url: "https://hooks.exemple.test/guichet",
    secret: "whsec_ZmF1bHRzLXRlc3Qtc2VjcmV0LWZhdWx0cw==",
  });
});

async function saleEvent(price: number) {
  const event = await insertEvent(db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE });
  const ticket = await insertTicket(db, event, { price, amount: 5 });
  const [promo] = await db
    .insert(schema.promoCodes)
    .values({ organizationId, eventId: event.id, code: "AMIS", discountType: "percent", discountValue: 1000 })
    .returning();
  return { event, ticket, promo: promo! };
}

function book(database: typeof db, eventId: number, ticketId: number, withCheckout = false, promo = withCheckout) {
  buyer += 1;
  const provider = paymentProviderFromEnv(env, database);
  return placeOrder(
    database,
    {
      env: BOOKING_ENV,
      ...(withCheckout
        ? { createCheckout: bookingCheckout(database, provider, { appUrl: "http://localhost:8787" }) }
        : {}),
    },
    {
      eventId,
      body: {
        items: [{ ticket_id: ticketId, quantity: 2 }],
        ...(promo ? { promo_code: "AMIS" } : {}),
        buyer: { first_name: "Inès", last_name: "Faure", email: `faults${buyer}@exemple.test` },
        answers: {},
        locale: "fr",
      },
    },
  );
}

/** The state of one confirmed two-place order (paid ones with the 10 % promo code), whatever the ids. */
function soldOnce(state: Awaited<ReturnType<typeof eventState>>, amount: number) {
  const promoUses = amount > 0 ? 1 : 0;
  expect(state.orders.map((order) => order.status)).toEqual(["paid"]);
  expect(state.items.map((item) => item.held)).toEqual([null]);
  expect(state.participants).toHaveLength(2);
  expect(state.tickets.map((ticket) => ticket.purchased)).toEqual([2]);
  expect(state.promos).toEqual([{ code: "AMIS", useCount: promoUses }]);
  expect(state.figures).toMatchObject([{ participants: 2, orders: 1, gross: amount }]);
  expect(state.figureDays).toMatchObject([{ participants: 2, orders: 1, gross: amount }]);
  expect(state.webhooks.toSorted()).toEqual(
    ["order.created", "order.paid", "participant.created", "participant.created"].toSorted(),
  );
}

describe("a free booking with a D1 fault inside its one batch", () => {
  // Statements of placeOrder's batch, from its first write to its last: D1 runs the ones before the fault for real,
  // then rolls the whole batch back.
  const faults: [string, Fault][] = [
    ["the order insert (first statement)", { match: /^insert into "orders"/i }],
    ["the held items", { match: /^insert into "order_items"/i }],
    ["the items count guard", { match: /^insert into "booking_guards"/i }],
    ["the participants insert", { match: /^insert into "participants"/i }],
    ["the purchased update", { match: /^update "tickets" set "purchased"/i }],
    ["the sales figures", { match: /"sales_figure_days"/i }],
    ["the order.paid outbox row", { match: /^insert into "webhook_deliveries"/i, nth: 2 }],
    ["the final clean-up (last statement)", { match: /^delete from "booking_guards"/i }],
  ];

  it.each(faults)("fails at %s: nothing is written; the retry books once", async (_label, fault) => {
    const { event, ticket } = await saleEvent(0);
    const before = await eventState(db, event.id);
    const fired = faulty.fired;

    faulty.inject(fault);
    await expect(book(faultyDb, event.id, ticket.id)).rejects.toThrow(/D1_ERROR|malformed JSON/i);
    expect(faulty.fired).toBe(fired + 1);
    expect(await eventState(db, event.id)).toEqual(before);
    expect(before.orders).toEqual([]);

    const placed = await book(faultyDb, event.id, ticket.id);
    expect(placed.status).toBe("paid");
    soldOnce(await eventState(db, event.id), 0);
  });
});

describe("a paid booking with D1 faults between the hold and the confirmation", () => {
  const paidEvent = () => saleEvent(2500);

  async function placePaid(eventId: number, ticketId: number) {
    const placed = await book(faultyDb, eventId, ticketId, true);
    expect(placed.status).toBe("pending");
    const sessionId = decodeURIComponent(new URL(placed.checkoutUrl!).pathname.split("/").pop()!);
    const completed = demoSessionEvent(
      { sessionId, orderId: placed.id, eventId, amount: placed.amount },
      "checkout.session.completed",
      Date.now(),
    );
    return { placed, completed };
  }

  const processed = async (eventId: string) =>
    (
      await db
        .select({ n: count() })
        .from(schema.processedProviderEvents)
        .where(eq(schema.processedProviderEvents.id, eventId))
    )[0]!.n;

  it("the checkout's session id is written apart from the hold: a fault there releases the hold", async () => {
    const { event, ticket } = await paidEvent();
    faulty.inject({ match: /^update "orders" set "stripe_checkout_session_id"/i });
    expect(await failure(book(faultyDb, event.id, ticket.id, true))).toMatchObject({
      code: "conflict",
      messageKey: "booking:errors.payment-unavailable",
    });
    const state = await eventState(db, event.id);
    // The hold is given back in its own batch; nothing was sold and the buyer was told to try again.
    expect(state.orders.map((order) => order.status)).toEqual(["expired"]);
    expect(state.items.map((item) => item.held)).toEqual([null]);
    expect(state).toMatchObject({ participants: [], tickets: [{ purchased: 0 }], figures: [], ledger: [] });

    const { placed } = await placePaid(event.id, ticket.id);
    expect(placed.checkoutUrl).toContain("/demo-checkout/");
  });

  it("a fault in the confirmation's batch leaves the order held and unpaid; Stripe's retry confirms it once", async () => {
    const { event, ticket } = await paidEvent();
    const { placed, completed } = await placePaid(event.id, ticket.id);
    const held = await eventState(db, event.id);
    expect(held.orders.map((order) => order.status)).toEqual(["pending"]);
    expect(held.items[0]!.held).not.toBeNull();

    const queue = recordingQueue();
    const workerEnv = testEnv({ DB: faulty.binding, JOBS: queue.binding });
    // The batch's last statement: every write before it ran on D1 and was rolled back.
    faulty.inject({ match: /^delete from "booking_guards"/i });
    expect((await workerFetch(workerEnv, await stripeDelivery(completed))).status).toBe(500);
    expect(await eventState(db, event.id)).toEqual(held);
    expect(await processed(completed.id)).toBe(0);
    expect(queue.ofType("send-order-confirmation")).toEqual([]);

    const retried = await workerFetch(workerEnv, await stripeDelivery(completed));
    expect(await retried.json()).toEqual({ received: true, outcome: "confirmed" });
    const sold = await eventState(db, event.id);
    soldOnce(sold, placed.amount);
    expect(sold.ledger).toEqual([
      {
        orderId: placed.id,
        type: "charge",
        amount: placed.amount,
        fee: placed.fees,
        reference: `pi_demo_${placed.id}`,
      },
    ]);
    expect(queue.ofType("send-order-confirmation")).toEqual([{ type: "send-order-confirmation", orderId: placed.id }]);

    // Stripe delivers it once more: nothing moves, nothing more is queued.
    const again = await workerFetch(workerEnv, await stripeDelivery(completed));
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await eventState(db, event.id)).toEqual(sold);
    expect(queue.ofType("send-order-confirmation")).toHaveLength(1);
  });

  // Two faults that used to tear the sale: the charge was written by a second batch after the confirmation's, and a
  // replay of a delivery whose confirmation had committed queued no email at all.
  const afterCommit: [string, Fault][] = [
    [
      "D1's answer to the confirmation is lost after it committed",
      { match: /^delete from "booking_guards"/i, timing: "after" },
    ],
    ["the event's processed mark fails after the confirmation", { match: /^insert into "processed_provider_events"/i }],
  ];

  it.each(afterCommit)(
    "%s: the sale is whole with its charge, and the retry queues its one email",
    async (_label, fault) => {
      const { event, ticket } = await paidEvent();
      const { placed, completed } = await placePaid(event.id, ticket.id);
      const queue = recordingQueue();
      const workerEnv = testEnv({ DB: faulty.binding, JOBS: queue.binding });

      faulty.inject(fault);
      expect((await workerFetch(workerEnv, await stripeDelivery(completed))).status).toBe(500);
      const committed = await eventState(db, event.id);
      soldOnce(committed, placed.amount);
      expect(committed.ledger).toHaveLength(1);
      expect(await processed(completed.id)).toBe(0);

      const retried = await workerFetch(workerEnv, await stripeDelivery(completed));
      expect(await retried.json()).toEqual({ received: true, outcome: "already_confirmed" });
      expect(await eventState(db, event.id)).toEqual(committed);
      expect(await processed(completed.id)).toBe(1);
      const jobs = queue.ofType("send-order-confirmation");
      expect(jobs).toEqual([{ type: "send-order-confirmation", orderId: placed.id }]);

      // The consumer sends it once, even if the queue hands the job over twice.
      const consumerEnv = testEnv();
      expect((await consume(consumerEnv, [jobs[0], jobs[0]])).explicitAcks).toEqual(["m1", "m2"]);
      const mails = await db
        .select({ subject: schema.devMailbox.subject })
        .from(schema.devMailbox)
        .where(eq(schema.devMailbox.to, `faults${buyer}@exemple.test`));
      expect(mails).toHaveLength(1);
      expect((await eventState(db, event.id)).emails).toEqual([
        { key: `order-confirmation:${placed.id}`, status: "sent" },
      ]);
    },
  );
  it("an organizer's refund whose batch fails mid-way stays paid; the retry refunds once", async () => {
    const { event, ticket } = await paidEvent();
    const { placed, completed } = await placePaid(event.id, ticket.id);
    const workerEnv = testEnv({ JOBS: recordingQueue().binding });
    expect((await workerFetch(workerEnv, await stripeDelivery(completed))).status).toBe(200);
    const sold = await eventState(db, event.id);
    const provider = paymentProviderFromEnv(env, faultyDb);

    // The participants' deletion comes after the places, the promo use, the figures and the ledger row in the batch.
    faulty.inject({ match: /^delete from participants/i });
    await expect(refundOrder(faultyDb, { provider }, owner, { orderId: placed.id })).rejects.toThrow(/malformed JSON/);
    expect(await eventState(db, event.id)).toEqual(sold);

    expect(await refundOrder(faultyDb, { provider }, owner, { orderId: placed.id })).toEqual({
      refunded: true,
      refundId: `re_demo_${placed.id}`,
    });
    const refunded = await eventState(db, event.id);
    expect(refunded.orders.map((order) => order.status)).toEqual(["refunded"]);
    expect(refunded).toMatchObject({ participants: [], tickets: [{ purchased: 0 }], promos: [{ useCount: 0 }] });
    expect(refunded.figures).toMatchObject([{ participants: 0, orders: 0, gross: 0 }]);
    expect(refunded.ledger.map((row) => [row.type, row.amount])).toEqual([
      ["charge", placed.amount],
      ["refund", -placed.amount],
    ]);
    expect(await refundOrder(faultyDb, { provider }, owner, { orderId: placed.id })).toEqual({
      refunded: false,
      refundId: null,
    });
  });
});
