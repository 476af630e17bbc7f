import { and, min, ne, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { transactions } from "#db/schema";
import { dayKeyDistance, nextDayKey, zonedDayKey, zonedStartOfDay } from "../events/event-time-zone";
import type { Actor } from "../shared/actor";
import { PLATFORM_TIME_ZONE } from "../events/event-time-zone";
import type { FinanceRange } from "./finance-period";
import { transactionsWhere, type TransactionFilters } from "./list-transactions";
import { assertFinanceViewer } from "./transaction-access";

export type NetSalesGranularity = "day" | "week" | "month";
export type NetSalesPoint = { bucket: string; net: number };

/** Up to about two months by day, up to a year by week (starting on Monday), longer by month. */
export function netSalesGranularity(fromDay: string, toDay: string): NetSalesGranularity {
  const days = dayKeyDistance(fromDay, toDay) + 1;
  if (days <= 62) return "day";
  if (days <= 366) return "week";
  return "month";
}

/** The Monday on or before a day ("YYYY-MM-DD"). */
export function mondayOf(dayKey: string): string {
  const date = new Date(`${dayKey}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

function nextMonthKey(dayKey: string): string {
  const date = new Date(`${dayKey.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The buckets covering fromDay..toDay: their labels ("YYYY-MM-DD" for days and weeks — a week by its Monday —,
 * "YYYY-MM" for months) and the first day of each.
 */
export function netSalesBuckets(
  fromDay: string,
  toDay: string,
  granularity: NetSalesGranularity,
): { bucket: string; startDay: string }[] {
  const buckets: { bucket: string; startDay: string }[] = [];
  if (granularity === "day") {
    for (let day = fromDay; day <= toDay; day = nextDayKey(day)) buckets.push({ bucket: day, startDay: day });
  } else if (granularity === "week") {
    for (let day = mondayOf(fromDay); day <= toDay; day = addDays(day, 7)) buckets.push({ bucket: day, startDay: day });
  } else {
    for (let day = `${fromDay.slice(0, 7)}-01`; day <= toDay; day = nextMonthKey(day))
      buckets.push({ bucket: day.slice(0, 7), startDay: day });
  }
  return buckets;
}

function addDays(dayKey: string, days: number): string {
  return new Date(Date.parse(`${dayKey}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Net sales over time (issue 13 §2): Σ net of charges, refunds and adjustments per day, week or month of the finance
 * time zone, each bucket of the range present (0 when nothing moved). An open start begins at the first movement, an
 * open end at today. The buckets' boundaries are computed here, with daylight-saving changes, and given to SQL as
 * numbers.
 */
export async function getNetSales(
  db: Database,
  actor: Actor,
  input: TransactionFilters & { range: FinanceRange; now?: number; timeZone?: string },
): Promise<{ granularity: NetSalesGranularity; points: NetSalesPoint[] }> {
  assertFinanceViewer(actor);
  const zone = input.timeZone ?? PLATFORM_TIME_ZONE;
  const filters: TransactionFilters = { ...input, from: input.range.from, to: input.range.to };
  const where = and(transactionsWhere(actor.organizationId, filters), ne(transactions.type, "payout"))!;

  let fromDay = input.range.fromDay;
  if (fromDay === null) {
    const [first] = await db
      .select({ at: min(transactions.occurredAt) })
      .from(transactions)
      .where(where);
    if (!first?.at) return { granularity: "day", points: [] };
    fromDay = zonedDayKey(first.at, zone);
  }
  const toDay = input.range.toDay ?? zonedDayKey(input.now ?? Date.now(), zone);
  if (toDay < fromDay) return { granularity: "day", points: [] };

  const granularity = netSalesGranularity(fromDay, toDay);
  const buckets = netSalesBuckets(fromDay, toDay, granularity);
  const bounds = buckets.slice(1).map((bucket) => zonedStartOfDay(bucket.startDay, zone).getTime());
  const start = zonedStartOfDay(fromDay, zone).getTime();
  const end = zonedStartOfDay(nextDayKey(toDay), zone).getTime();
  // Inlined: numbers computed here, and many of them (D1 caps bound parameters per statement).
  const index =
    bounds.length === 0
      ? sql.raw("0")
      : sql.raw(
          `case ${bounds.map((bound, i) => `when "transactions"."occurred_at" < ${bound} then ${i}`).join(" ")} else ${bounds.length} end`,
        );
  const rows = await db
    .select({
      index: sql<number>`${index}`.as("bucket_index"),
      net: sql<number>`coalesce(sum(${transactions.net}), 0)`,
    })
    .from(transactions)
    .where(and(where, sql`${transactions.occurredAt} >= ${start}`, sql`${transactions.occurredAt} < ${end}`))
    .groupBy(sql`bucket_index`);
  const netByIndex = new Map(rows.map((row) => [Number(row.index), Number(row.net)]));
  return {
    granularity,
    points: buckets.map((bucket, i) => ({ bucket: bucket.bucket, net: netByIndex.get(i) ?? 0 })),
  };
}
