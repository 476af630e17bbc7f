import * as v from "valibot";
import { reminderOffsetUnits, type ReminderOffsetUnit } from "#db/schema";
import { idSchema } from "../shared/ids";

/** At most three reminders per event (issue 27 §2). */
export const MAX_REMINDERS = 3;
/** The longest offset, whatever its unit: 60 days (86,400 minutes, 1,440 hours). */
export const MAX_REMINDER_OFFSET_MINUTES = 60 * 24 * 60;
export const REMINDER_SUBJECT_MAX_LENGTH = 200;
/** The UTF-8 size limit of a reminder's body (HTML), checked before and after sanitizing. */
export const REMINDER_BODY_MAX_BYTES = 20_000;

export const REMINDER_COUNT_INVALID = "reminders:errors.reminder-count-invalid";
export const REMINDER_OFFSET_INVALID = "reminders:errors.reminder-offset-invalid";
export const REMINDER_UNIT_INVALID = "reminders:errors.reminder-unit-invalid";
export const REMINDER_SUBJECT_TOO_LONG = "reminders:errors.reminder-subject-too-long";
export const REMINDER_BODY_TOO_LONG = "reminders:errors.reminder-body-too-long";
export const REMINDER_UNKNOWN = "reminders:errors.reminder-unknown";

const MINUTES_PER_UNIT: Record<ReminderOffsetUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

/** The largest offset value a unit allows (60 days' worth). */
export function maxReminderOffset(unit: ReminderOffsetUnit): number {
  return MAX_REMINDER_OFFSET_MINUTES / MINUTES_PER_UNIT[unit];
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** One reminder as received. `id` names one of the event's reminders to keep (its sending state with it); none: a new one. */
export const reminderInputSchema = v.pipe(
  v.object({
    id: v.optional(v.nullable(idSchema)),
    offset_value: v.pipe(
      v.number(REMINDER_OFFSET_INVALID),
      v.safeInteger(REMINDER_OFFSET_INVALID),
      v.minValue(1, REMINDER_OFFSET_INVALID),
      v.maxValue(MAX_REMINDER_OFFSET_MINUTES, REMINDER_OFFSET_INVALID),
    ),
    offset_unit: v.picklist(reminderOffsetUnits, REMINDER_UNIT_INVALID),
    subject: v.optional(
      v.pipe(
        v.string(REMINDER_SUBJECT_TOO_LONG),
        v.transform((text) => text.trim()),
        v.maxLength(REMINDER_SUBJECT_MAX_LENGTH, REMINDER_SUBJECT_TOO_LONG),
      ),
      "",
    ),
    body: v.optional(
      v.pipe(
        v.string(REMINDER_BODY_TOO_LONG),
        v.check((html) => utf8Length(html) <= REMINDER_BODY_MAX_BYTES, REMINDER_BODY_TOO_LONG),
      ),
      "",
    ),
    enabled: v.optional(v.boolean("errors:invalid-input"), true),
  }),
  v.forward(
    v.check((reminder) => reminder.offset_value <= maxReminderOffset(reminder.offset_unit), REMINDER_OFFSET_INVALID),
    ["offset_value"],
  ),
);
export type ReminderInput = v.InferOutput<typeof reminderInputSchema>;

/** The whole list (PUT /api/events/:id/reminders, the reminders page): 0 to 3 reminders, in order. */
export const remindersInputSchema = v.object({
  reminders: v.pipe(
    v.array(reminderInputSchema, REMINDER_COUNT_INVALID),
    v.maxLength(MAX_REMINDERS, REMINDER_COUNT_INVALID),
  ),
});
export type RemindersInput = v.InferOutput<typeof remindersInputSchema>;

/** A body over the limit once sanitized (escaping can make it longer than what was received). */
export function reminderBodyTooLong(html: string): boolean {
  return utf8Length(html) > REMINDER_BODY_MAX_BYTES;
}
