import type { attendeeMessages } from "#db/schema";
import { parseStoredSegment, type MessageSegment } from "./message-segment";

export type AttendeeMessageRow = typeof attendeeMessages.$inferSelect;
export type AttendeeMessageRecord = Omit<AttendeeMessageRow, "segment"> & { segment: MessageSegment };

export function toAttendeeMessageRecord(row: AttendeeMessageRow): AttendeeMessageRecord {
  return { ...row, segment: parseStoredSegment(row.segment) };
}

/** Delivery states of one send, counted. */
export type DeliveryCounts = { queued: number; sending: number; sent: number; failed: number; bounced: number };
export const emptyDeliveryCounts = (): DeliveryCounts => ({ queued: 0, sending: 0, sent: 0, failed: 0, bounced: 0 });

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A message in the API's JSON (snake_case, ISO times); `reminders` leave out their internal `placed_before`. */
export function attendeeMessageJson(message: AttendeeMessageRecord, counts?: DeliveryCounts) {
  const { placed_before: _placedBefore, ...segment } = message.segment;
  return {
    id: message.id,
    event_id: message.eventId,
    kind: message.kind,
    reminder_id: message.reminderId,
    subject: message.subject,
    body: message.body,
    segment,
    status: message.status,
    scheduled_at: iso(message.scheduledAt),
    sent_at: iso(message.sentAt),
    send_count: message.sendCount,
    recipient_count: message.recipientCount,
    failure_reason: message.failureReason,
    created_at: iso(message.createdAt),
    updated_at: iso(message.updatedAt),
    ...(counts ? { counts } : {}),
  };
}
