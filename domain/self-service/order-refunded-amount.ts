import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderRefunds, orders } from "#db/schema";

/**
 * What the buyer got back on their order, in cents, for the order page: the partial refunds' total (orders.
 * refunded_amount, decision 0058), and, for an order refunded whole by the organizer (refundOrder, which does not
 * write refunded_amount), what was left of the amount. A cancellation without refund gives 0.
 */
export async function orderRefundedAmount(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({
      status: orders.status,
      amount: orders.amount,
      refundedAmount: orders.refundedAmount,
      closedByPart: sql<number>`exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id}
        and ${orderRefunds.closesOrder} = 1 and ${orderRefunds.status} = 'succeeded')`,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId)))
    .limit(1);
  if (!row) return 0;
  if (row.status !== "refunded" || Number(row.closedByPart) === 1) return row.refundedAmount;
  return row.amount;
}
