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
 * The outbox's safety net (the five-minute cron): recipients still queued long after their hand-off, failed ones
 * under MAX_MESSAGE_ATTEMPTS whose retries were lost, and claims past their lease (a consumer died mid-send) are
 * handed to the queue again, marked in the same statement so two sweeps do not take the same rows.
 */
export async function sweepAttendeeMessageRecipients(db: Database, queue: JobQueue, now = new Date()): Promise<number> {
  const nowMs = now.getTime();
  const rows = await db.all<{ id: number; message_id: number; send_number: number }>(sql`
    update attendee_message_recipients set claimed_at = ${nowMs},
      status = case when status = 'sending' then 'failed' else status end,
      last_error = case when status = 'sending' then 'the sending attempt did not finish' else last_error end
    where id in (
      select id from attendee_message_recipients where
        (status = 'queued' and claimed_at <= ${nowMs - QUEUED_SWEEP_AGE_MS})
        or (status = 'failed' and attempts < ${MAX_MESSAGE_ATTEMPTS} and claimed_at <= ${nowMs - FAILED_SWEEP_AGE_MS})
        or (status = 'sending' and claimed_at <= ${nowMs - MESSAGE_CLAIM_LEASE_MS})
      limit ${SWEEP_LIMIT})
    returning id, message_id, send_number`);
  if (rows.length === 0) return 0;
  const bySend = new Map<string, { messageId: number; sendNumber: number; ids: { id: number }[] }>();
  for (const row of rows) {
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
  await enqueueJobs({ JOBS: queue }, jobs);
  return rows.length;
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
  }
  return started;
}
