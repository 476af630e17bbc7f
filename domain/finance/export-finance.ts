import { and, asc, eq, gt, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, orderItems, orders, organizations, payouts, transactions } from "#db/schema";
import { utcToZonedDateTime, PLATFORM_TIME_ZONE } from "../events/event-time-zone";
import { eventSlug } from "../events/event-slug";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { csvEuros, type CsvPage, type CsvValue } from "../shared/csv";
import { resolveFinancePeriod, type FinancePeriod, type FinanceRange } from "./finance-period";
import { transactionsWhere } from "./list-transactions";
import { assertFinanceViewer } from "./transaction-access";

/** Issue 13 §6: the ledger and the payouts of a period as CSV (spec §9 periods). */
export const financeExportKinds = ["transactions", "payouts"] as const;
export type FinanceExportKind = (typeof financeExportKinds)[number];

const transactionsCsvHeader = [
  "id",
  "date",
  "date_utc",
  "type",
  "event_id",
  "event",
  "order_id",
  "payout_id",
  "description",
  "amount",
  "fee",
  "net",
  // The VAT inside the amount (issue 29 §5), from the order's lines as sold (decision 0064): tickets and added fees.
  "amount_excl_vat",
  "vat",
] as const;

const payoutsCsvHeader = [
  "id",
  "provider_payout_id",
  "bank_account_name",
  "amount",
  "status",
  "initiated_at",
  "initiated_at_utc",
  "estimated_at",
] as const;

const EXPORT_PAGE_SIZE = 500;

export type FinanceExportCursor = { at: number; id: number };

const localTime = (at: Date) => utcToZonedDateTime(at, PLATFORM_TIME_ZONE).replace("T", " ");

/** ASCII only (a header value): the spec §5 slug without what is not a-z, 0-9 or a hyphen. */
export function organizationFileSlug(title: string, organizationId: number): string {
  const slug = eventSlug(title)
    .normalize("NFKD")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return slug || `organisation-${organizationId}`;
}

function financeExportFilename(
  organization: { id: number; title: string },
  kind: FinanceExportKind,
  range: Pick<FinanceRange, "label">,
): string {
  return `guichet-${organizationFileSlug(organization.title, organization.id)}-${kind}-${range.label}.csv`;
}

/**
 * A charge's or a whole refund's VAT and amount excluding VAT, "net|vat" in cents: the sums of its order's lines as sold
 * (tickets and added fees, decision 0064), negated for the refund of the whole charged amount. Read per row on the
 * order lines' index. Null for what has no order, a payout, an adjustment, and a partial refund (its VAT is its credit
 * note's, per line refunded: not a share of the order's).
 */
const orderTaxesColumn = sql<string | null>`(
  select case
    when ${transactions.type} = 'charge' then sum(${orderItems.net} + ${orderItems.feesNet}) || '|' || sum(${orderItems.vat} + ${orderItems.feesVat})
    when ${transactions.type} = 'refund' and ${transactions.amount} = -(select ${orders.amount} from ${orders} where ${orders.id} = ${transactions.orderId})
      then -sum(${orderItems.net} + ${orderItems.feesNet}) || '|' || -sum(${orderItems.vat} + ${orderItems.feesVat})
  end
  from ${orderItems} where ${orderItems.orderId} = ${transactions.orderId}
)`.as("order_taxes");

function taxCells(taxes: string | null): CsvValue[] {
  if (!taxes) return ["", ""];
  const [net, vat] = taxes.split("|").map(Number);
  return [csvEuros(net ?? 0), csvEuros(vat ?? 0)];
}

/** Rows after the cursor in (time, id) order: the keyset of every page after the first. */
function after(
  atColumn: typeof transactions.occurredAt | typeof payouts.initiatedAt,
  idColumn: typeof transactions.id | typeof payouts.id,
  cursor: FinanceExportCursor | null,
): SQL | undefined {
  if (cursor === null) return undefined;
  return or(gt(atColumn, new Date(cursor.at)), and(eq(atColumn, new Date(cursor.at)), gt(idColumn, cursor.id)));
}

/**
 * The export of one kind for one period (finance:view; anyone else 404): its file name, its header and its pages,
 * read in time order 500 rows at a time. A custom range needs `from` and `to` ("YYYY-MM-DD", validation error
 * otherwise).
 */
export async function exportFinance(
  db: Database,
  actor: Actor,
  input: { kind: FinanceExportKind; period: FinancePeriod; from?: string | null; to?: string | null; now?: number },
): Promise<{
  filename: string;
  range: FinanceRange;
  header: readonly string[];
  nextPage: (cursor: FinanceExportCursor | null) => Promise<CsvPage<FinanceExportCursor>>;
}> {
  assertFinanceViewer(actor);
  const organizationId = actor.organizationId;
  const range = resolveFinancePeriod(input, { now: input.now });
  const [organization] = await db
    .select({ id: organizations.id, title: organizations.title })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization) throw notFound();
  const filename = financeExportFilename(organization, input.kind, range);

  if (input.kind === "transactions") {
    const where = transactionsWhere(organizationId, { from: range.from, to: range.to });
    return {
      filename,
      range,
      header: transactionsCsvHeader,
      nextPage: async (cursor) => {
        const rows = await db
          .select({
            id: transactions.id,
            occurredAt: transactions.occurredAt,
            type: transactions.type,
            eventId: transactions.eventId,
            eventTitle: events.title,
            orderId: transactions.orderId,
            payoutId: transactions.payoutId,
            description: transactions.description,
            amount: transactions.amount,
            fee: transactions.fee,
            net: transactions.net,
            taxes: orderTaxesColumn,
          })
          .from(transactions)
          .leftJoin(events, eq(events.id, transactions.eventId))
          .where(and(where, after(transactions.occurredAt, transactions.id, cursor)))
          .orderBy(asc(transactions.occurredAt), asc(transactions.id))
          .limit(EXPORT_PAGE_SIZE);
        const last = rows[rows.length - 1];
        return {
          rows: rows.map((row): CsvValue[] => [
            row.id,
            localTime(row.occurredAt),
            row.occurredAt.toISOString(),
            row.type,
            row.eventId,
            row.eventTitle,
            row.orderId,
            row.payoutId,
            row.description,
            csvEuros(row.amount),
            csvEuros(row.fee),
            csvEuros(row.net),
            ...taxCells(row.taxes),
          ]),
          next: rows.length === EXPORT_PAGE_SIZE && last ? { at: last.occurredAt.getTime(), id: last.id } : null,
        };
      },
    };
  }

  const conditions: (SQL | undefined)[] = [eq(payouts.organizationId, organizationId)];
  if (range.from !== null) conditions.push(gte(payouts.initiatedAt, new Date(range.from)));
  if (range.to !== null) conditions.push(lt(payouts.initiatedAt, new Date(range.to)));
  const where = and(...conditions);
  return {
    filename,
    range,
    header: payoutsCsvHeader,
    nextPage: async (cursor) => {
      const rows = await db
        .select({
          id: payouts.id,
          providerPayoutId: payouts.providerPayoutId,
          bankAccountName: payouts.bankAccountName,
          amount: payouts.amount,
          status: payouts.status,
          initiatedAt: payouts.initiatedAt,
          estimatedAt: payouts.estimatedAt,
        })
        .from(payouts)
        .where(and(where, after(payouts.initiatedAt, payouts.id, cursor)))
        .orderBy(asc(payouts.initiatedAt), asc(payouts.id))
        .limit(EXPORT_PAGE_SIZE);
      const last = rows[rows.length - 1];
      return {
        rows: rows.map((row): CsvValue[] => [
          row.id,
          row.providerPayoutId,
          row.bankAccountName,
          csvEuros(row.amount),
          row.status,
          localTime(row.initiatedAt),
          row.initiatedAt.toISOString(),
          row.estimatedAt ? localTime(row.estimatedAt) : "",
        ]),
        next: rows.length === EXPORT_PAGE_SIZE && last ? { at: last.initiatedAt.getTime(), id: last.id } : null,
      };
    },
  };
}
