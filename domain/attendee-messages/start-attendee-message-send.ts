import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessageRecipients, attendeeMessages, events, type AttendeeMessageStatus } from "#db/schema";
import { clearGuards, guardStatement, isGuardFailure } from "../booking/stock-sql";
import { countEmailsStatement, getEmailQuota, isEmailQuotaFailure, type EmailQuota } from "../emails/email-quota";
import { enqueueJobs, type JobQueue } from "../shared/jobs";
import { parseStoredSegment, recipientsSelect } from "./message-segment";

/** Recipients per queue job: one provider call (Resend's batch API takes 100 emails). */
export const RECIPIENTS_PER_JOB = 100;
/** Claimed sends of one recipient before it is left failed (the history page can still retry it by hand). */
export const MAX_MESSAGE_ATTEMPTS = 5;

export type AttendeeMessageJob = {
  type: "send-attendee-message";
  messageId: number;
  sendNumber: number;
  /** The job's recipient ids, inclusive: at most RECIPIENTS_PER_JOB rows of this send. */
  fromId: number;
  toId: number;
  /**
   * Set by the sweep for the rows of one earlier claim (their `claimed_at`) whose outcome is unknown: the same rows are
   * sent again as one call, so the provider's idempotency key (a hash of the ids) is the same and nobody gets it twice.
   */
  claimedAt?: number;
};

export type StartSendOutcome =
  | { outcome: "started"; sendNumber: number; recipients: number }
  | { outcome: "quota-exceeded"; recipients: number; quota: EmailQuota }
  | { outcome: "event-not-published" }
  | { outcome: "not-sendable" };

/**
 * Starts one send of a message (docs/decisions/0054-attendee-messages.md), for the organizer's "send now", the cron's
 * scheduled sends and the reminders: in ONE batch, a guard that the message is still in one of `fromStatuses` with
 * the send count it had, the message moved to "sending", one outbox row per recipient (the segment's SELECT), the
 * recipients counted on the message and against the organization's daily quota (whose CHECK rolls everything back
 * past it). Then the queue gets one job per RECIPIENTS_PER_JOB rows; a lost hand-off is found by the sweep.
 */
export async function startAttendeeMessageSend(
  db: Database,
  queue: JobQueue,
  input: { messageId: number; now?: Date; fromStatuses?: readonly AttendeeMessageStatus[] },
): Promise<StartSendOutcome> {
  const now = input.now ?? new Date();
  const fromStatuses = input.fromStatuses ?? ["draft", "scheduled", "failed", "sent"];
  const [message] = await db
    .select({
      id: attendeeMessages.id,
      organizationId: attendeeMessages.organizationId,
      eventId: attendeeMessages.eventId,
      kind: attendeeMessages.kind,
      segment: attendeeMessages.segment,
      status: attendeeMessages.status,
      sendCount: attendeeMessages.sendCount,
    })
    .from(attendeeMessages)
    .where(eq(attendeeMessages.id, input.messageId))
    .limit(1);
  if (!message || !fromStatuses.includes(message.status)) return { outcome: "not-sendable" };
  const [event] = await db
    .select({ status: events.status })
    .from(events)
    .where(and(eq(events.id, message.eventId), eq(events.organizationId, message.organizationId)))
    .limit(1);
  // A draft event (never published, or taken back to draft after the message was scheduled) sends nothing.
  if (!event || event.status === "draft") return { outcome: "event-not-published" };

  const sendNumber = message.sendCount + 1;
  const nowMs = now.getTime();
  const source = recipientsSelect(parseStoredSegment(message.segment), {
    eventId: message.eventId,
    organizationId: message.organizationId,
    now: nowMs,
    kind: message.kind,
  });
  const ofThisSend = and(
    eq(attendeeMessageRecipients.messageId, message.id),
    eq(attendeeMessageRecipients.sendNumber, sendNumber),
  );
  const recipientCount = sql`(select count(*) from ${attendeeMessageRecipients} where ${ofThisSend})`;

  try {
    await db.batch([
      guardStatement(
        db,
        sql`exists (select 1 from ${attendeeMessages} where ${attendeeMessages.id} = ${message.id}
          and ${attendeeMessages.sendCount} = ${message.sendCount}
          and ${inArray(attendeeMessages.status, [...fromStatuses])})
          and exists (select 1 from ${events} where ${events.id} = ${message.eventId} and ${events.status} <> 'draft')`,
      ),
      clearGuards(db),
      db
        .update(attendeeMessages)
        .set({
          status: "sending",
          sendCount: sendNumber,
          sentAt: now,
          scheduledAt: null,
          failureReason: null,
          updatedAt: now,
        })
        .where(eq(attendeeMessages.id, message.id)),
      insertRecipients(db, { messageId: message.id, sendNumber, nowMs, source }),
      db.update(attendeeMessages).set({ recipientCount }).where(eq(attendeeMessages.id, message.id)),
      countEmailsStatement(db, { organizationId: message.organizationId, count: recipientCount, at: now }),
    ]);
  } catch (error) {
    if (isEmailQuotaFailure(error)) {
      const recipients = await countRecipients(db, source);
      // A message sent before stays "sent" (its history is whole; a new send still needs the confirmation).
      await db
        .update(attendeeMessages)
        .set({ status: message.sendCount > 0 ? "sent" : "failed", failureReason: "email_quota", updatedAt: now })
        .where(
          and(
            eq(attendeeMessages.id, message.id),
            eq(attendeeMessages.sendCount, message.sendCount),
            inArray(attendeeMessages.status, [...fromStatuses]),
          ),
        );
      return { outcome: "quota-exceeded", recipients, quota: await getEmailQuota(db, message.organizationId, now) };
    }
    if (isGuardFailure(error)) return { outcome: "not-sendable" };
    throw error;
  }

  const ids = await db
    .select({ id: attendeeMessageRecipients.id })
    .from(attendeeMessageRecipients)
    .where(ofThisSend)
    .orderBy(asc(attendeeMessageRecipients.id));
  if (ids.length === 0) {
    await markSendFinished(db, message.id, sendNumber);
    return { outcome: "started", sendNumber, recipients: 0 };
  }
  await enqueueJobs({ JOBS: queue }, recipientJobs(message.id, sendNumber, ids));
  return { outcome: "started", sendNumber, recipients: ids.length };
}

/** The jobs of a send: its recipient ids (ascending) cut into ranges of RECIPIENTS_PER_JOB. */
export function recipientJobs(messageId: number, sendNumber: number, ids: { id: number }[]): AttendeeMessageJob[] {
  const jobs: AttendeeMessageJob[] = [];
  for (let start = 0; start < ids.length; start += RECIPIENTS_PER_JOB) {
    const slice = ids.slice(start, start + RECIPIENTS_PER_JOB);
    jobs.push({ type: "send-attendee-message", messageId, sendNumber, fromId: slice[0]!.id, toId: slice.at(-1)!.id });
  }
  return jobs;
}

/** How many people a segment reaches now: the same SELECT as the outbox's insert. */
export async function countRecipients(db: Database, source: SQL): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`select count(*) as n from (${source})`);
  return Number(row?.n ?? 0);
}

function insertRecipients(db: Database, input: { messageId: number; sendNumber: number; nowMs: number; source: SQL }) {
  // drizzle's insert…select lists every column of the table in schema order; each gets its value by name here.
  const values: Partial<Record<keyof typeof attendeeMessageRecipients.$inferInsert, SQL>> = {
    organizationId: sql`e.organization_id`,
    eventId: sql`e.id`,
    messageId: sql`${input.messageId}`,
    sendNumber: sql`${input.sendNumber}`,
    dedupeKey: sql`r.dedupe_key`,
    participantId: sql`r.participant_id`,
    orderId: sql`r.order_id`,
    email: sql`r.email`,
    firstName: sql`r.first_name`,
    lastName: sql`r.last_name`,
    ticketTitle: sql`r.ticket_title`,
    locale: sql`r.locale`,
    status: sql`'queued'`,
    attempts: sql`0`,
    // The hand-off time: a row still queued long after it was found by the sweep.
    claimedAt: sql`${input.nowMs}`,
    createdAt: sql`${input.nowMs}`,
  };
  const selected = Object.keys(getTableColumns(attendeeMessageRecipients)).map(
    (key) => values[key as keyof typeof values] ?? sql`null`,
  );
  return db
    .insert(attendeeMessageRecipients)
    .select(
      sql`select ${sql.join(selected, sql`, `)} from (${input.source}) r
        join ${events} e on e.id = (select event_id from attendee_messages where id = ${input.messageId})
        order by coalesce(r.participant_id, 0), r.order_id`,
    )
    .onConflictDoNothing();
}

/**
 * The message is "sent" once none of this send's recipients waits: each is sent, bounced, or failed after
 * MAX_MESSAGE_ATTEMPTS (a failed one under it will be tried again by the queue or the sweep).
 */
export function markSendFinishedStatement(db: Database, messageId: number, sendNumber: number) {
  return db
    .update(attendeeMessages)
    .set({ status: "sent" })
    .where(
      and(
        eq(attendeeMessages.id, messageId),
        eq(attendeeMessages.status, "sending"),
        eq(attendeeMessages.sendCount, sendNumber),
        sql`not exists (select 1 from ${attendeeMessageRecipients} where ${attendeeMessageRecipients.messageId} = ${messageId}
          and ${attendeeMessageRecipients.sendNumber} = ${sendNumber}
          and (${attendeeMessageRecipients.status} in ('queued', 'sending')
            or (${attendeeMessageRecipients.status} = 'failed' and ${attendeeMessageRecipients.attempts} < ${MAX_MESSAGE_ATTEMPTS})))`,
      ),
    );
}

async function markSendFinished(db: Database, messageId: number, sendNumber: number) {
  await markSendFinishedStatement(db, messageId, sendNumber);
}
