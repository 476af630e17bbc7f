import { and, eq, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { orders } from "#db/schema";
import type { PaymentStatus } from "../events/payment-status";

const SETTLED = ["cancelled", "refunded", "manual"] as const;

/**
 * SQL for one displayed payment status, the same rule as `paymentStatus()` (spec §4): cancelled, refunded and manual
 * say so; otherwise paid when paid_at is set, expired when payable_until has passed (or the order was expired), else
 * pending. Filters in the orders and participants tables use it so that a filter shows what the badge says.
 */
export function paymentStatusSql(status: PaymentStatus, now: number): SQL {
  const open = notInArray(orders.status, [...SETTLED]);
  const passed = and(isNotNull(orders.payableUntil), lt(orders.payableUntil, new Date(now)));
  switch (status) {
    case "cancelled":
    case "refunded":
    case "manual":
      return eq(orders.status, status);
    case "paid":
      return and(open, isNotNull(orders.paidAt))!;
    case "expired":
      return and(open, isNull(orders.paidAt), or(eq(orders.status, "expired"), passed))!;
    case "pending":
      return and(
        open,
        isNull(orders.paidAt),
        ne(orders.status, "expired"),
        or(isNull(orders.payableUntil), sql`${orders.payableUntil} >= ${now}`),
      )!;
  }
}

/** Orders whose displayed status is one of `statuses` (undefined for none: no filter). */
export function paymentStatusesSql(statuses: readonly PaymentStatus[], now: number): SQL | undefined {
  if (statuses.length === 0) return undefined;
  return or(...statuses.map((status) => paymentStatusSql(status, now)));
}
