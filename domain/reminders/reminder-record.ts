import type { SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventReminders, type ReminderOffsetUnit } from "#db/schema";
import { reminderDueAt } from "./reminder-due";

export type ReminderRow = typeof eventReminders.$inferSelect;

/** A reminder as the page and the API show it. */
export type EventReminder = {
  id: number;
  position: number;
  offsetValue: number;
  offsetUnit: ReminderOffsetUnit;
  /** Empty: the default subject, in each recipient's language (default-reminder-text.ts). */
  subject: string;
  /** Sanitized HTML; empty: the default text, in each recipient's language. */
  body: string;
  enabled: boolean;
  /** When it is due for the event's current start (null without a start). */
  dueAt: Date | null;
  /** When the cron will send it: its due time while ahead, enabled and not yet sent for the current start; else null. */
  nextSendAt: Date | null;
  /** Already sent for the event's current start. */
  sentForCurrentStart: boolean;
};

/** Every new event gets one reminder, 24 hours before its start, enabled, with the default text (issue 27 §2). */
export const DEFAULT_REMINDER = { offsetValue: 24, offsetUnit: "hours", subject: "", body: "", enabled: true } as const;

export function nextReminderSendAt(
  reminder: Pick<ReminderRow, "enabled" | "dueAt" | "sentForStartAt">,
  startAt: Date | null,
  now: Date,
): Date | null {
  if (!reminder.enabled || !reminder.dueAt || !startAt) return null;
  if (reminder.dueAt.getTime() <= now.getTime()) return null;
  if (reminder.sentForStartAt?.getTime() === startAt.getTime()) return null;
  return reminder.dueAt;
}

export function toEventReminder(row: ReminderRow, startAt: Date | null, now: Date): EventReminder {
  return {
    id: row.id,
    position: row.position,
    offsetValue: row.offsetValue,
    offsetUnit: row.offsetUnit,
    subject: row.subject,
    body: row.body,
    enabled: row.enabled,
    dueAt: row.dueAt,
    nextSendAt: nextReminderSendAt(row, startAt, now),
    sentForCurrentStart: startAt !== null && row.sentForStartAt?.getTime() === startAt.getTime(),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The API's shape (snake_case, ISO 8601 dates). */
export function eventReminderToJson(reminder: EventReminder) {
  return {
    id: reminder.id,
    offset_value: reminder.offsetValue,
    offset_unit: reminder.offsetUnit,
    subject: reminder.subject,
    body: reminder.body,
    enabled: reminder.enabled,
    due_at: iso(reminder.dueAt),
    next_send_at: iso(reminder.nextSendAt),
  };
}

/**
 * The insert of a new event's default reminder, for the batch that writes the event: `eventId` may be SQL naming the
 * event inserted earlier in the same batch. Its due time is computed from the start the event is written with.
 */
export function defaultReminderInsert(
  db: Database,
  event: { organizationId: number; eventId: number | SQL; startAt: Date | null; timezone: string },
  now: Date,
) {
  return db.insert(eventReminders).values({
    organizationId: event.organizationId,
    eventId: event.eventId,
    position: 0,
    ...DEFAULT_REMINDER,
    dueAt: event.startAt
      ? reminderDueAt(event.startAt, event.timezone, DEFAULT_REMINDER.offsetValue, DEFAULT_REMINDER.offsetUnit)
      : null,
    createdAt: now,
    updatedAt: now,
  });
}
