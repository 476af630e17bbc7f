import { env } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { paymentProviderFromEnv, type PaymentsEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { placeOrder, type PlaceOrderDeps } from "#domain/booking/place-order";
import { runPayoutJob } from "#domain/finance/run-payouts";
import { bookingCheckout } from "#domain/payments/booking-checkout";
import { eventState, payableOrganization, type EventState } from "../support/fault-state";
import { FakeStripe, permutations, stripeEvent } from "../support/fault-stripe";
import { recordingQueue, stripeDelivery, testEnv, workerFetch } from "../support/fault-worker";
import { insertEvent, insertOrganization, insertTicket } from "../support/fixtures";

// Issue 14 §4: Stripe's webhooks replayed in every order settle the same state. Each scenario is a realistic set of
// events (with a duplicate delivery), delivered in all its distinct orderings through POST /webhooks/stripe, each
// ordering on fresh rows; the final state must not depend on the ordering.
const db = createD1Database(env.DB);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FUTURE = new Date(Date.now() + 30 * DAY);
const STRIPE: PaymentsEnv = {
  ENVIRONMENT: "test",
  STRIPE_SECRET_KEY: "sk_test_guichet_faults",
  STRIPE_WEBHOOK_SECRET: "whsec_guichet_faults_test",
};
const BOOKING_ENV: PlaceOrderDeps["env"] = {
  ENVIRONMENT: "test",
  SESSION_SECRET: "faults-test-secret-0123456789abcdef",
};

afterEach(() => vi.restoreAllMocks());

describe("an order's events in every order (Stripe mode, Stripe's API stubbed)", () => {
  let organizationId: number;
  let stripe: FakeStripe;
  let buyer = 0;

  beforeAll(async () => {
    organizationId = (
      await insertOrganization(db, { connectedAccountId: "acct_faults_orders", isConnectedAccountValid: true })
    ).id;
  });

  /** A pending order of two places with a 10 % promo code, its Checkout session paid at Stripe. */
  async function paidAtStripe() {
    vi.spyOn(globalThis, "fetch").mockImplementation(stripe.handle);
    const event = await insertEvent(db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE });
    const ticket = await insertTicket(db, event, { price: 2500, amount: 5 });
    await db
      .insert(schema.promoCodes)
      .values({ organizationId, eventId: event.id, code: "AMIS", discountType: "percent", discountValue: 1000 });
    const provider = paymentProviderFromEnv(STRIPE, db);
    const placed = await placeOrder(
      db,
      { env: BOOKING_ENV, createCheckout: bookingCheckout(db, provider, { appUrl: "http://localhost:8787" }) },
      {
        eventId: event.id,
        body: {
          items: [{ ticket_id: ticket.id, quantity: 2 }],
          promo_code: "AMIS",
          buyer: { first_name: "Jules", last_name: "Ordre", email: `ordre${++buyer}@exemple.test` },
          answers: {},
          locale: "fr",
        },
      },
    );
    const sessionId = new URL(placed.checkoutUrl!).pathname.split("/").pop()!;
    stripe.pay(sessionId);
    return { event, placed, sessionId };
  }

  /** The final state without ids (each ordering has its own rows). */
  const shape = (state: EventState) => ({
    orders: state.orders.map((order) => ({ status: order.status, paid: order.paid !== null })),
    held: state.items.map((item) => item.held),
    participants: state.participants.length,
    answers: state.answers,
    purchased: state.tickets.map((ticket) => ticket.purchased),
    promoUses: state.promos.map((promo) => promo.useCount),
    figures: state.figures,
    figureDays: state.figureDays,
    ledger: state.ledger.map(({ type, amount, fee }) => ({ type, amount, fee })),
  });

  async function deliverAll(events: { id: string }[]) {
    const workerEnv = testEnv({ ...STRIPE, JOBS: recordingQueue().binding });
    for (const event of events) {
      const response = await workerFetch(workerEnv, await stripeDelivery(event, STRIPE.STRIPE_WEBHOOK_SECRET));
      expect(response.status).toBe(200);
    }
  }

  async function everyOrdering(
    scenario: (order: Awaited<ReturnType<typeof paidAtStripe>>) => { name: string; event: { id: string } }[],
  ) {
    const finals: { ordering: string; shape: ReturnType<typeof shape> }[] = [];
    // Names repeated in the scenario are the same delivery twice (one event object), so orderings that only swap
    // them are the same ordering and run once.
    const names = scenario({ event: { id: 0 }, placed: { id: 0 }, sessionId: "" } as never).map((e) => e.name);
    for (const ordering of permutations(names)) {
      const order = await paidAtStripe();
      const byName = new Map(scenario(order).map((entry) => [entry.name, entry.event]));
      await deliverAll(ordering.map((name) => byName.get(name)!));
      finals.push({ ordering: ordering.join(" → "), shape: shape(await eventState(db, order.event.id)) });
    }
    for (const final of finals)
      expect({ ordering: final.ordering, ...final.shape }).toEqual({
        ordering: final.ordering,
        ...finals[0]!.shape,
      });
    return finals;
  }

  it("paid, then fully refunded in Stripe's dashboard: refunded whatever the order (12 orderings)", async () => {
    stripe = new FakeStripe();
    const finals = await everyOrdering(({ placed, sessionId }) => {
      const created = Math.floor(Date.now() / 1000);
      const paymentIntent = stripe.paymentIntentOf(sessionId);
      if (placed.id) stripe.refund(sessionId, placed.amount);
      const completed = stripeEvent(
        "checkout.session.completed",
        { id: sessionId, object: "checkout.session" },
        created,
      );
      return [
        { name: "completed", event: completed },
        {
          name: "charge.refunded",
          event: stripeEvent(
            "charge.refunded",
            { id: `ch_${sessionId}`, object: "charge", payment_intent: paymentIntent },
            created + 60,
          ),
        },
        {
          name: "refund.updated",
          event: stripeEvent(
            "refund.updated",
            { id: `re_${sessionId}`, object: "refund", payment_intent: paymentIntent },
            created + 61,
          ),
        },
        { name: "completed", event: completed },
      ];
    });
    expect(finals).toHaveLength(12);
    expect(finals[0]!.shape).toEqual({
      orders: [{ status: "refunded", paid: true }],
      held: [null],
      participants: 0,
      answers: 0,
      purchased: [0],
      promoUses: [0],
      figures: [{ participants: 0, orders: 0, gross: 0, fees: 0, net: 0 }],
      figureDays: [{ participants: 0, orders: 0, gross: 0 }],
      ledger: [
        { type: "charge", amount: 4500, fee: expect.any(Number) },
        // Refunded from Stripe's dashboard: the platform fee is not given back (decision 0023).
        { type: "refund", amount: -4500, fee: 0 },
      ],
    });
  });

  it("paid, then partly refunded: paid with its refund row whatever the order (3 orderings)", async () => {
    stripe = new FakeStripe();
    const finals = await everyOrdering(({ placed, sessionId }) => {
      const created = Math.floor(Date.now() / 1000);
      if (placed.id) stripe.refund(sessionId, 1000);
      const completed = stripeEvent(
        "checkout.session.completed",
        { id: sessionId, object: "checkout.session" },
        created,
      );
      return [
        { name: "completed", event: completed },
        {
          name: "charge.refunded",
          event: stripeEvent(
            "charge.refunded",
            { id: `ch_${sessionId}`, object: "charge", payment_intent: stripe.paymentIntentOf(sessionId) },
            created + 60,
          ),
        },
        { name: "completed", event: completed },
      ];
    });
    expect(finals).toHaveLength(3);
    expect(finals[0]!.shape).toMatchObject({
      orders: [{ status: "paid", paid: true }],
      participants: 2,
      purchased: [2],
      promoUses: [1],
      figures: [{ participants: 2, orders: 1, gross: 4500 }],
      ledger: [
        { type: "charge", amount: 4500 },
        { type: "refund", amount: -1000, fee: 0 },
      ],
    });
  });
});

describe("a payout's events in every order (demo-signed)", () => {
  let sequence = 0;

  async function pendingPayout() {
    const organization = await payableOrganization(db, `faults_payout_${++sequence}`);
    await runPayoutJob(db, env, Date.now());
    const [payout] = await db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, organization.id));
    expect(payout).toMatchObject({ status: "pending", amount: 4700 });
    // Paid now: later runs of the job leave this organization alone.
    await db
      .update(schema.organizations)
      .set({ payoutFrequency: "manual" })
      .where(eq(schema.organizations.id, organization.id));
    return { organization, payout: payout! };
  }

  async function payoutShape(organizationId: number) {
    const [[payout], ledger] = await db.batch([
      db
        .select({ status: schema.payouts.status, failureCode: schema.payouts.failureCode })
        .from(schema.payouts)
        .where(eq(schema.payouts.organizationId, organizationId)),
      db
        .select({ net: schema.transactions.net, description: schema.transactions.description })
        .from(schema.transactions)
        .where(and(eq(schema.transactions.organizationId, organizationId), eq(schema.transactions.type, "payout")))
        .orderBy(asc(schema.transactions.id)),
    ]);
    return { payout, ledger };
  }

  async function everyOrdering(statuses: string[]) {
    const finals: { ordering: string; shape: Awaited<ReturnType<typeof payoutShape>> }[] = [];
    for (const ordering of permutations(statuses)) {
      const { organization, payout } = await pendingPayout();
      const account = organization.connectedAccountId!;
      const created = Math.floor(Date.now() / 1000);
      const events = new Map<string, ReturnType<typeof stripeEvent>>();
      // One event per status, created in the scenario's order (Stripe's own order), delivered in `ordering`.
      const eventOf = (status: string) => {
        if (!events.has(status)) {
          const type =
            status === "created" ? "payout.created" : status === "in_transit" ? "payout.updated" : `payout.${status}`;
          const object = {
            id: payout.providerPayoutId,
            object: "payout",
            amount: payout.amount,
            currency: "eur",
            status: status === "created" ? "pending" : status,
            metadata: { payout_id: String(payout.id) },
            ...(status === "failed" ? { failure_code: "account_closed" } : {}),
          };
          events.set(status, stripeEvent(type, object, created + statuses.indexOf(status), account));
        }
        return events.get(status)!;
      };
      const deliveries = ordering.map(eventOf);
      for (const delivery of deliveries) {
        expect((await workerFetch(testEnv(), await stripeDelivery(delivery))).status).toBe(200);
      }
      finals.push({ ordering: ordering.join(" → "), shape: await payoutShape(organization.id) });
    }
    for (const final of finals) expect(final).toEqual({ ordering: final.ordering, shape: finals[0]!.shape });
    return finals;
  }

  it("created, in transit, paid: paid, its money out once (6 orderings)", async () => {
    const finals = await everyOrdering(["created", "in_transit", "paid"]);
    expect(finals).toHaveLength(6);
    expect(finals[0]!.shape).toEqual({
      payout: { status: "paid", failureCode: null },
      ledger: [{ net: -4700, description: expect.stringMatching(/^payout:/) }],
    });
  });

  it("in transit, paid, then returned by the bank: failed and its money back once (6 orderings)", async () => {
    const finals = await everyOrdering(["in_transit", "paid", "failed"]);
    expect(finals).toHaveLength(6);
    expect(finals[0]!.shape).toEqual({
      payout: { status: "failed", failureCode: "account_closed" },
      ledger: [
        { net: -4700, description: expect.stringMatching(/^payout:/) },
        { net: 4700, description: "payout:failed" },
      ],
    });
  });
});

describe("a Connect account's account.updated events in every order (demo-signed)", () => {
  let sequence = 0;

  it("onboarding's states, two of them in the same second: the latest (valid) state wins (6 orderings)", async () => {
    const states = [
      { at: 0, details_submitted: false, charges_enabled: false, payouts_enabled: false },
      // Stripe's `created` is in whole seconds: verification finished in the second the details were reviewed.
      { at: 120, details_submitted: true, charges_enabled: false, payouts_enabled: false },
      { at: 120, details_submitted: true, charges_enabled: true, payouts_enabled: true },
    ];
    const finals: unknown[] = [];
    for (const ordering of permutations(states.map((_, index) => index))) {
      const accountId = `acct_faults_account_${++sequence}`;
      const organization = await insertOrganization(db, { connectedAccountId: accountId });
      const created = Math.floor(Date.now() / 1000) - 3600;
      for (const index of ordering) {
        const { at, ...flags } = states[index]!;
        const event = stripeEvent(
          "account.updated",
          { id: accountId, object: "account", ...flags },
          created + at,
          accountId,
        );
        expect((await workerFetch(testEnv(), await stripeDelivery(event))).status).toBe(200);
      }
      const [row] = await db
        .select({
          valid: schema.organizations.isConnectedAccountValid,
          details: schema.organizations.connectedAccountDetailsSubmitted,
          syncedAt: schema.organizations.connectedAccountSyncedAt,
        })
        .from(schema.organizations)
        .where(eq(schema.organizations.id, organization.id));
      finals.push({
        ordering: ordering.join(""),
        valid: row!.valid,
        details: row!.details,
        at: row!.syncedAt!.getTime() - created * 1000,
      });
    }
    expect(finals).toHaveLength(6);
    for (const final of finals)
      expect(final).toEqual({
        ordering: (final as { ordering: string }).ordering,
        valid: true,
        details: true,
        at: 120_000,
      });
  });
});
