import { PLATFORM_TIME_ZONE } from "../events/event-time-zone";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  PayoutRejectedError,
  payoutProviderFromEnv,
  type PayoutProvider,
  type ProviderPayout,
} from "#adapters/payouts";
import { demoPaymentsAllowed, paymentModeOf, type PaymentsEnv } from "#adapters/payments";
import type { Database } from "#db/database";
import { organizations, payouts, transactions, type PayoutFrequency } from "#db/schema";
import { payableFromLedger, readLedgerTotals, releasedNetSql } from "./payable";
import { payoutIdempotencyKey, payoutPeriodKey } from "./payout-schedule";
import {
  loadPayoutRecords,
  reconcilePayout,
  selectList,
  settlementOutcomeOf,
  settlementStatements,
  type PayoutRecord,
} from "./settle-payout";

/*
 * The payout job (decision 0022), run by the hourly cron, POST /dev/run-payouts and the tests:
 * 1. reconciliation: every pending payout is brought in line with the provider (a payout whose create never got an
 *    answer is created again with the same idempotency key; the others are re-read and settled), so money of a payout
 *    that failed is back in the ledger before step 2 counts it;
 * 2. for each organization with an automatic frequency due today and a valid payment account: the payable amount
 *    (capped by what the provider says is available) becomes a payout.
 * Paying twice is impossible by construction, not by a read before the write: the payout row is inserted only if no
 * row has the organization and period yet (unique index) AND the released ledger still holds the amount, in the same
 * batch as the ledger row that takes it; a second run, concurrent or not, finds either the row or the money gone.
 */

export type PayoutJobReport = {
  /** Payout rows made by this run. */
  created: number;
  /** Payouts the provider accepted in this run (new ones and retried creates). */
  submitted: number;
  paid: number;
  failed: number;
  /** Organizations due but with nothing to pay, or already paid for the period. */
  skipped: number;
  /** Organizations or payouts whose step threw (logged; the next run tries again). */
  errors: number;
};

type Statement = BatchItem<"sqlite">;

type PayableOrganization = { id: number; connectedAccountId: string; payoutFrequency: PayoutFrequency };

export async function runPayoutJob(
  db: Database,
  env: PaymentsEnv,
  now: number = Date.now(),
  options: { provider?: PayoutProvider; timeZone?: string } = {},
): Promise<PayoutJobReport> {
  const report: PayoutJobReport = { created: 0, submitted: 0, paid: 0, failed: 0, skipped: 0, errors: 0 };
  // Without Stripe, only development and test have a provider (the demo); a deployment without a key pays nothing.
  if (paymentModeOf(env) === "demo" && !demoPaymentsAllowed(env)) return report;
  const provider = options.provider ?? payoutProviderFromEnv(env, db);

  for (const payout of await loadPayoutRecords(db, eq(payouts.status, "pending"))) {
    try {
      if (payout.providerPayoutId) count(report, await reconcilePayout(db, provider, payout, now));
      else if (payout.periodKey) await submitPayout(db, provider, payout, now, report);
    } catch (error) {
      report.errors++;
      console.error("payout reconciliation failed", {
        payoutId: payout.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  const due = await db
    .select({
      id: organizations.id,
      connectedAccountId: organizations.connectedAccountId,
      payoutFrequency: organizations.payoutFrequency,
    })
    .from(organizations)
    .where(
      and(
        ne(organizations.payoutFrequency, "manual"),
        eq(organizations.isConnectedAccountValid, true),
        isNotNull(organizations.connectedAccountId),
      ),
    );
  for (const organization of due) {
    try {
      await payOrganization(
        db,
        provider,
        organization as PayableOrganization,
        now,
        options.timeZone ?? PLATFORM_TIME_ZONE,
        report,
      );
    } catch (error) {
      report.errors++;
      console.error("payout failed to start", {
        organizationId: organization.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return report;
}

function count(report: PayoutJobReport, outcome: string | null) {
  if (outcome === "paid") report.paid++;
  else if (outcome === "failed" || outcome === "cancelled") report.failed++;
}

async function payOrganization(
  db: Database,
  provider: PayoutProvider,
  organization: PayableOrganization,
  now: number,
  timeZone: string,
  report: PayoutJobReport,
) {
  const periodKey = payoutPeriodKey(organization.payoutFrequency, now, timeZone);
  if (!periodKey) return;
  const [existing] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.organizationId, organization.id), eq(payouts.periodKey, periodKey)))
    .limit(1);
  if (existing) {
    report.skipped++;
    return;
  }
  const { payable } = payableFromLedger(await readLedgerTotals(db, organization.id), now);
  let amount = payable;
  if (amount > 0) {
    const available = await provider.availableBalance(organization.connectedAccountId);
    if (available !== null) amount = Math.min(amount, available);
  }
  if (amount <= 0) {
    report.skipped++;
    return;
  }

  const [inserted] = await db.batch([
    insertPayoutStatement(db, organization.id, periodKey, amount, now).returning({ id: payouts.id }),
    payoutLedgerStatement(db, organization.id, periodKey, now),
  ]);
  const payoutId = inserted[0]?.id;
  if (payoutId === undefined) {
    report.skipped++;
    return;
  }
  report.created++;
  await submitPayout(
    db,
    provider,
    {
      id: payoutId,
      organizationId: organization.id,
      connectedAccountId: organization.connectedAccountId,
      providerPayoutId: null,
      amount,
      status: "pending",
      periodKey,
      initiatedAt: now,
      estimatedAt: null,
    },
    now,
    report,
  );
}

const int = (value: number) => sql.raw(String(Math.trunc(value)));
const text = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

/**
 * The payout row, only if the organization has none for the period (unique index: the conflict does nothing) and the
 * released ledger still covers the amount. Values are ours and inlined: D1 cannot bind raw SQL inside a batch.
 */
function insertPayoutStatement(db: Database, organizationId: number, periodKey: string, amount: number, now: number) {
  return db
    .insert(payouts)
    .select(
      sql`select ${selectList(payouts, {
        id: sql`null`,
        organizationId: int(organizationId),
        providerPayoutId: sql`null`,
        bankAccountName: sql`''`,
        amount: int(amount),
        status: sql`'pending'`,
        initiatedAt: int(now),
        estimatedAt: sql`null`,
        periodKey: text(periodKey),
        createdAt: int(now),
      })} where ${releasedNetSql(organizationId, now)} >= ${int(amount)}`,
    )
    .onConflictDoNothing();
}

/** The payout's ledger row (money out), keyed by the payout: written once, by the batch that made the payout. */
function payoutLedgerStatement(db: Database, organizationId: number, periodKey: string, now: number): Statement {
  return db
    .insert(transactions)
    .select(
      sql`select ${selectList(transactions, {
        id: sql`null`,
        organizationId: sql`p.organization_id`,
        eventId: sql`null`,
        orderId: sql`null`,
        payoutId: sql`p.id`,
        type: sql`'payout'`,
        amount: sql`-p.amount`,
        fee: sql`0`,
        net: sql`-p.amount`,
        providerReference: sql`'payout:' || p.id`,
        description: sql`'payout:' || p.period_key`,
        occurredAt: sql`p.initiated_at`,
        createdAt: int(now),
      })} from payouts p where p.organization_id = ${int(organizationId)} and p.period_key = ${text(periodKey)}`,
    )
    .onConflictDoNothing();
}

/**
 * Creates the payout at the provider (again, for a create that never got an answer: same idempotency key, same payout)
 * and records what it answered. A refusal fails the payout and gives its money back; any other error leaves it
 * pending for the next run.
 */
async function submitPayout(
  db: Database,
  provider: PayoutProvider,
  payout: PayoutRecord,
  now: number,
  report: PayoutJobReport,
) {
  if (!payout.periodKey || !payout.connectedAccountId) return;
  let reported: ProviderPayout;
  try {
    reported = await provider.createPayout({
      connectedAccountId: payout.connectedAccountId,
      amount: payout.amount,
      currency: "eur",
      idempotencyKey: payoutIdempotencyKey(payout.organizationId, payout.periodKey),
      payoutId: payout.id,
      organizationId: payout.organizationId,
      periodKey: payout.periodKey,
      initiatedAt: payout.initiatedAt,
    });
    report.submitted++;
  } catch (error) {
    if (!(error instanceof PayoutRejectedError)) throw error;
    reported = {
      id: payout.providerPayoutId ?? "",
      amount: payout.amount,
      status: "failed",
      arrivalDate: null,
      bankAccountName: null,
      failureCode: error.code,
      failureMessage: error.message,
    };
  }
  const statements: Statement[] = reported.id
    ? settlementStatements(db, payout, reported, now)
    : // Refused before it existed at the provider: nothing to name, only the failure to record.
      settlementStatements(db, payout, reported, now).slice(1);
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  count(report, settlementOutcomeOf(reported.status));
}
