import { env } from "cloudflare:workers";
import { and, asc, eq, ne } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { runPayoutJob } from "#domain/finance/run-payouts";
import { payableOrganization } from "../support/fault-state";
import { stripeDelivery, testEnv, workerFetch } from "../support/fault-worker";
import { faultyD1, type Fault } from "../support/faulty-d1";

// Issue 14 §4: a D1 error in the middle of the payout job or of a payout webhook leaves no payout without its ledger
// row (or the reverse), and the next run (or Stripe's retry) settles it: one payout per period, paid out once.
const db = createD1Database(env.DB);
const faulty = faultyD1(env.DB);
const faultyDb = createD1Database(faulty.binding);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let sequence = 0;

// The job pays every due organization: the ones of earlier tests are put on manual so a fault names this test's.
afterEach(async () => {
  faulty.clear();
  await db.update(schema.organizations).set({ payoutFrequency: "manual" }).where(ne(schema.organizations.id, 0));
});

async function payoutState(organizationId: number) {
  const [payouts, ledger] = await db.batch([
    db
      .select({
        amount: schema.payouts.amount,
        status: schema.payouts.status,
        providerPayoutId: schema.payouts.providerPayoutId,
        periodKey: schema.payouts.periodKey,
      })
      .from(schema.payouts)
      .where(eq(schema.payouts.organizationId, organizationId))
      .orderBy(asc(schema.payouts.id)),
    db
      .select({ net: schema.transactions.net, reference: schema.transactions.providerReference })
      .from(schema.transactions)
      .where(and(eq(schema.transactions.organizationId, organizationId), eq(schema.transactions.type, "payout")))
      .orderBy(asc(schema.transactions.id)),
  ]);
  return { payouts, ledger };
}

describe("the payout job with a D1 fault", () => {
  const faults: [string, Fault, "none" | "unsubmitted"][] = [
    // [where D1 fails, the fault, what the failed run leaves]
    ["inside the payout's batch (its ledger row)", { match: /^insert into "transactions"/i }, "none"],
    [
      "after the payout's batch committed (answer lost)",
      { match: /^insert into "transactions"/i, timing: "after" },
      "unsubmitted",
    ],
    ["recording the provider's answer", { match: /^update "payouts" set "provider_payout_id"/i }, "unsubmitted"],
  ];

  it.each(faults)("%s: never half a payout; the next run pays exactly once", async (_label, fault, left) => {
    const organization = await payableOrganization(db, `faults_${++sequence}`);
    const now = Date.now();
    faulty.inject(fault);
    const failed = await runPayoutJob(faultyDb, env, now);
    expect(failed.errors).toBe(1);

    const after = await payoutState(organization.id);
    if (left === "none") {
      // D1 rolled the payout row back with its ledger row: no money reserved, nothing at the provider.
      expect(after).toEqual({ payouts: [], ledger: [] });
    } else {
      // The payout and the ledger row that takes its money exist together; the provider's id is not known yet.
      expect(after.payouts).toMatchObject([{ amount: 4700, status: "pending", providerPayoutId: null }]);
      expect(after.ledger).toHaveLength(1);
    }

    const retried = await runPayoutJob(faultyDb, env, now);
    expect(retried.errors).toBe(0);
    const settled = await payoutState(organization.id);
    const periodKey = settled.payouts[0]?.periodKey;
    expect(settled.payouts).toEqual([
      {
        amount: 4700,
        status: "pending",
        // Named after the idempotency key: a create retried after a lost answer is the same payout at the provider.
        providerPayoutId: `po_demo_payout_${organization.id}_${periodKey!.replace(/[^A-Za-z0-9]+/g, "_")}`,
        periodKey,
      },
    ]);
    expect(settled.ledger).toEqual([{ net: -4700, reference: expect.stringMatching(/^payout:\d+$/) }]);

    // A third run, and a run two days later (the demo payout has arrived): still one payout, now paid.
    await runPayoutJob(faultyDb, env, now);
    await runPayoutJob(faultyDb, env, now + 3 * DAY);
    const later = await payoutState(organization.id);
    expect(later.payouts.map((payout) => [payout.amount, payout.status])).toEqual([[4700, "paid"]]);
    expect(later.ledger).toHaveLength(1);
  });
});

describe("a payout webhook with a D1 fault", () => {
  it("payout.failed whose settlement fails mid-batch: still pending, money not back; the retry fails it once", async () => {
    const organization = await payableOrganization(db, `faults_${++sequence}`);
    const now = Date.now();
    await runPayoutJob(db, env, now);
    const [payout] = await db.select().from(schema.payouts).where(eq(schema.payouts.organizationId, organization.id));
    const failedEvent = {
      id: `evt_faults_payout_${++sequence}`,
      object: "event",
      type: "payout.failed",
      account: organization.connectedAccountId,
      created: Math.floor(now / 1000),
      livemode: false,
      api_version: "2025-01-27.acacia",
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id: payout!.providerPayoutId,
          object: "payout",
          amount: payout!.amount,
          currency: "eur",
          status: "failed",
          failure_code: "account_closed",
          metadata: { payout_id: String(payout!.id) },
        },
      },
    };
    const workerEnv = testEnv({ DB: faulty.binding });
    const before = await payoutState(organization.id);

    // The reversal row is the batch's last statement: the status change before it is rolled back with it.
    faulty.inject({ match: /^insert into "transactions"/i });
    expect((await workerFetch(workerEnv, await stripeDelivery(failedEvent))).status).toBe(500);
    expect(await payoutState(organization.id)).toEqual(before);

    const retried = await workerFetch(workerEnv, await stripeDelivery(failedEvent));
    expect(await retried.json()).toEqual({ received: true, outcome: "payout_recorded" });
    const failed = await payoutState(organization.id);
    expect(failed.payouts.map((p) => p.status)).toEqual(["failed"]);
    expect(failed.ledger).toEqual([
      { net: -4700, reference: `payout:${payout!.id}` },
      { net: 4700, reference: `payout-reversal:${payout!.id}` },
    ]);
    const replayed = await workerFetch(workerEnv, await stripeDelivery(failedEvent));
    expect(await replayed.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await payoutState(organization.id)).toEqual(failed);
  });
});
