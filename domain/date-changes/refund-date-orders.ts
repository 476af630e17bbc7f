import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders, participants } from "#db/schema";
import { refundOrder, type RefundDeps } from "../payments/refund-order";
import { refundOrderPart } from "../refunds/refund-order-part";
import type { Actor } from "../shared/actor";
import { AppError, isAppError } from "../shared/app-error";
import { loadDateForSales } from "./date-change-access";

/** Orders refunded per call: each waits for the payment provider, so a page's request stays short. */
export const DATE_REFUND_BATCH = 10;

export type DateRefundProgress = {
  /** Orders refunded by this call. */
  refunded: number;
  /** Orders the provider refused this time (ids): a later call tries them again, from the start. */
  failed: number[];
  /** Free and hand-entered orders with places on the date: nothing to give back through us. */
  notRefundable: number;
  /** Where the next call goes on (the last order looked at), or null when every order of the date was looked at. */
  next: number | null;
};

/**
 * Refunds the buyers of a cancelled date (issue 30 §4) through the refund paths that exist: an order whose places are
 * all on the date is refunded in full (refundOrder), one with places on other dates too gives back the date's places
 * with their fees (refundOrderPart), so its other evenings stay. Each refund keeps its own idempotency key, its
 * credit note, its notice to the buyer and its places back on sale. A call handles at most DATE_REFUND_BATCH paid
 * orders after `after` and says where to go on: the page repeats it with a progress bar. Only a cancelled date's
 * buyers are refunded this way. Needs event:manage-sales.
 */
export async function refundDateOrders(
  db: Database,
  deps: RefundDeps,
  actor: Actor,
  input: { eventId: number; dateId: number; after?: number | null },
): Promise<DateRefundProgress> {
  const { event, date } = await loadDateForSales(db, actor, { eventId: input.eventId, dateId: input.dateId });
  if (date.status !== "cancelled") throw new AppError("conflict", "date-changes:errors.date-not-cancelled");
  const onDate = and(
    eq(participants.eventId, event.id),
    eq(participants.organizationId, event.organizationId),
    eq(participants.dateId, date.id),
  );
  const candidates = await db
    .selectDistinct({ id: orders.id, status: orders.status, amount: orders.amount })
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(
      and(onDate, input.after ? gt(orders.id, input.after) : undefined, inArray(orders.status, ["paid", "manual"])),
    )
    .orderBy(asc(orders.id))
    .limit(DATE_REFUND_BATCH);
  const [unpaid] = await db
    .select({ n: sql<number>`count(distinct ${orders.id})` })
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(and(onDate, sql`(${orders.status} = 'manual' or (${orders.status} = 'paid' and ${orders.amount} = 0))`));

  const progress: DateRefundProgress = { refunded: 0, failed: [], notRefundable: Number(unpaid?.n ?? 0), next: null };
  for (const order of candidates) {
    if (order.status !== "paid" || order.amount === 0) continue;
    const rows = await db
      .select({ id: participants.id, dateId: participants.dateId })
      .from(participants)
      .where(eq(participants.orderId, order.id));
    const onThisDate = rows.filter((row) => row.dateId === date.id).map((row) => row.id);
    const elsewhere = rows.some((row) => row.dateId !== date.id && row.dateId !== null);
    try {
      if (elsewhere)
        await refundOrderPart(db, deps, actor, {
          orderId: order.id,
          eventId: event.id,
          idempotencyKey: `date-${date.id}-cancelled`,
          request: { kind: "units", participantIds: onThisDate, withFees: true },
        });
      else await refundOrder(db, deps, actor, { orderId: order.id });
      progress.refunded += 1;
    } catch (error) {
      if (!isAppError(error) || error.code !== "conflict") throw error;
      progress.failed.push(order.id);
    }
  }
  progress.next = candidates.length === DATE_REFUND_BATCH ? candidates.at(-1)!.id : null;
  return progress;
}
