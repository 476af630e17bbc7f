import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessages } from "#db/schema";
import { draftEventSendRefused, getEmailQuota } from "../emails/email-quota";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import type { JobQueue } from "../shared/jobs";
import { toAttendeeMessageRecord, type AttendeeMessageRecord } from "./attendee-message-record";
import { loadMessageForActor } from "./message-access";
import { isBlankHtml } from "./message-rules";
import { countRecipients, startAttendeeMessageSend } from "./start-attendee-message-send";
import { recipientsSelect, type MessageSegment } from "./message-segment";
import { loadEventForActor } from "../events/event-access";
import type { AttendeeMessageKind } from "#db/schema";

/** How far ahead a send may be scheduled. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 3600_000;

export const MESSAGE_ALREADY_SENT = "attendee-messages:errors.message-already-sent";

/**
 * The organizer's "send" (issue 27 §1, §4): now, or at `scheduledAt` (the cron sends it then). Refused, with nothing
 * sent: a subject or body missing, a draft event, no recipient, a message being sent, one already sent without
 * `confirmResend` (reason `message_already_sent`), and a send past the day's email quota (reason
 * `email_quota_reached`, with what is left today). Returns the message as it now is.
 */
export async function sendAttendeeMessage(
  db: Database,
  actor: Actor,
  queue: JobQueue,
  input: { eventId: number; messageId: number; scheduledAt?: Date | null; confirmResend?: boolean; now?: Date },
): Promise<AttendeeMessageRecord> {
  const { event, message } = await loadMessageForActor(db, actor, input);
  const now = input.now ?? new Date();
  const fields: Record<string, string> = {};
  if (message.subject.trim() === "") fields.subject = "attendee-messages:errors.message-subject-required";
  if (isBlankHtml(message.body)) fields.body = "attendee-messages:errors.message-body-required";
  if (Object.keys(fields).length > 0) throw new AppError("validation", Object.values(fields)[0]!, { fields });
  if (event.status === "draft") throw draftEventSendRefused();
  if (message.status === "sending") throw new AppError("conflict", "attendee-messages:errors.message-sending");
  if (message.status === "sent" && !input.confirmResend)
    throw new AppError("conflict", MESSAGE_ALREADY_SENT, {
      reason: "message_already_sent",
      details: { send_count: message.sendCount },
    });

  const source = recipientsSelect(message.segment, {
    eventId: event.id,
    organizationId: event.organizationId,
    now: now.getTime(),
    kind: message.kind,
  });
  const recipients = await countRecipients(db, source);
  if (recipients === 0) throw new AppError("conflict", "attendee-messages:errors.message-no-recipients");

  if (input.scheduledAt) {
    const at = input.scheduledAt.getTime();
    if (at <= now.getTime() || at > now.getTime() + MAX_SCHEDULE_AHEAD_MS)
      throw new AppError("validation", "attendee-messages:errors.message-scheduled-at-past", {
        fields: { scheduled_at: "attendee-messages:errors.message-scheduled-at-past" },
      });
    const [row] = await db
      .update(attendeeMessages)
      .set({ status: "scheduled", scheduledAt: input.scheduledAt, failureReason: null, updatedAt: now })
      .where(
        and(
          eq(attendeeMessages.id, message.id),
          eq(attendeeMessages.organizationId, event.organizationId),
          eq(attendeeMessages.sendCount, message.sendCount),
          inArray(attendeeMessages.status, ["draft", "scheduled", "failed", "sent"]),
        ),
      )
      .returning();
    if (!row) throw new AppError("conflict", "attendee-messages:errors.message-sending");
    return toAttendeeMessageRecord(row);
  }

  const started = await startAttendeeMessageSend(db, queue, { messageId: message.id, now });
  if (started.outcome === "quota-exceeded")
    throw new AppError("conflict", "attendee-messages:errors.email-quota", {
      reason: "email_quota_reached",
      details: { remaining: started.quota.remaining, limit: started.quota.limit, recipients: started.recipients },
    });
  if (started.outcome === "event-not-published") throw draftEventSendRefused();
  if (started.outcome === "not-sendable") throw new AppError("conflict", "attendee-messages:errors.message-sending");
  const [row] = await db
    .select()
    .from(attendeeMessages)
    .where(and(eq(attendeeMessages.id, message.id), eq(attendeeMessages.organizationId, event.organizationId)));
  return toAttendeeMessageRecord(row!);
}

/**
 * The count shown before sending (the segment as chosen on the page, saved or not), with what the day's quota still
 * allows: the same SELECT as the send's outbox insert.
 */
export async function countMessageRecipients(
  db: Database,
  actor: Actor,
  input: { eventId: number; segment: MessageSegment; kind?: AttendeeMessageKind; now?: Date },
): Promise<{ recipients: number; quota: { remaining: number; limit: number } }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:message-attendees");
  const now = input.now ?? new Date();
  const source = recipientsSelect(input.segment, {
    eventId: event.id,
    organizationId: event.organizationId,
    now: now.getTime(),
    kind: input.kind ?? "message",
  });
  const [recipients, quota] = await Promise.all([
    countRecipients(db, source),
    getEmailQuota(db, event.organizationId, now),
  ]);
  return { recipients, quota: { remaining: quota.remaining, limit: quota.limit } };
}
