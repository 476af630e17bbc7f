import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { orderEmailDeliveries } from "#db/schema";
import { countEmailIfAllowedStatement, emailQuotaAllows, quotaDay } from "../emails/email-quota";
import { errorFields, logger } from "../shared/logger";
import { enqueueJobs, type JobQueue, type OrderRefundJob } from "../shared/jobs";

/** The outbox key of an order's refund notice: one per order refunded in full, one per partial refund (0058). */
export function refundEmailKey(orderId: number, refundId?: number): string {
  return refundId === undefined ? `order-refund:${orderId}` : `order-refund:${orderId}:${refundId}`;
}

/** The partial refund a notice's key names, if any. */
export function refundIdOfKey(key: string): number | undefined {
  const match = /^order-refund:\d+:(\d+)$/.exec(key);
  return match ? Number(match[1]) : undefined;
}

export function orderRefundJob(orderId: number, refundId?: number): OrderRefundJob {
  return refundId === undefined
    ? { type: "send-order-refund", orderId }
    : { type: "send-order-refund", orderId, refundId };
}

/**
 * The refund notice's outbox write (decision 0041), for the batch that refunds the order: a "due" row for an order
 * with an address, then its count in the organization's daily email quota, both under `onlyIf` (the order still being
 * paid when the batch runs, so a second refund run writes and counts nothing) and the quota. Past the quota the refund
 * goes through without its email, as a free booking does without its confirmation (decision 0038): the order page
 * shows it refunded.
 */
export function refundEmailDueStatements(
  db: Database,
  input: { orderId: number; organizationId: number; at: number; onlyIf: SQL; refundId?: number },
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const key = refundEmailKey(input.orderId, input.refundId);
  const allows = emailQuotaAllows(input.organizationId, quotaDay(input.at), 1);
  const values: Partial<Record<keyof typeof orderEmailDeliveries.$inferInsert, SQL>> = {
    organizationId: sql`o.organization_id`,
    eventId: sql`o.event_id`,
    orderId: sql`o.id`,
    key: sql`${key}`,
    kind: sql`'refund'`,
    status: sql`'due'`,
    attempts: sql`0`,
    claimedAt: sql`${input.at}`,
    createdAt: sql`${input.at}`,
  };
  const selected = Object.keys(getTableColumns(orderEmailDeliveries)).map(
    (key) => values[key as keyof typeof values] ?? sql`null`,
  );
  const due = db
    .insert(orderEmailDeliveries)
    .select(
      sql`select ${sql.join(selected, sql`, `)} from orders o
        where o.id = ${input.orderId} and trim(o.email) <> '' and ${input.onlyIf} and ${allows}`,
    )
    .onConflictDoNothing({ target: orderEmailDeliveries.key });
  const written = sql`exists (select 1 from order_email_deliveries d
    where d.key = ${key} and d.status = 'due' and d.created_at = ${input.at})`;
  const counted = countEmailIfAllowedStatement(db, {
    organizationId: input.organizationId,
    at: input.at,
    onlyIf: sql`${input.onlyIf} and ${written}`,
  });
  return [due, counted];
}

/**
 * The fast path after a refund: hands the notice to the queue. A failure is logged, never thrown (the refund is
 * written; the cron's sweep hands the due row over).
 */
export async function queueRefundEmail(
  target: { JOBS: JobQueue } | undefined,
  orderId: number,
  refundId?: number,
): Promise<void> {
  if (!target) return;
  try {
    await enqueueJobs(target, [orderRefundJob(orderId, refundId)]);
  } catch (error) {
    logger.error("order refund email not queued", { order_id: orderId, ...errorFields(error) });
  }
}
