import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import {
  organizations,
  payouts,
  transactions,
  type PayoutFrequency,
  type PayoutStatus,
  type TransactionType,
} from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { paymentAccountStatus, type PaymentAccountStatus } from "./payment-account-status";

type TransactionTotals = { count: number; amount: number; fee: number; net: number };
type PayoutTotals = { count: number; amount: number };

export type FinanceOverview = {
  paymentAccount: PaymentAccountStatus;
  payoutFrequency: PayoutFrequency;
  transactions: Record<TransactionType, TransactionTotals> & { all: TransactionTotals };
  payouts: Record<PayoutStatus, PayoutTotals> & { all: PayoutTotals };
};

const zeroTransactions = (): TransactionTotals => ({ count: 0, amount: 0, fee: 0, net: 0 });
const zeroPayouts = (): PayoutTotals => ({ count: 0, amount: 0 });

/**
 * What is stored about the selected organization's money: the payment-account connection, the payout frequency,
 * and transaction and payout totals summed in SQL (integer cents). Nothing is estimated.
 */
export async function getFinanceOverview(db: Database, actor: Actor): Promise<FinanceOverview> {
  assertCanInOrganization(actor, "finance:view");
  const organizationId = actor.organizationId;
  const [organizationRows, transactionRows, payoutRows] = await db.batch([
    db
      .select({
        connectedAccountId: organizations.connectedAccountId,
        isConnectedAccountValid: organizations.isConnectedAccountValid,
        payoutFrequency: organizations.payoutFrequency,
      })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1),
    db
      .select({
        type: transactions.type,
        count: sql<number>`count(*)`,
        amount: sql<number>`coalesce(sum(${transactions.amount}), 0)`,
        fee: sql<number>`coalesce(sum(${transactions.fee}), 0)`,
        net: sql<number>`coalesce(sum(${transactions.net}), 0)`,
      })
      .from(transactions)
      .where(eq(transactions.organizationId, organizationId))
      .groupBy(transactions.type),
    db
      .select({
        status: payouts.status,
        count: sql<number>`count(*)`,
        amount: sql<number>`coalesce(sum(${payouts.amount}), 0)`,
      })
      .from(payouts)
      .where(eq(payouts.organizationId, organizationId))
      .groupBy(payouts.status),
  ]);
  const organization = organizationRows[0];
  if (!organization) throw notFound();

  const overview: FinanceOverview = {
    paymentAccount: paymentAccountStatus(organization),
    payoutFrequency: organization.payoutFrequency,
    transactions: {
      all: zeroTransactions(),
      charge: zeroTransactions(),
      refund: zeroTransactions(),
      payout: zeroTransactions(),
      adjustment: zeroTransactions(),
    },
    payouts: {
      all: zeroPayouts(),
      paid: zeroPayouts(),
      pending: zeroPayouts(),
      failed: zeroPayouts(),
      cancelled: zeroPayouts(),
    },
  };
  for (const row of transactionRows) {
    const totals = { count: Number(row.count), amount: Number(row.amount), fee: Number(row.fee), net: Number(row.net) };
    overview.transactions[row.type] = totals;
    const all = overview.transactions.all;
    all.count += totals.count;
    all.amount += totals.amount;
    all.fee += totals.fee;
    all.net += totals.net;
  }
  for (const row of payoutRows) {
    const totals = { count: Number(row.count), amount: Number(row.amount) };
    overview.payouts[row.status] = totals;
    overview.payouts.all.count += totals.count;
    overview.payouts.all.amount += totals.amount;
  }
  return overview;
}
