import { sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { WEBHOOK_ATTEMPT_LEASE_MS } from "./retry-schedule";

/** What the queue carries for one attempt: the delivery and the attempt number it is for. */
export type WebhookDeliveryJob = { type: "deliver-webhook"; deliveryId: number; attempt: number };

/**
 * Hands due deliveries to the queue: new ones (never handed off), and any whose attempt is overdue by more than the
 * lease and whose last hand-off is older than the lease too (a hand-off or an attempt that was lost). Both ages count:
 * a delivery due long ago but handed off a moment ago is not handed off again on every write, and a retry the queue
 * holds with its delay is not doubled the moment it falls due. Marking and reading happen in one statement, so two sweeps running
 * at once do not both take the same delivery; if both did anyway, the attempt claim in deliverWebhook lets only one
 * send.
 */
export async function takeDueWebhookDeliveries(db: Database, now: Date, limit = 100): Promise<WebhookDeliveryJob[]> {
  const nowMs = now.getTime();
  const overdue = nowMs - WEBHOOK_ATTEMPT_LEASE_MS;
  const rows = await db.all<{ id: number; attempts: number }>(sql`
    update webhook_deliveries set enqueued_at = ${nowMs}
    where id in (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${nowMs}
        and (enqueued_at is null or (enqueued_at <= ${overdue} and next_attempt_at <= ${overdue}))
      order by next_attempt_at limit ${limit})
    returning id, attempts`);
  return rows.map((row) => ({ type: "deliver-webhook", deliveryId: row.id, attempt: row.attempts + 1 }));
}

/**
 * Sends the due deliveries to the queue. If the queue refuses, the rows go back to "not handed off" so the next sweep
 * retries them: nothing is lost.
 */
export async function dispatchDueWebhookDeliveries(
  db: Database,
  queue: { sendBatch(messages: { body: WebhookDeliveryJob; delaySeconds?: number }[]): Promise<unknown> },
  now = new Date(),
): Promise<number> {
  const jobs = await takeDueWebhookDeliveries(db, now);
  if (jobs.length === 0) return 0;
  try {
    await queue.sendBatch(jobs.map((body) => ({ body })));
  } catch (error) {
    const ids = jobs.map((job) => job.deliveryId);
    await db.run(
      sql`update webhook_deliveries set enqueued_at = null where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and status = 'pending'`,
    );
    throw error;
  }
  return jobs.length;
}
