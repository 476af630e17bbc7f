import { PLATFORM_TIME_ZONE } from "../events/event-time-zone";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { organizations, payouts, type PayoutFrequency, type PayoutStatus } from "#db/schema";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { assertCanViewPayouts } from "./payout-access";
import { nextPayoutDate } from "./payout-schedule";

import type { PayoutSortId } from "./payout-kinds";

export { payoutSortIds, type PayoutSortId } from "./payout-kinds";

/** One payout as listed (spec §3: id, bank account name, amount, initiation date, estimated arrival, status). */
export type PayoutRow = {
  id: number;
  providerPayoutId: string | null;
  bankAccountName: string;
  amount: number;
  initiationDate: number;
  estimateDate: number | null;
  status: PayoutStatus;
  failureCode: string | null;
  failureMessage: string | null;
};

export type PayoutList = {
  rows: PayoutRow[];
  total: number;
  frequency: PayoutFrequency;
  /** The start of the next due day (local midnight, epoch ms); null for manual. */
  nextPayoutAt: number | null;
  timeZone: string;
  accountValid: boolean;
};

const sortColumns: Record<PayoutSortId, AnySQLiteColumn> = {
  id: payouts.id,
  amount: payouts.amount,
  initiation_date: payouts.initiatedAt,
  estimate_date: payouts.estimatedAt,
  status: payouts.status,
};

function payoutsWhere(organizationId: number, statuses: readonly PayoutStatus[] | undefined): SQL {
  return and(
    eq(payouts.organizationId, organizationId),
    statuses?.length ? inArray(payouts.status, [...statuses]) : undefined,
  )!;
}

/** The payouts table of the selected organization: one page in SQL, newest first unless sorted otherwise. */
export async function listPayouts(
  db: Database,
  actor: Actor,
  input: {
    offset: number;
    limit: number;
    sort: { id: PayoutSortId; desc: boolean } | null;
    statuses?: PayoutStatus[];
    now?: number;
  },
): Promise<PayoutList> {
  assertCanViewPayouts(actor);
  const organizationId = actor.organizationId;
  const sort = input.sort ?? { id: "initiation_date", desc: true };
  const direction = sort.desc ? desc : asc;
  const where = payoutsWhere(organizationId, input.statuses);
  const [rows, [total], [organization]] = await Promise.all([
    db
      .select({
        id: payouts.id,
        providerPayoutId: payouts.providerPayoutId,
        bankAccountName: payouts.bankAccountName,
        amount: payouts.amount,
        initiatedAt: payouts.initiatedAt,
        estimatedAt: payouts.estimatedAt,
        status: payouts.status,
        failureCode: payouts.failureCode,
        failureMessage: payouts.failureMessage,
      })
      .from(payouts)
      .where(where)
      .orderBy(direction(sortColumns[sort.id]), direction(payouts.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ total: count() }).from(payouts).where(where),
    db
      .select({
        payoutFrequency: organizations.payoutFrequency,
        connectedAccountId: organizations.connectedAccountId,
        isConnectedAccountValid: organizations.isConnectedAccountValid,
      })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1),
  ]);
  if (!organization) throw notFound();
  const timeZone = PLATFORM_TIME_ZONE;
  return {
    rows: rows.map((row) => ({
      id: row.id,
      providerPayoutId: row.providerPayoutId,
      bankAccountName: row.bankAccountName,
      amount: row.amount,
      initiationDate: row.initiatedAt.getTime(),
      estimateDate: row.estimatedAt?.getTime() ?? null,
      status: row.status,
      failureCode: row.failureCode,
      failureMessage: row.failureMessage,
    })),
    total: total?.total ?? 0,
    frequency: organization.payoutFrequency,
    nextPayoutAt: nextPayoutDate(organization.payoutFrequency, input.now ?? Date.now(), timeZone),
    timeZone,
    accountValid: organization.connectedAccountId !== null && organization.isConnectedAccountValid,
  };
}
