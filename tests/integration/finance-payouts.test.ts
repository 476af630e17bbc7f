import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_WEBHOOK_SECRET, paymentProviderFromEnv, type PaymentsEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { runPayoutJob } from "#domain/finance/run-payouts";
import { chargeRow } from "#domain/payments/ledger";
import { receiveProviderWebhook } from "#domain/payments/receive-webhook";
import { createHonoApp } from "../../workers/hono-app";
import { resources } from "~/locales";
import { handleScheduled, PAYOUTS_CRON } from "../../workers/scheduled";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertOrder, insertOrganization, type User } from "../support/fixtures";

// Payouts against D1 through the real Worker: the job's guarded batch, the payout webhooks (demo-signed through
// POST /webhooks/stripe, and Stripe mode with only Stripe's HTTP stubbed), the dev trigger and the API.
const db = createD1Database(env.DB);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);
let sequence = 0;

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, User][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
});
afterEach(() => vi.restoreAllMocks());

async function payableOrganization(values: Partial<typeof schema.organizations.$inferInsert> = {}) {
  return insertOrganization(db, {
    connectedAccountId: `acct_d1_${++sequence}`,
    isConnectedAccountValid: true,
    payoutFrequency: "daily",
    ...values,
  });
}

async function sale(organizationId: number, amount: number, fees: number, endsAt: number) {
  const event = await insertEvent(db, organizationId, {
    status: "published",
    startAt: new Date(endsAt - 2 * HOUR),
    endAt: new Date(endsAt),
  });
  const { order } = await insertOrder(db, event, { status: "paid", amount, fees, createdAt: new Date(endsAt - DAY) });
  await chargeRow(db, order, { providerReference: `pi_d1_${++sequence}`, occurredAt: endsAt - DAY });
  return { event, order };
}

const payoutsOf = (organizationId: number) =>
  db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, organizationId)).orderBy(schema.payouts.id);
const payoutLedgerOf = (organizationId: number) =>
  db
    .select({ net: schema.transactions.net, reference: schema.transactions.providerReference })
    .from(schema.transactions)
    .where(and(eq(schema.transactions.organizationId, organizationId), eq(schema.transactions.type, "payout")))
    .orderBy(schema.transactions.id);

function payoutEvent(
  type: string,
  payout: { id: string; status: string; metadata?: Record<string, string> },
  account: string,
  extra: Record<string, unknown> = {},
) {
  return {
    id: `evt_payout_${++sequence}`,
    object: "event",
    type,
    account,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: "2025-01-27.acacia",
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: "payout", amount: 0, currency: "eur", ...payout, ...extra } },
  };
}

async function signedPayload(event: unknown, secret: string) {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { payload, signature };
}

/** A demo-signed delivery through the Worker's POST /webhooks/stripe. */
async function deliver(event: unknown, signature?: string) {
  const signed = await signedPayload(event, DEMO_WEBHOOK_SECRET);
  const response = await exports.default.fetch("http://localhost/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature ?? signed.signature },
    body: signed.payload,
  });
  return { status: response.status, json: (await response.json()) as { outcome?: string; error?: unknown } };
}

describe("the payout job on D1", () => {
  it("pays once per period through the guarded batch, even with two runs at once", async () => {
    const organization = await payableOrganization();
    const now = Date.now();
    await sale(organization.id, 5000, 300, now - DAY);
    await sale(organization.id, 3000, 100, now + 3 * DAY);

    const reports = await Promise.all([runPayoutJob(db, env, now), runPayoutJob(db, env, now)]);

    expect(reports.reduce((sum, r) => sum + r.created, 0)).toBe(1);
    const payouts = await payoutsOf(organization.id);
    expect(payouts.map((p) => [p.amount, p.status])).toEqual([[4700, "pending"]]);
    expect(payouts[0]!.providerPayoutId).toMatch(/^po_demo_/);
    expect(await payoutLedgerOf(organization.id)).toEqual([{ net: -4700, reference: `payout:${payouts[0]!.id}` }]);
  });

  it("runs from POST /dev/run-payouts, as at a later time, and settles the demo payout after its arrival", async () => {
    const organization = await payableOrganization();
    await sale(organization.id, 2400, 200, Date.now() - DAY);
    const run = async (at: number) => {
      const response = await exports.default.fetch("http://localhost/dev/run-payouts", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ now: new Date(at).toISOString() }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { created: number; paid: number };
    };
    expect((await run(Date.now())).created).toBeGreaterThanOrEqual(1);
    expect((await payoutsOf(organization.id)).map((p) => [p.amount, p.status])).toEqual([[2200, "pending"]]);

    await run(Date.now() + 3 * DAY);
    expect((await payoutsOf(organization.id)).map((p) => p.status)).toEqual(["paid"]);
  });

  it("runs hourly from the cron of wrangler.toml", async () => {
    const organization = await payableOrganization();
    await sale(organization.id, 1800, 0, Date.now() - DAY);
    const work: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => work.push(p), passThroughOnException() {}, props: {} };
    await handleScheduled(
      { cron: PAYOUTS_CRON, scheduledTime: Date.now(), noRetry() {} },
      env,
      ctx as unknown as ExecutionContext,
    );
    await Promise.all(work);
    expect((await payoutsOf(organization.id)).map((p) => [p.amount, p.status])).toEqual([[1800, "pending"]]);
  });

  it("hides the dev trigger outside development and test", async () => {
    const app = createHonoApp(async () => new Response("fallback", { status: 404 }), { messages: resources });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const organization = await payableOrganization();
    await sale(organization.id, 1000, 0, Date.now() - DAY);
    const response = await app.fetch(
      new Request("http://localhost/dev/run-payouts", { method: "POST" }),
      { ...env, ENVIRONMENT: "production", SESSION_SECRET: "payouts-test-secret-0123456789abcdef" },
      ctx,
    );
    expect(response.status).toBe(404);
    expect(await payoutsOf(organization.id)).toEqual([]);
  });
});

describe("payout webhooks", () => {
  it("refuses a bad signature and changes nothing", async () => {
    const organization = await payableOrganization();
    await sale(organization.id, 1000, 0, Date.now() - DAY);
    await runPayoutJob(db, env, Date.now());
    const [payout] = await payoutsOf(organization.id);

    const forged = payoutEvent("payout.paid", { id: payout!.providerPayoutId!, status: "paid" }, "acct_x");
    const wrong = await signedPayload(forged, "whsec_not_ours");
    expect(await deliver(forged, wrong.signature)).toMatchObject({
      status: 400,
      json: { error: { type: "validation", code: "invalid_signature" } },
    });
    expect((await payoutsOf(organization.id))[0]!.status).toBe("pending");
  });

  it("settles on payout.paid, answers a replay as a duplicate, and a stale event after it keeps it paid", async () => {
    const organization = await payableOrganization();
    await sale(organization.id, 1500, 0, Date.now() - DAY);
    await runPayoutJob(db, env, Date.now());
    const [payout] = await payoutsOf(organization.id);
    const account = organization.connectedAccountId!;
    const paid = payoutEvent("payout.paid", { id: payout!.providerPayoutId!, status: "paid" }, account);

    expect(await deliver(paid)).toMatchObject({ status: 200, json: { outcome: "payout_recorded" } });
    expect((await payoutsOf(organization.id))[0]!.status).toBe("paid");
    expect(await deliver(paid)).toMatchObject({ status: 200, json: { outcome: "duplicate" } });

    // Out of order: the payout's earlier "pending" update arrives last.
    const stale = payoutEvent("payout.updated", { id: payout!.providerPayoutId!, status: "pending" }, account);
    expect((await deliver(stale)).status).toBe(200);
    const [after] = await payoutsOf(organization.id);
    expect(after!.status).toBe("paid");
    expect(await payoutLedgerOf(organization.id)).toEqual([{ net: -1500, reference: `payout:${payout!.id}` }]);
  });

  it("ignores an event about another account's payout", async () => {
    const organization = await payableOrganization();
    await sale(organization.id, 1500, 0, Date.now() - DAY);
    await runPayoutJob(db, env, Date.now());
    const [payout] = await payoutsOf(organization.id);
    const foreign = payoutEvent("payout.failed", { id: payout!.providerPayoutId!, status: "failed" }, "acct_other");
    expect(await deliver(foreign)).toMatchObject({ status: 200, json: { outcome: "ignored" } });
    expect((await payoutsOf(organization.id))[0]!.status).toBe("pending");
  });

  it("Stripe mode: re-reads the payout, records a failure once with its reason, and gives the money back", async () => {
    const stripeEnv: PaymentsEnv = {
      ENVIRONMENT: "test",
      STRIPE_SECRET_KEY: "sk_test_payout_hooks",
      STRIPE_WEBHOOK_SECRET: "whsec_payout_hooks",
    };
    const provider = paymentProviderFromEnv(stripeEnv, db);
    const organization = await payableOrganization();
    const account = organization.connectedAccountId!;
    await sale(organization.id, 3000, 200, Date.now() - DAY);
    let stripePayout: Record<string, unknown> | null = null;
    const reads: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = new Headers(init?.headers);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.pathname === "/v1/balance")
        return json({ object: "balance", available: [{ amount: 1e7, currency: "eur" }] });
      if (url.pathname === "/v1/payouts" && init?.method === "POST") {
        const body = new URLSearchParams(String(init.body));
        stripePayout = {
          id: "po_stripe_1",
          object: "payout",
          amount: Number(body.get("amount")),
          currency: "eur",
          status: "in_transit",
          arrival_date: Math.floor(Date.now() / 1000) + 86_400,
          destination: "ba_only_an_id",
          metadata: { payout_id: body.get("metadata[payout_id]") },
        };
        return json(stripePayout);
      }
      if (url.pathname === "/v1/payouts/po_stripe_1") {
        reads.push(headers.get("Stripe-Account") ?? "");
        return json(stripePayout);
      }
      return new Response(JSON.stringify({ error: { type: "invalid_request_error" } }), { status: 404 });
    });
    await runPayoutJob(db, stripeEnv, Date.now());
    const [payout] = await payoutsOf(organization.id);
    expect(payout).toMatchObject({ providerPayoutId: "po_stripe_1", amount: 2800, status: "pending" });

    // Paid first, then the bank returns it: Stripe reports it failed.
    stripePayout = { ...stripePayout!, status: "paid" };
    const paid = payoutEvent("payout.paid", { id: "po_stripe_1", status: "paid" }, account);
    await receiveProviderWebhook(db, { provider }, await signedPayload(paid, stripeEnv.STRIPE_WEBHOOK_SECRET!));
    expect((await payoutsOf(organization.id))[0]!.status).toBe("paid");

    stripePayout = {
      ...stripePayout,
      status: "failed",
      failure_code: "account_closed",
      failure_message: "The bank account has been closed.",
    };
    // The event's own snapshot says nothing useful: what counts is Stripe's answer to the re-read.
    for (let i = 0; i < 2; i++) {
      const failed = payoutEvent("payout.failed", { id: "po_stripe_1", status: "failed" }, account);
      const receipt = await receiveProviderWebhook(
        db,
        { provider },
        await signedPayload(failed, stripeEnv.STRIPE_WEBHOOK_SECRET!),
      );
      expect(receipt).toMatchObject({ status: 200, result: { outcome: "payout_recorded" } });
    }
    expect(reads.every((account_) => account_ === account)).toBe(true);
    const [failed] = await payoutsOf(organization.id);
    expect(failed).toMatchObject({
      status: "failed",
      failureCode: "account_closed",
      failureMessage: "The bank account has been closed.",
    });
    expect(await payoutLedgerOf(organization.id)).toEqual([
      { net: -2800, reference: `payout:${payout!.id}` },
      { net: 2800, reference: `payout-reversal:${payout!.id}` },
    ]);

    // A bad signature in Stripe mode is refused before anything is read.
    const forged = await signedPayload(paid, "whsec_someone_else");
    expect(await receiveProviderWebhook(db, { provider }, forged)).toEqual({ status: 400, error: "invalid_signature" });
  });
});

describe("payouts API", () => {
  it("lists the payouts and the balance for owners and admins; 404 for the others", async () => {
    const org = world.organization.id;
    await db
      .update(schema.organizations)
      .set({ connectedAccountId: "acct_world", isConnectedAccountValid: true, payoutFrequency: "weekly" })
      .where(eq(schema.organizations.id, org));
    await db.insert(schema.payouts).values([
      {
        organizationId: org,
        amount: 0,
        status: "paid",
        bankAccountName: "BNP PARIBAS •••• 6789",
        initiatedAt: new Date("2026-11-02T05:00:00Z"),
        estimatedAt: new Date("2026-11-04T00:00:00Z"),
      },
      {
        organizationId: org,
        amount: 12_345,
        status: "failed",
        failureCode: "account_closed",
        failureMessage: "The bank account has been closed.",
        bankAccountName: "BNP PARIBAS •••• 6789",
        initiatedAt: new Date("2026-11-09T05:00:00Z"),
        estimatedAt: new Date("2026-11-11T00:00:00Z"),
      },
    ]);

    const listed = await call(`/organizers/${org}/finance/payouts?sort=-initiation_date`);
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ total: 2, page: 0, page_size: 10 });
    expect(listed.json.payouts[0]).toEqual({
      payoutId: expect.any(Number),
      bankAccountName: "BNP PARIBAS •••• 6789",
      amount: 12_345,
      initiationDate: "2026-11-09T05:00:00.000Z",
      estimateDate: "2026-11-11T00:00:00.000Z",
      status: "failed",
      failureCode: "account_closed",
      failureMessage: "The bank account has been closed.",
    });
    const paidOnly = await call(`/organizers/${org}/finance/payouts?status=paid&page_size=1`, { as: "admin" });
    expect(paidOnly.json.payouts.map((p: { amount: number }) => p.amount)).toEqual([0]);
    expect((await call(`/organizers/${org}/finance/payouts?status=lost`)).status).toBe(400);

    const balance = await call(`/organizers/${org}/finance/balance`, { as: "admin" });
    expect(balance).toMatchObject({ status: 200, json: { available: 0, pending: 0, held: 0, inTransit: 0 } });

    for (const as of ["manager", "guestManager", "guestNone", "foreignOwner"]) {
      expect((await call(`/organizers/${org}/finance/payouts`, { as })).status).toBe(404);
      expect((await call(`/organizers/${org}/finance/balance`, { as })).status).toBe(404);
    }
  });
});
