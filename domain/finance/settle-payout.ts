import { and, eq, getTableColumns, inArray, is, isNull, or, sql, SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { payoutProviderFor, type PayoutProvider, type ProviderPayout } from "#adapters/payouts";
import type { PaymentProvider, ProviderEvent } from "#adapters/payments";
import type { Database } from "#db/database";
import { organizations, payouts, transactions, type PayoutStatus } from "#db/schema";
import type { HandledEvent } from "../payments/handle-provider-event";

/*
 * Settling a payout from what the provider says about it (the webhook's payout.* events and the job's
 * reconciliation). Every write is conditional on the status it moves from, so deliveries in any order and any number
 * agree: pending → paid; pending | paid → failed (a bank can return a payout Stripe first reported paid); pending →
 * cancelled; nothing ever goes back to pending and a failed payout never becomes paid. A failed or cancelled payout
 * gives its amount back to the ledger with a reversal row keyed by the payout, written once.
 */

type Statement = BatchItem<"sqlite">;

/** A payout row with what is needed to ask the provider about it. */
export type PayoutRecord = {
  id: number;
  organizationId: number;
  connectedAccountId: string | null;
  providerPayoutId: string | null;
  amount: number;
  status: PayoutStatus;
  periodKey: string | null;
  initiatedAt: number;
  estimatedAt: number | null;
};

const payoutRecordColumns = {
  id: payouts.id,
  organizationId: payouts.organizationId,
  connectedAccountId: organizations.connectedAccountId,
  providerPayoutId: payouts.providerPayoutId,
  amount: payouts.amount,
  status: payouts.status,
  periodKey: payouts.periodKey,
  initiatedAt: payouts.initiatedAt,
  estimatedAt: payouts.estimatedAt,
};

type PayoutRecordRow = Omit<PayoutRecord, "initiatedAt" | "estimatedAt"> & {
  initiatedAt: Date;
  estimatedAt: Date | null;
};

const toPayoutRecord = (row: PayoutRecordRow): PayoutRecord => ({
  ...row,
  initiatedAt: row.initiatedAt.getTime(),
  estimatedAt: row.estimatedAt?.getTime() ?? null,
});

export async function loadPayoutRecords(db: Database, where: SQL | undefined): Promise<PayoutRecord[]> {
  const rows = await db
    .select(payoutRecordColumns)
    .from(payouts)
    .innerJoin(organizations, eq(organizations.id, payouts.organizationId))
    .where(where);
  return rows.map(toPayoutRecord);
}

/**
 * The SELECT list of `INSERT INTO table SELECT …`: every column in its declared order (drizzle names them all), the
 * given expression, else the column's default, else NULL.
 */
export function selectList(table: SQLiteTable, values: Record<string, SQLWrapper>): SQL {
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  return sql.join(
    columns.map(([key, column]) => {
      const value = values[key];
      if (value) return sql`${value}`;
      if (column.default !== undefined)
        return is(column.default, SQL) ? column.default : sql`${column.mapToDriverValue(column.default)}`;
      return sql`null`;
    }),
    sql`, `,
  );
}

export type SettlementOutcome = "paid" | "failed" | "cancelled" | "in_transit";

export const settlementOutcomeOf = (status: ProviderPayout["status"]): SettlementOutcome =>
  status === "paid" ? "paid" : status === "failed" ? "failed" : status === "canceled" ? "cancelled" : "in_transit";

/** The writes that bring our row in line with the provider's payout (one batch; safe to run any number of times). */
export function settlementStatements(
  db: Database,
  payout: PayoutRecord,
  reported: ProviderPayout,
  now: number,
): Statement[] {
  const at = new Date(now);
  const statements: Statement[] = [
    // The provider's id, arrival and bank account, once known (a create answered, or the webhook came first).
    db
      .update(payouts)
      .set({
        providerPayoutId: reported.id,
        ...(reported.arrivalDate === null ? {} : { estimatedAt: new Date(reported.arrivalDate) }),
        ...(reported.bankAccountName === null ? {} : { bankAccountName: reported.bankAccountName }),
      })
      .where(
        and(
          eq(payouts.id, payout.id),
          or(isNull(payouts.providerPayoutId), eq(payouts.providerPayoutId, reported.id)),
          inArray(payouts.status, ["pending", "paid"]),
        ),
      ),
  ];
  const outcome = settlementOutcomeOf(reported.status);
  if (outcome === "paid") {
    statements.push(
      db
        .update(payouts)
        .set({ status: "paid", settledAt: at })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, "pending"))),
    );
  } else if (outcome === "failed" || outcome === "cancelled") {
    statements.push(
      db
        .update(payouts)
        .set({
          status: outcome,
          failureCode: reported.failureCode ?? (outcome === "cancelled" ? "canceled" : "failed"),
          failureMessage: reported.failureMessage,
          settledAt: at,
        })
        .where(
          and(
            eq(payouts.id, payout.id),
            outcome === "failed" ? inArray(payouts.status, ["pending", "paid"]) : eq(payouts.status, "pending"),
          ),
        ),
      payoutReversalStatement(db, payout.id, now),
    );
  }
  return statements;
}

/** The money of a failed or cancelled payout back in the ledger: one row per payout, whoever writes it first. */
function payoutReversalStatement(db: Database, payoutId: number, now: number): Statement {
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
        amount: sql`p.amount`,
        fee: sql`0`,
        net: sql`p.amount`,
        providerReference: sql`'payout-reversal:' || p.id`,
        description: sql`'payout:' || p.status`,
        occurredAt: sql.raw(String(Math.trunc(now))),
        createdAt: sql.raw(String(Math.trunc(now))),
      })} from payouts p where p.id = ${sql.raw(String(Math.trunc(payoutId)))} and p.status in ('failed', 'cancelled')`,
    )
    .onConflictDoNothing();
}

/** Asks the provider about one payout and settles it (the job's reconciliation). */
export async function reconcilePayout(
  db: Database,
  provider: PayoutProvider,
  payout: PayoutRecord,
  now: number,
): Promise<SettlementOutcome | null> {
  if (!payout.providerPayoutId || !payout.connectedAccountId) return null;
  const reported = await provider.retrievePayout({
    connectedAccountId: payout.connectedAccountId,
    providerPayoutId: payout.providerPayoutId,
    amount: payout.amount,
    initiatedAt: payout.initiatedAt,
    estimatedAt: payout.estimatedAt,
    now,
  });
  const [first, ...rest] = settlementStatements(db, payout, reported, now);
  await db.batch([first!, ...rest]);
  return settlementOutcomeOf(reported.status);
}

/**
 * A payout.* event (POST /webhooks/stripe). The payout is found by the provider's id, else by the row id the job put in
 * its metadata (the event can come before the create's answer was stored); it is re-read from the provider rather
 * than trusted, on the connected account the event names, which must be the organization's own.
 */
export async function payoutReported(
  db: Database,
  deps: { provider: PaymentProvider; now?: number },
  event: ProviderEvent,
): Promise<{ result: HandledEvent; statements: Statement[] }> {
  const ignored = { result: { outcome: "ignored" as const }, statements: [] };
  const object = event.data.object as { id?: unknown; metadata?: Record<string, string> | null };
  if (typeof object.id !== "string") return ignored;
  const providerPayoutId = object.id;
  const rowId = Number(object.metadata?.payout_id);
  const byProviderId = eq(payouts.providerPayoutId, providerPayoutId);
  const [payout] = await loadPayoutRecords(
    db,
    Number.isSafeInteger(rowId) && rowId > 0
      ? or(byProviderId, and(eq(payouts.id, rowId), isNull(payouts.providerPayoutId)))
      : byProviderId,
  );
  if (!payout?.connectedAccountId) return ignored;
  if (event.account && event.account !== payout.connectedAccountId) return ignored;
  const now = deps.now ?? Date.now();
  // A demo event got here signed with the demo secret, which exists only where the demo may run.
  const provider = payoutProviderFor(deps.provider, { demoAllowed: true });
  const reported = await provider.retrievePayout({
    connectedAccountId: payout.connectedAccountId,
    providerPayoutId,
    amount: payout.amount,
    initiatedAt: payout.initiatedAt,
    estimatedAt: payout.estimatedAt,
    now,
    snapshot: object,
  });
  return { result: { outcome: "payout_recorded" }, statements: settlementStatements(db, payout, reported, now) };
}
