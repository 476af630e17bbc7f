import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { changedRows } from "#db/database";
import { orderItems, orders } from "#db/schema";
import { orderWebhookStatement } from "../webhooks/sales-webhook-statements";

/**
 * Ends a pending order's hold in one batch: the order becomes `status` (expired or cancelled) and its items stop
 * holding places. Only a pending order changes; returns whether it did.
 */
export async function releaseOrderHold(
  db: Database,
  orderId: number,
  status: "expired" | "cancelled",
  now: number,
  /** An organizer's cancellation is reported to the organization's webhooks (order.cancelled). */
  report?: { organizationId: number },
  /** Only the order of this checkout session changes (the buyer's own cancellation on the demo checkout). */
  guard?: { checkoutSessionId: string },
): Promise<boolean> {
  const pending = and(
    eq(orders.id, orderId),
    eq(orders.status, "pending"),
    guard ? eq(orders.stripeCheckoutSessionId, guard.checkoutSessionId) : undefined,
  );
  const [updated] = await db.batch([
    db
      .update(orders)
      .set({ status, updatedAt: new Date(now) })
      .where(pending),
    ...(report
      ? [
          orderWebhookStatement(db, {
            organizationId: report.organizationId,
            type: "order.cancelled",
            orderId: sql`(select ${orderId} where changes() > 0)`,
            occurredAt: new Date(now),
          }),
        ]
      : []),
    // Cleared only when the order statement above changed it: a paid order's items are already cleared anyway.
    db
      .update(orderItems)
      .set({ heldUntil: null })
      .where(
        and(
          eq(orderItems.orderId, orderId),
          sql`exists (select 1 from orders where id = ${orderId} and status = ${status})`,
        ),
      ),
  ]);
  return changedRows(updated) > 0;
}

/**
 * The checkout session expired or the buyer gave up (H2's webhook): a pending order becomes expired and gives its
 * places back. A paid, cancelled or already expired order is left as it is.
 */
export async function expireOrder(
  db: Database,
  input: { orderId: number; now?: number },
): Promise<{ expired: boolean }> {
  return { expired: await releaseOrderHold(db, input.orderId, "expired", input.now ?? Date.now()) };
}

/**
 * The cron's sweep: every pending order past its payment deadline becomes expired, and every item whose hold ran out
 * is cleared. Counts already ignore expired holds, so this only tidies the rows; running it twice changes nothing.
 */
export async function releaseExpiredHolds(
  db: Database,
  now: number = Date.now(),
): Promise<{ orders: number; items: number }> {
  const [expiredOrders, clearedItems] = await db.batch([
    // Pending orders are found through their items' holds (indexed), not by scanning every order.
    db
      .update(orders)
      .set({ status: "expired", updatedAt: new Date(now) })
      .where(
        and(
          sql`${orders.id} in (select order_id from order_items where held_until is not null and held_until <= ${now})`,
          eq(orders.status, "pending"),
          lte(orders.payableUntil, new Date(now)),
        ),
      ),
    db
      .update(orderItems)
      .set({ heldUntil: null })
      .where(and(isNotNull(orderItems.heldUntil), lte(orderItems.heldUntil, new Date(now)))),
  ]);
  return { orders: changedRows(expiredOrders), items: changedRows(clearedItems) };
}
