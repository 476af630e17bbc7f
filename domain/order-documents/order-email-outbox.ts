import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { orderRefundJob, refundIdOfKey } from "./refund-email-outbox";
import type { Database } from "#db/database";
import { orderEmailDeliveries } from "#db/schema";
import type { OrderEmailJob } from "../shared/jobs";

/** A "due" confirmation the queue has not taken within this time is handed to it again by the sweep. */
export const DUE_EMAIL_SWEEP_AGE_MS = 5 * 60_000;
/**
 * A failed delivery is left to the queue's own retries (30 s doubling to a 1 h cap, workers/queue.ts) for this long
 * after its last attempt; past it the queue message was lost or exhausted its retries, and the sweep hands it again.
 */
export const FAILED_EMAIL_SWEEP_AGE_MS = 60 * 60_000;
/**
 * Claimed sends of one delivery key before it is given up: one full run of the queue's retries (max_retries = 10 in
 * wrangler.toml, so 11 attempts) and a few more from the sweep. The row keeps its last error.
 */
export const MAX_EMAIL_DELIVERY_ATTEMPTS = 15;

/**
 * How long a claimed delivery ("sending") is left to the consumer that claimed it. A redelivered message that finds a
 * younger claim waits; one that finds an older claim (its consumer died mid-send) takes it over and sends
 * (docs/decisions/0016-order-email-outbox.md).
 */
export const DELIVERY_CLAIM_LEASE_MS = 10 * 60_000;

/**
 * The outbox write of a sale: the order's first confirmation email becomes "due", to put in the SAME batch as the
 * update that makes the order paid and after it, so the email is recorded exactly when the sale is. The queue
 * hand-off after the batch is a fast path; the scheduled sweep (`sweepDueOrderEmails`) hands over any that was lost.
 * Idempotent on the delivery key: a second confirmation of the same order records nothing.
 */
export function confirmationEmailDueStatement(db: Database, input: { orderRef: number | SQL; at: Date; onlyIf?: SQL }) {
  const orderId = typeof input.orderRef === "number" ? sql`${input.orderRef}` : input.orderRef;
  const condition = input.onlyIf ? sql` and ${input.onlyIf}` : sql``;
  return dueConfirmations(db, input.at, sql`from orders o where o.id = ${orderId} and o.status = 'paid'${condition}`);
}

/**
 * The outbox write of manual orders (added by hand or imported) whose confirmation the organizer asked for: one "due"
 * row per order of `accessTokens`, in the SAME batch as the orders and after them (they are found by their tokens).
 */
export function manualConfirmationsDueStatement(
  db: Database,
  input: { eventId: number; accessTokens: string[]; at: Date },
) {
  return dueConfirmations(
    db,
    input.at,
    sql`from json_each(${JSON.stringify(input.accessTokens)}) j
      join orders o on o.access_token = j.value
      where o.event_id = ${input.eventId} and o.status = 'manual'`,
  );
}

/** Inserts a "due" first confirmation for each order `o` that `from` selects (nothing for one already recorded). */
function dueConfirmations(db: Database, at: Date, from: SQL) {
  // drizzle's insert…select lists every column of the table in schema order; each gets its value by name here.
  const values: Partial<Record<keyof typeof orderEmailDeliveries.$inferInsert, SQL>> = {
    organizationId: sql`o.organization_id`,
    eventId: sql`o.event_id`,
    orderId: sql`o.id`,
    key: sql`'order-confirmation:' || o.id`,
    kind: sql`'confirmation'`,
    status: sql`'due'`,
    attempts: sql`0`,
    claimedAt: sql`${at.getTime()}`,
    createdAt: sql`${at.getTime()}`,
  };
  const selected = Object.keys(getTableColumns(orderEmailDeliveries)).map(
    (key) => values[key as keyof typeof values] ?? sql`null`,
  );
  // A query builder, not db.run: drizzle's D1 batch cannot bind the parameters of a raw statement.
  return db
    .insert(orderEmailDeliveries)
    .select(sql`select ${sql.join(selected, sql`, `)} ${from}`)
    .onConflictDoNothing({ target: orderEmailDeliveries.key });
}

/**
 * Takes the deliveries the queue should have finished and has not, marking each handed over (`claimed_at` = now) in
 * the same statement, so two sweeps at once do not take the same row:
 * - "due" for longer than DUE_EMAIL_SWEEP_AGE_MS (the hand-off after the sale was lost);
 * - "failed" for longer than FAILED_EMAIL_SWEEP_AGE_MS (the queue's message was lost or gave up);
 * - "sending" past the claim lease (its consumer died mid-send): turned "failed" so the next consumer takes it over.
 * Rows at MAX_EMAIL_DELIVERY_ATTEMPTS are given up and left with their last error.
 */
export async function takeDueOrderEmails(db: Database, now: Date, limit = 100): Promise<OrderEmailJob[]> {
  const nowMs = now.getTime();
  const rows = await db.all<{ order_id: number; key: string; kind: string }>(sql`
    update order_email_deliveries set
      claimed_at = ${nowMs},
      last_error = case when status = 'sending' then 'the sending attempt did not finish' else last_error end,
      status = case when status = 'sending' then 'failed' else status end
    where id in (
      select id from order_email_deliveries
      where attempts < ${MAX_EMAIL_DELIVERY_ATTEMPTS} and (
        (status = 'due' and claimed_at <= ${nowMs - DUE_EMAIL_SWEEP_AGE_MS})
        or (status = 'failed' and claimed_at <= ${nowMs - FAILED_EMAIL_SWEEP_AGE_MS})
        or (status = 'sending' and claimed_at <= ${nowMs - DELIVERY_CLAIM_LEASE_MS}))
      order by claimed_at limit ${limit})
    returning order_id, key, kind`);
  return rows.map((row) =>
    row.kind === "refund"
      ? orderRefundJob(row.order_id, refundIdOfKey(row.key))
      : { type: "send-order-confirmation", orderId: row.order_id, key: row.key },
  );
}

/**
 * The outbox's safety net, run by the cron: hands the overdue deliveries to the queue. If the queue refuses, the rows
 * keep their new hand-off time and the next sweeps take them again; nothing is lost.
 */
export async function sweepDueOrderEmails(
  db: Database,
  queue: { sendBatch(messages: { body: OrderEmailJob }[]): Promise<unknown> },
  now = new Date(),
): Promise<number> {
  const jobs = await takeDueOrderEmails(db, now);
  if (jobs.length === 0) return 0;
  await queue.sendBatch(jobs.map((body) => ({ body })));
  return jobs.length;
}
