import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { events, transactions, transactionTypes, type TransactionType } from "#db/schema";
import type { Actor } from "../shared/actor";
import { eventsWithRows } from "./events-with-rows";
import { assertFinanceViewer } from "./transaction-access";
import type { TransactionKind, TransactionSortId } from "./transaction-kinds";

/**
 * The organization's ledger (issue 13 §2): one row per money movement in `transactions` — a payment (charge), a refund,
 * a payout, an adjustment. The platform fee is the `fee` part of a charge (given back, negative, with a refund): a
 * column of its row, and the `fee` filter value picks the rows that carry one (docs/decisions/0023-finance-ledger.md).
 */
export {
  transactionKinds,
  transactionSortIds,
  type TransactionKind,
  type TransactionSortId,
} from "./transaction-kinds";

export type TransactionFilters = {
  kinds?: TransactionKind[];
  eventIds?: number[];
  /** Exact order id. */
  orderId?: number | null;
  /** Epoch ms, inclusive. */
  from?: number | null;
  /** Epoch ms, exclusive. */
  to?: number | null;
};

export type TransactionRow = {
  id: number;
  type: TransactionType;
  amount: number;
  fee: number;
  net: number;
  eventId: number | null;
  eventTitle: string | null;
  orderId: number | null;
  payoutId: number | null;
  description: string;
  occurredAt: number;
};

/** Integer cents. `net` = the net sales: charges, refunds and adjustments after the platform fee (payouts excluded). */
export type TransactionTotals = {
  count: number;
  gross: number;
  refunds: number;
  fees: number;
  net: number;
  payouts: number;
  adjustments: number;
};

const sortColumns: Record<TransactionSortId, AnySQLiteColumn> = {
  occurred_at: transactions.occurredAt,
  amount: transactions.amount,
  net: transactions.net,
};

/** The search box's text as an order id ("123", "#123"), else null. */
export function orderIdOfSearch(search: string | null | undefined): number | null {
  const match = /^#?\s*(\d{1,15})$/.exec((search ?? "").trim());
  const id = match ? Number(match[1]) : 0;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function transactionsWhere(organizationId: number, filters: TransactionFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(transactions.organizationId, organizationId)];
  if (filters.from !== null && filters.from !== undefined)
    conditions.push(gte(transactions.occurredAt, new Date(filters.from)));
  if (filters.to !== null && filters.to !== undefined)
    conditions.push(lt(transactions.occurredAt, new Date(filters.to)));
  if (filters.eventIds?.length) conditions.push(inArray(transactions.eventId, filters.eventIds));
  if (filters.orderId) conditions.push(eq(transactions.orderId, filters.orderId));
  if (filters.kinds?.length) {
    const types = filters.kinds.filter((kind): kind is TransactionType =>
      (transactionTypes as readonly string[]).includes(kind),
    );
    conditions.push(
      or(
        types.length ? inArray(transactions.type, types) : undefined,
        filters.kinds.includes("fee") ? ne(transactions.fee, 0) : undefined,
      ),
    );
  }
  return and(...conditions)!;
}

const sumWhen = (condition: SQL, column: AnySQLiteColumn) =>
  sql<number>`coalesce(sum(case when ${condition} then ${column} else 0 end), 0)`;

function totalsSelect() {
  return {
    count: sql<number>`count(*)`,
    gross: sumWhen(sql`${transactions.type} = 'charge'`, transactions.amount),
    refunds: sumWhen(sql`${transactions.type} = 'refund'`, transactions.amount),
    fees: sumWhen(sql`${transactions.type} <> 'payout'`, transactions.fee),
    net: sumWhen(sql`${transactions.type} <> 'payout'`, transactions.net),
    payouts: sumWhen(sql`${transactions.type} = 'payout'`, transactions.amount),
    adjustments: sumWhen(sql`${transactions.type} = 'adjustment'`, transactions.net),
  };
}

type RawTotals = { [K in keyof TransactionTotals]: number | string | null };

function toTotals(row: RawTotals | undefined): TransactionTotals {
  const n = (value: number | string | null | undefined) => Number(value ?? 0);
  return {
    count: n(row?.count),
    gross: n(row?.gross),
    refunds: n(row?.refunds),
    fees: n(row?.fees),
    net: n(row?.net),
    payouts: n(row?.payouts),
    adjustments: n(row?.adjustments),
  };
}

/** A ledger row's columns (events joined on the row's event), for every list of them. */
export const transactionRowColumns = {
  id: transactions.id,
  type: transactions.type,
  amount: transactions.amount,
  fee: transactions.fee,
  net: transactions.net,
  eventId: transactions.eventId,
  eventTitle: sql<string | null>`${events.title}`.as("event_title"),
  orderId: transactions.orderId,
  payoutId: transactions.payoutId,
  description: transactions.description,
  occurredAt: transactions.occurredAt,
};

/** One page of the ledger, the number of rows matching and their totals, in one round trip. */
export async function listTransactions(
  db: Database,
  actor: Actor,
  input: TransactionFilters & {
    offset: number;
    limit: number;
    sort: { id: TransactionSortId; desc: boolean } | null;
  },
): Promise<{ rows: TransactionRow[]; total: number; totals: TransactionTotals }> {
  assertFinanceViewer(actor);
  const where = transactionsWhere(actor.organizationId, input);
  const sort = input.sort ?? { id: "occurred_at", desc: true };
  const direction = sort.desc ? desc : asc;
  // Every selected column has its own name: D1's batch keys a row's values by column name.
  const [rows, [totals]] = await db.batch([
    db
      .select(transactionRowColumns)
      .from(transactions)
      .leftJoin(events, eq(events.id, transactions.eventId))
      .where(where)
      .orderBy(direction(sortColumns[sort.id]), direction(transactions.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select(totalsSelect()).from(transactions).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, occurredAt: row.occurredAt.getTime() })),
    total: toTotals(totals).count,
    totals: toTotals(totals),
  };
}

/** The totals alone, for the same filters. */
export async function getTransactionTotals(
  db: Database,
  actor: Actor,
  filters: TransactionFilters,
): Promise<TransactionTotals> {
  assertFinanceViewer(actor);
  const [totals] = await db
    .select(totalsSelect())
    .from(transactions)
    .where(transactionsWhere(actor.organizationId, filters));
  return toTotals(totals);
}

/** The organization's events that have money movements (the event filter's choices), the latest first. */
export async function listTransactionEvents(db: Database, actor: Actor): Promise<{ id: number; title: string }[]> {
  assertFinanceViewer(actor);
  return eventsWithRows(db, actor.organizationId, {
    table: transactions,
    organizationId: transactions.organizationId,
    eventId: transactions.eventId,
  });
}

/** Whether the organization has any money movement at all (the page's first-use state). */
export async function hasTransactions(db: Database, actor: Actor): Promise<boolean> {
  assertFinanceViewer(actor);
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.organizationId, actor.organizationId))
    .limit(1);
  return row !== undefined;
}
