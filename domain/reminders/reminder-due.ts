import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventReminders, type ReminderOffsetUnit } from "#db/schema";
import { utcToZonedDateTime, zonedDateTimeToUtc } from "../events/event-time-zone";

const MINUTE_MS = 60_000;

/**
 * When a reminder is due for an event starting at `startAt` (docs/decisions/0054-attendee-messages.md): "days" are
 * calendar days in the event's time zone, so "1 day before" a 19:00 show is 19:00 the day before even across a
 * daylight-saving change (23 or 25 hours earlier); "hours" and "minutes" are exact durations.
 */
export function reminderDueAt(startAt: Date, timeZone: string, value: number, unit: ReminderOffsetUnit): Date {
  if (unit === "minutes") return new Date(startAt.getTime() - value * MINUTE_MS);
  if (unit === "hours") return new Date(startAt.getTime() - value * 60 * MINUTE_MS);
  const local = utcToZonedDateTime(startAt, timeZone);
  const day = new Date(`${local.slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - value);
  const seconds = String(new Date(startAt).getUTCSeconds()).padStart(2, "0");
  const due = zonedDateTimeToUtc(`${day.toISOString().slice(0, 10)}${local.slice(10)}:${seconds}`, timeZone);
  return due ?? new Date(startAt.getTime() - value * 24 * 60 * MINUTE_MS);
}

/**
 * The statements that keep every reminder's `due_at` in step with the event's start: one UPDATE per reminder (the
 * "days" arithmetic needs the time zone, so it is computed here, not in SQL). To put in the same batch as the write
 * that changes the start or the time zone. A start removed clears `due_at` (nothing to remind of).
 */
export function reminderDueStatements(
  db: Database,
  input: {
    eventId: number;
    startAt: Date | null;
    timeZone: string;
    reminders: { id: number; offsetValue: number; offsetUnit: ReminderOffsetUnit }[];
  },
) {
  return input.reminders.map((reminder) =>
    db
      .update(eventReminders)
      .set({
        dueAt: input.startAt
          ? reminderDueAt(input.startAt, input.timeZone, reminder.offsetValue, reminder.offsetUnit)
          : null,
        updatedAt: sql`(cast(unixepoch('subsecond') * 1000 as integer))`,
      })
      .where(and(eq(eventReminders.id, reminder.id), eq(eventReminders.eventId, input.eventId))),
  );
}
