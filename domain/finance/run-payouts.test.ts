import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEMO_BANK_ACCOUNT_NAME,
  DEMO_PAYOUT_DELAY_MS,
  payoutProviderFromEnv,
  type PayoutProvider,
} from "#adapters/payouts";
import type { PaymentsEnv } from "#adapters/payments";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertUser,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { chargeRow, refundRow } from "../payments/ledger";
import { getFinanceBalance } from "./balance";
import { listPayouts } from "./list-payouts";
import { payableFromLedger, readLedgerTotals } from "./payable";
import { runPayoutJob } from "./run-payouts";

const DEMO_ENV: PaymentsEnv = { ENVIRONMENT: "test" };
const STRIPE_ENV: PaymentsEnv = {
  ENVIRONMENT: "test",
  STRIPE_SECRET_KEY: "sk_test_payouts",
  STRIPE_WEBHOOK_SECRET: "whsec_payouts",
};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Thursday 26 November 2026, 10:00 in Paris.
const NOW = Date.parse("2026-11-26T09:00:00Z");

let testDb: LibsqlTestDatabase;
let db: Database;
let references = 0;

// A database per test: the job pays every organization it finds, so each test starts from an empty ledger.
beforeEach(async () => {
  testDb = await createLibsqlTestDatabase();
  db = testDb.db;
});
afterEach(() => {
  vi.unstubAllGlobals();
  testDb.close();
});

type Org = typeof schema.organizations.$inferSelect;

async function organization(values: Partial<typeof schema.organizations.$inferInsert> = {}) {
  const org = await insertOrganization(db, {
    connectedAccountId: `acct_${++references}`,
    isConnectedAccountValid: true,
    payoutFrequency: "daily",
    ...values,
  });
  const owner = await insertUser(db);
  await insertMember(db, org.id, owner.id, "owner");
  return { org, owner };
}

async function event(org: Org, endsAt: number | null) {
  return insertEvent(db, org.id, {
    status: "published",
    startAt: endsAt === null ? null : new Date(endsAt - 3 * HOUR),
    endAt: endsAt === null ? null : new Date(endsAt),
  });
}

/** A paid order and its charge in the ledger, as the payment webhook writes it. */
async function sell(ev: { id: number; organizationId: number }, amount: number, fees: number, paidAt = NOW - 10 * DAY) {
  const { order } = await insertOrder(db, ev, { status: "paid", amount, fees, createdAt: new Date(paidAt) });
  await chargeRow(db, order, { providerReference: `pi_${++references}`, occurredAt: paidAt });
  return order;
}

async function refund(order: { id: number; organizationId: number; eventId: number; amount: number; fees: number }) {
  await refundRow(db, order, {
    providerReference: `re_${++references}`,
    amount: order.amount,
    feeRefunded: order.fees,
    occurredAt: NOW - 5 * DAY,
  });
}

const payoutsOf = (org: Org) =>
  db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, org.id)).orderBy(schema.payouts.id);
const payoutLedgerOf = (org: Org) =>
  db
    .select()
    .from(schema.transactions)
    .where(and(eq(schema.transactions.organizationId, org.id), eq(schema.transactions.type, "payout")))
    .orderBy(schema.transactions.id);
const payableOf = async (org: Org, now: number) => payableFromLedger(await readLedgerTotals(db, org.id), now);

describe("the payout job in demo mode", () => {
  it("pays ended events' sales less fees and refunds, holds the rest, and records the payout with its ledger row", async () => {
    const { org, owner } = await organization();
    const ended = await event(org, NOW - DAY);
    const upcoming = await event(org, NOW + 7 * DAY);
    await sell(ended, 5000, 300);
    await refund(await sell(ended, 2000, 150));
    await sell(upcoming, 3000, 200);

    const report = await runPayoutJob(db, DEMO_ENV, NOW);

    expect(report).toMatchObject({ created: 1, submitted: 1, errors: 0 });
    const [payout, ...others] = await payoutsOf(org);
    expect(others).toEqual([]);
    expect(payout).toMatchObject({
      amount: 4700,
      status: "pending",
      periodKey: "daily:2026-11-26",
      bankAccountName: DEMO_BANK_ACCOUNT_NAME,
      providerPayoutId: `po_demo_payout_${org.id}_daily_2026_11_26`,
    });
    expect(payout!.initiatedAt.getTime()).toBe(NOW);
    expect(payout!.estimatedAt?.getTime()).toBe(NOW + DEMO_PAYOUT_DELAY_MS);
    const [ledger] = await payoutLedgerOf(org);
    expect(ledger).toMatchObject({
      payoutId: payout!.id,
      amount: -4700,
      fee: 0,
      net: -4700,
      eventId: null,
      providerReference: `payout:${payout!.id}`,
      description: "payout:daily:2026-11-26",
    });
    expect(await payableOf(org, NOW)).toEqual({ released: 0, held: 2800, payable: 0 });
    expect(await getFinanceBalance(db, actorOf(owner, org.id, "owner"), { now: NOW })).toEqual({
      available: 0,
      held: 2800,
      inTransit: 4700,
      pending: 7500,
    });
  });

  it("pays nothing twice: a second run, and two runs at once, find the period paid", async () => {
    const { org } = await organization();
    await sell(await event(org, NOW - DAY), 5000, 300);

    const [first, second] = await Promise.all([runPayoutJob(db, DEMO_ENV, NOW), runPayoutJob(db, DEMO_ENV, NOW)]);
    expect(first.created + second.created).toBe(1);
    const third = await runPayoutJob(db, DEMO_ENV, NOW + HOUR);
    expect(third.created).toBe(0);

    expect((await payoutsOf(org)).map((p) => p.amount)).toEqual([4700]);
    expect((await payoutLedgerOf(org)).map((t) => t.net)).toEqual([-4700]);
  });

  it("refuses the second of two racing payouts by the money itself, even for two different periods", async () => {
    const { org } = await organization();
    await sell(await event(org, NOW - DAY), 5000, 300);
    // Both runs read the ledger before either writes: only the statement that takes the money can tell.
    const demo = payoutProviderFromEnv(DEMO_ENV, db);
    let waiting: (() => void)[] = [];
    const provider: PayoutProvider = {
      ...demo,
      availableBalance: () =>
        new Promise((resolve) => {
          waiting.push(() => resolve(null));
          if (waiting.length === 2) {
            for (const release of waiting) release();
            waiting = [];
          }
        }),
    };
    // 23:30 UTC: already 27 November in Paris, still 26 November in UTC — two different daily periods.
    const late = Date.parse("2026-11-26T23:30:00Z");
    const reports = await Promise.all([
      runPayoutJob(db, DEMO_ENV, late, { provider }),
      runPayoutJob(db, DEMO_ENV, late, { provider, timeZone: "UTC" }),
    ]);

    expect(reports.map((r) => r.created).sort()).toEqual([0, 1]);
    expect((await payoutsOf(org)).map((p) => p.amount)).toEqual([4700]);
    expect((await payoutLedgerOf(org)).map((t) => t.net)).toEqual([-4700]);
  });

  it("settles a demo payout by itself once its estimated arrival has passed", async () => {
    const { org } = await organization();
    await sell(await event(org, NOW - DAY), 1200, 100);
    await runPayoutJob(db, DEMO_ENV, NOW);

    await runPayoutJob(db, DEMO_ENV, NOW + DAY);
    expect((await payoutsOf(org)).map((p) => p.status)).toEqual(["pending"]);

    const report = await runPayoutJob(db, DEMO_ENV, NOW + DEMO_PAYOUT_DELAY_MS);
    expect(report.paid).toBeGreaterThanOrEqual(1);
    const [payout] = await payoutsOf(org);
    expect(payout).toMatchObject({ status: "paid", amount: 1100 });
    expect(payout!.settledAt?.getTime()).toBe(NOW + DEMO_PAYOUT_DELAY_MS);
    // Nothing new to pay on the following days: the ledger is at zero.
    expect((await payoutsOf(org)).length).toBe(1);
  });

  it("holds an event's money until the event has ended, then pays it on the next due day", async () => {
    const { org } = await organization();
    const endsAt = NOW + 2 * HOUR;
    await sell(await event(org, endsAt), 4000, 250);

    await runPayoutJob(db, DEMO_ENV, NOW);
    expect(await payoutsOf(org)).toEqual([]);
    // Later the same day the event has ended, and today's period has not been paid: it is paid now.
    await runPayoutJob(db, DEMO_ENV, endsAt);
    expect((await payoutsOf(org)).map((p) => [p.amount, p.periodKey])).toEqual([[3750, "daily:2026-11-26"]]);
  });

  it("keeps an event without dates held", async () => {
    const { org } = await organization();
    await sell(await event(org, null), 4000, 250);
    await runPayoutJob(db, DEMO_ENV, NOW);
    expect(await payoutsOf(org)).toEqual([]);
    expect(await payableOf(org, NOW)).toEqual({ released: 0, held: 3750, payable: 0 });
  });

  it("follows the frequency in Paris time: weekly on Mondays, monthly on the 1st, manual and invalid accounts never", async () => {
    const weekly = await organization({ payoutFrequency: "weekly" });
    const monthly = await organization({ payoutFrequency: "monthly" });
    const manual = await organization({ payoutFrequency: "manual" });
    const invalid = await organization({ isConnectedAccountValid: false });
    const disconnected = await organization({ connectedAccountId: null });
    for (const { org } of [weekly, monthly, manual, invalid, disconnected]) {
      await sell(await event(org, NOW - DAY), 1000, 0);
    }

    await runPayoutJob(db, DEMO_ENV, NOW); // Thursday
    // Sunday 29 November 23:30 UTC is Monday 00:30 in Paris.
    await runPayoutJob(db, DEMO_ENV, Date.parse("2026-11-29T23:30:00Z"));
    expect((await payoutsOf(weekly.org)).map((p) => p.periodKey)).toEqual(["weekly:2026-11-30"]);
    expect(await payoutsOf(monthly.org)).toEqual([]);
    // Monday 30 November 23:30 UTC is Tuesday 1 December 00:30 in Paris.
    await runPayoutJob(db, DEMO_ENV, Date.parse("2026-11-30T23:30:00Z"));
    expect((await payoutsOf(monthly.org)).map((p) => p.periodKey)).toEqual(["monthly:2026-12"]);
    for (const { org } of [manual, invalid, disconnected]) expect(await payoutsOf(org)).toEqual([]);
  });

  it("lets a refund of money already paid out make the balance negative, and pays nothing until sales cover it", async () => {
    const { org, owner } = await organization();
    const ended = await event(org, NOW - DAY);
    const order = await sell(ended, 3000, 0);
    await runPayoutJob(db, DEMO_ENV, NOW);
    await refund(order);

    const report = await runPayoutJob(db, DEMO_ENV, NOW + DAY);
    expect(report.created).toBe(0);
    expect((await payoutsOf(org)).length).toBe(1);
    const balance = await getFinanceBalance(db, actorOf(owner, org.id, "owner"), { now: NOW + DAY });
    expect(balance.available).toBe(-3000);
  });
});

type StripeCall = { method: string; path: string; body: URLSearchParams; headers: Headers };

/** Stripe's payouts and balance endpoints of connected accounts, as far as the job uses them. */
class FakeStripePayouts {
  calls: StripeCall[] = [];
  available = 1_000_000;
  payouts = new Map<string, Record<string, unknown>>();
  byKey = new Map<string, string>();
  /** The answer to the next POST /v1/payouts, when it is not a success. */
  createFailure: { status: number; body: unknown } | null = null;

  handle = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const call: StripeCall = {
      method: init?.method ?? "GET",
      path: url.pathname,
      body: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
      headers: new Headers(init?.headers),
    };
    this.calls.push(call);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    if (call.method === "GET" && call.path === "/v1/balance") {
      return json({ object: "balance", available: [{ amount: this.available, currency: "eur" }], pending: [] });
    }
    if (call.method === "POST" && call.path === "/v1/payouts") {
      if (this.createFailure) {
        const failure = this.createFailure;
        this.createFailure = null;
        return json(failure.body, failure.status);
      }
      const key = call.headers.get("Idempotency-Key") ?? "";
      const existing = this.byKey.get(key);
      if (existing) return json(this.payouts.get(existing));
      const id = `po_test_${this.payouts.size + 1}`;
      const payout = {
        id,
        object: "payout",
        amount: Number(call.body.get("amount")),
        currency: "eur",
        status: "pending",
        arrival_date: Math.floor(NOW / 1000) + 2 * 86_400,
        destination: { id: "ba_1", object: "bank_account", bank_name: "BNP PARIBAS", last4: "6789" },
        failure_code: null,
        failure_message: null,
        metadata: Object.fromEntries(
          [...call.body.entries()].filter(([k]) => k.startsWith("metadata[")).map(([k, v]) => [k.slice(9, -1), v]),
        ),
      };
      this.payouts.set(id, payout);
      this.byKey.set(key, id);
      return json(payout);
    }
    const match = /^\/v1\/payouts\/(po_[\w]+)$/.exec(call.path);
    if (call.method === "GET" && match) {
      const payout = this.payouts.get(match[1]!);
      return payout ? json(payout) : json({ error: { type: "invalid_request_error", message: "No such payout" } }, 404);
    }
    return json({ error: { type: "invalid_request_error", message: `No route ${call.method} ${call.path}` } }, 404);
  };

  set(id: string, values: Record<string, unknown>) {
    this.payouts.set(id, { ...this.payouts.get(id), ...values });
  }
}

describe("the payout job with Stripe (HTTP stubbed)", () => {
  it("creates the payout on the connected account with the period's idempotency key and records Stripe's answer", async () => {
    const stripe = new FakeStripePayouts();
    vi.stubGlobal("fetch", stripe.handle);
    const { org } = await organization();
    await sell(await event(org, NOW - DAY), 5000, 300);
    stripe.available = 4000;

    await runPayoutJob(db, STRIPE_ENV, NOW);

    const create = stripe.calls.find((c) => c.method === "POST" && c.path === "/v1/payouts")!;
    expect(create.headers.get("Stripe-Account")).toBe(org.connectedAccountId);
    expect(create.headers.get("Idempotency-Key")).toBe(`payout-${org.id}-daily:2026-11-26`);
    // Capped by what Stripe says is available on the account: the rest waits for the next payout.
    expect(create.body.get("amount")).toBe("4000");
    const [payout] = await payoutsOf(org);
    expect(payout).toMatchObject({
      amount: 4000,
      status: "pending",
      providerPayoutId: "po_test_1",
      bankAccountName: "BNP PARIBAS •••• 6789",
    });
    expect(payout!.estimatedAt?.getTime()).toBe(Math.floor(NOW / 1000) * 1000 + 2 * DAY);
    expect(await payableOf(org, NOW)).toMatchObject({ payable: 700 });
  });

  it("shows a failed payout with its reason and pays its amount again on the next run", async () => {
    const stripe = new FakeStripePayouts();
    vi.stubGlobal("fetch", stripe.handle);
    const { org, owner } = await organization();
    await sell(await event(org, NOW - DAY), 5000, 300);
    await runPayoutJob(db, STRIPE_ENV, NOW);
    stripe.set("po_test_1", {
      status: "failed",
      failure_code: "account_closed",
      failure_message: "The bank account has been closed.",
    });

    const report = await runPayoutJob(db, STRIPE_ENV, NOW + DAY);

    expect(report).toMatchObject({ failed: 1, created: 1 });
    const [failed, retried] = await payoutsOf(org);
    expect(failed).toMatchObject({
      status: "failed",
      failureCode: "account_closed",
      failureMessage: "The bank account has been closed.",
      amount: 4700,
    });
    expect(retried).toMatchObject({ status: "pending", amount: 4700, periodKey: "daily:2026-11-27" });
    expect((await payoutLedgerOf(org)).map((t) => [t.net, t.providerReference])).toEqual([
      [-4700, `payout:${failed!.id}`],
      [4700, `payout-reversal:${failed!.id}`],
      [-4700, `payout:${retried!.id}`],
    ]);
    const page = await listPayouts(db, actorOf(owner, org.id, "owner"), {
      offset: 0,
      limit: 10,
      sort: null,
      statuses: ["failed"],
      now: NOW + DAY,
    });
    expect(page.rows.map((r) => [r.id, r.status, r.failureCode])).toEqual([[failed!.id, "failed", "account_closed"]]);
    expect(page.total).toBe(1);
  });

  it("records a payout Stripe refuses as failed at once, with the money back", async () => {
    const stripe = new FakeStripePayouts();
    vi.stubGlobal("fetch", stripe.handle);
    const { org } = await organization();
    await sell(await event(org, NOW - DAY), 2000, 100);
    stripe.createFailure = {
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          code: "balance_insufficient",
          message: "You have insufficient funds in your Stripe account.",
        },
      },
    };

    const report = await runPayoutJob(db, STRIPE_ENV, NOW);

    expect(report).toMatchObject({ created: 1, failed: 1, submitted: 0 });
    const [payout] = await payoutsOf(org);
    expect(payout).toMatchObject({ status: "failed", failureCode: "balance_insufficient", providerPayoutId: null });
    expect(await payableOf(org, NOW)).toMatchObject({ payable: 1900 });
  });

  it("leaves a payout whose create got no answer pending, and creates it again with the same key on the next run", async () => {
    const stripe = new FakeStripePayouts();
    vi.stubGlobal("fetch", stripe.handle);
    const { org } = await organization();
    await sell(await event(org, NOW - DAY), 2000, 100);
    // Stripe's client retries a 500 once: both attempts fail, and Stripe never made the payout.
    let failures = 2;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === "POST" && failures > 0) {
        failures--;
        return new Response(JSON.stringify({ error: { type: "api_error", message: "Try again" } }), { status: 500 });
      }
      return stripe.handle(input, init);
    });

    const first = await runPayoutJob(db, STRIPE_ENV, NOW);
    expect(first).toMatchObject({ created: 1, errors: 1 });
    expect(await payoutsOf(org)).toMatchObject([{ status: "pending", providerPayoutId: null }]);

    await runPayoutJob(db, STRIPE_ENV, NOW + HOUR);
    const creates = stripe.calls.filter((c) => c.method === "POST" && c.path === "/v1/payouts");
    expect(creates.map((c) => c.headers.get("Idempotency-Key"))).toEqual([`payout-${org.id}-daily:2026-11-26`]);
    expect(await payoutsOf(org)).toMatchObject([{ status: "pending", providerPayoutId: "po_test_1", amount: 1900 }]);
  });
});

describe("payouts list and balance access", () => {
  it("answers 404 to event managers, guests and other organizations", async () => {
    const { org } = await organization();
    const other = await organization();
    const user = await insertUser(db);
    for (const actor of [
      actorOf(user, org.id, "event_manager"),
      actorOf(user, org.id, ""),
      actorOf(user, null, null),
      { ...actorOf(other.owner, other.org.id, "owner"), organizationId: org.id, role: null },
    ]) {
      await expect(getFinanceBalance(db, actor)).rejects.toMatchObject({ code: "not_found" });
      await expect(listPayouts(db, actor, { offset: 0, limit: 10, sort: null })).rejects.toMatchObject({
        code: "not_found",
      });
    }
    await expect(getFinanceBalance(db, actorOf(user, org.id, "admin"))).resolves.toMatchObject({ available: 0 });
  });

  it("lists one page sorted in SQL, filtered by status, with the frequency's next date", async () => {
    const { org, owner } = await organization({ payoutFrequency: "weekly" });
    const values = [
      { amount: 0, status: "paid" as const, initiatedAt: new Date(NOW - 3 * DAY) },
      { amount: 2500, status: "pending" as const, initiatedAt: new Date(NOW - DAY) },
      { amount: 900, status: "paid" as const, initiatedAt: new Date(NOW - 2 * DAY) },
    ];
    await db.insert(schema.payouts).values(values.map((v) => ({ ...v, organizationId: org.id })));
    const actor = actorOf(owner, org.id, "owner");
    const page = await listPayouts(db, actor, { offset: 0, limit: 2, sort: { id: "amount", desc: false }, now: NOW });
    expect(page.rows.map((r) => r.amount)).toEqual([0, 900]);
    expect(page.total).toBe(3);
    expect(page.frequency).toBe("weekly");
    expect(new Date(page.nextPayoutAt!).toISOString()).toBe("2026-11-29T23:00:00.000Z");
    const paid = await listPayouts(db, actor, { offset: 0, limit: 10, sort: null, statuses: ["paid"], now: NOW });
    expect(paid.rows.map((r) => r.amount)).toEqual([900, 0]);
  });
});
