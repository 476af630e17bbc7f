import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessages } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import type { AttendeeMessageUpdate } from "./attendee-message-schema";
import { toAttendeeMessageRecord, type AttendeeMessageRecord } from "./attendee-message-record";
import { loadMessageForActor } from "./message-access";
import { EDITABLE_STATUSES, sanitizeMessageBody } from "./message-rules";

export const MESSAGE_NOT_EDITABLE = "attendee-messages:errors.message-not-editable";

/**
 * Edits a message that has not gone out (draft, scheduled or refused); a scheduled one keeps its time. The update is
 * guarded by the status, so an edit racing the send's start changes nothing and says so.
 */
export async function updateAttendeeMessage(
  db: Database,
  actor: Actor,
  input: { eventId: number; messageId: number; changes: AttendeeMessageUpdate },
): Promise<AttendeeMessageRecord> {
  const { message } = await loadMessageForActor(db, actor, input);
  const { subject, body, segment } = input.changes;
  const [row] = await db
    .update(attendeeMessages)
    .set({
      ...(subject !== undefined ? { subject: subject.trim() } : {}),
      ...(body !== undefined ? { body: sanitizeMessageBody(body) } : {}),
      ...(segment !== undefined ? { segment: JSON.stringify(segment) } : {}),
      updatedAt: sql`(cast(unixepoch('subsecond') * 1000 as integer))`,
    })
    .where(
      and(
        eq(attendeeMessages.id, message.id),
        eq(attendeeMessages.organizationId, message.organizationId),
        inArray(attendeeMessages.status, [...EDITABLE_STATUSES]),
      ),
    )
    .returning();
  if (!row) throw new AppError("conflict", MESSAGE_NOT_EDITABLE);
  return toAttendeeMessageRecord(row);
}

/** A scheduled message back to draft: it will not leave on its own. */
export async function unscheduleAttendeeMessage(
  db: Database,
  actor: Actor,
  input: { eventId: number; messageId: number },
): Promise<AttendeeMessageRecord> {
  const { message } = await loadMessageForActor(db, actor, input);
  const [row] = await db
    .update(attendeeMessages)
    .set({ status: "draft", scheduledAt: null, updatedAt: sql`(cast(unixepoch('subsecond') * 1000 as integer))` })
    .where(
      and(
        eq(attendeeMessages.id, message.id),
        eq(attendeeMessages.organizationId, message.organizationId),
        eq(attendeeMessages.status, "scheduled"),
      ),
    )
    .returning();
  if (!row) throw new AppError("conflict", MESSAGE_NOT_EDITABLE);
  return toAttendeeMessageRecord(row);
}
