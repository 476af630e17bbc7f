import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessages } from "#db/schema";
import { logger } from "../shared/logger";
import { enqueueJobs, type JobQueue } from "../shared/jobs";
import { MAX_MESSAGE_ATTEMPTS, MESSAGE_CLAIM_LEASE_MS } from "./deliver-attendee-message";
import { recipientJobs, startAttendeeMessageSend, type AttendeeMessageJob } from "./start-attendee-message-send";

/** A queued recipient whose job has not run within this time was lost on the way to the queue. */
export const QUEUED_SWEEP_AGE_MS = 5 * 60_000;
/** A failed recipient is left to its job's own retries this long before the sweep hands it again. */
export const FAILED_SWEEP_AGE_MS = 15 * 60_000;
const SWEEP_LIMIT = 2000;

/**
 * The outbox's safety net (the five-minute cron). Recipients still queued long after their hand-off (the hand-off was
 * lost; nothing was sent) are handed again in new ranges, marked in the same statement so two sweeps do not take the
 * same rows. Those whose last attempt's outcome is unknown — failed under MAX_MESSAGE_ATTEMPTS, or claimed by a
 * consumer that died past the lease — go back as the very rows of their claim (`claimedAt`), so the provider sees the
 * same idempotency key and nobody gets the email twice; the job's own claim is what takes them, once.
 */
export async function sweepAttendeeMessageRecipients(db: Database, queue: JobQueue, now = new Date()): Promise<number> {
  const nowMs = now.getTime();
  const queued = await db.all<{ id: number; message_id: number; send_number: number }>(sql`
    update attendee_message_recipients set claimed_at = ${nowMs}
    where id in (
      select id from attendee_message_recipients
      where status = 'queued' and claimed_at <= ${nowMs - QUEUED_SWEEP_AGE_MS}
      limit ${SWEEP_LIMIT})
    returning id, message_id, send_number`);
  const unsure = await db.all<{
    message_id: number;
    send_number: number;
    claimed_at: number;
    from_id: number;
    to_id: number;
  }>(sql`
    select message_id, send_number, claimed_at, min(id) as from_id, max(id) as to_id
    from attendee_message_recipients
    where (status = 'failed' and attempts < ${MAX_MESSAGE_ATTEMPTS} and claimed_at <= ${nowMs - FAILED_SWEEP_AGE_MS})
      or (status = 'sending' and claimed_at <= ${nowMs - MESSAGE_CLAIM_LEASE_MS})
    group by message_id, send_number, claimed_at
    limit ${SWEEP_LIMIT}`);

  const bySend = new Map<string, { messageId: number; sendNumber: number; ids: { id: number }[] }>();
  for (const row of queued) {
    const key = `${row.message_id}:${row.send_number}`;
    const group = bySend.get(key) ?? { messageId: row.message_id, sendNumber: row.send_number, ids: [] };
    group.ids.push({ id: row.id });
    bySend.set(key, group);
  }
  const jobs: AttendeeMessageJob[] = [];
  for (const group of bySend.values()) {
    group.ids.sort((a, b) => a.id - b.id);
    jobs.push(...recipientJobs(group.messageId, group.sendNumber, group.ids));
  }
  for (const row of unsure)
    jobs.push({
      type: "send-attendee-message",
      messageId: row.message_id,
      sendNumber: row.send_number,
      fromId: row.from_id,
      toId: row.to_id,
      claimedAt: row.claimed_at,
    });
  if (jobs.length > 0) await enqueueJobs({ JOBS: queue }, jobs);
  return queued.length + unsure.length;
}

/**
 * The every-minute cron's part for messages: each scheduled message whose time has come starts its send (a send
 * past the day's quota leaves the message "failed" with the reason, shown on the history page).
 */
export async function sendDueScheduledMessages(db: Database, queue: JobQueue, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: attendeeMessages.id })
    .from(attendeeMessages)
    .where(and(eq(attendeeMessages.status, "scheduled"), lte(attendeeMessages.scheduledAt, now)))
    .orderBy(asc(attendeeMessages.scheduledAt))
    .limit(50);
  let started = 0;
  for (const { id } of due) {
    const outcome = await startAttendeeMessageSend(db, queue, { messageId: id, now, fromStatuses: ["scheduled"] });
    if (outcome.outcome === "started") started++;
    else if (outcome.outcome === "quota-exceeded")
      logger.warn("attendee_message", { outcome: "quota-exceeded", message_id: id, recipients: outcome.recipients });
    else if (outcome.outcome === "event-not-published")
      // The event went back to draft after the message was scheduled: it does not leave, and says why.
      await db
        .update(attendeeMessages)
        .set({ status: "failed", failureReason: "event_not_published", updatedAt: now })
        .where(and(eq(attendeeMessages.id, id), eq(attendeeMessages.status, "scheduled")));
  }
  return started;
}
