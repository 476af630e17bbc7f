import { and, eq, notInArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { eventReminders } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { eventHtmlToText, sanitizeEventHtml } from "../events/sanitize-event-html";
import { eventRemindersQuery, type EventReminders } from "./get-event-reminders";
import { reminderDueAt } from "./reminder-due";
import { toEventReminder } from "./reminder-record";
import { REMINDER_BODY_TOO_LONG, REMINDER_UNKNOWN, reminderBodyTooLong, type RemindersInput } from "./reminder-schema";

/**
 * Replaces the event's reminders with the given list (0 to 3, in order; event:message-attendees), in one batch. A
 * reminder given with its `id` is kept and updated, with what it was already sent for, so that editing its text after
 * it went out does not send it again; a changed offset is a new time, sent again for the current start. Reminders
 * without an id are new; the event's other reminders are deleted. Bodies are sanitized with the description's allowlist,
 * and one without visible text is empty (the default text). Due times are computed from the event's start and zone
 * as reminderDueStatements does (reminder-due.ts).
 */
export async function updateEventReminders(
  db: Database,
  actor: Actor,
  input: { eventId: number; reminders: RemindersInput["reminders"]; now?: Date },
): Promise<EventReminders> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:message-attendees");
  const now = input.now ?? new Date();
  const existing = await eventRemindersQuery(db, event);
  const existingById = new Map(existing.map((row) => [row.id, row]));

  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  const reminders = input.reminders.map((reminder, position) => {
    const id = reminder.id ?? null;
    if (id !== null && (!existingById.has(id) || seen.has(id))) fields[`reminders.${position}.id`] = REMINDER_UNKNOWN;
    if (id !== null) seen.add(id);
    const sanitized = sanitizeEventHtml(reminder.body);
    if (reminderBodyTooLong(sanitized)) fields[`reminders.${position}.body`] = REMINDER_BODY_TOO_LONG;
    return {
      id,
      position,
      offsetValue: reminder.offset_value,
      offsetUnit: reminder.offset_unit,
      subject: reminder.subject.trim(),
      body: eventHtmlToText(sanitized) === "" ? "" : sanitized,
      enabled: reminder.enabled,
      dueAt: event.startAt
        ? reminderDueAt(event.startAt, event.timezone, reminder.offset_value, reminder.offset_unit)
        : null,
    };
  });
  if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });

  const kept = reminders.flatMap((reminder) => (reminder.id === null ? [] : [reminder.id]));
  const writes: BatchItem<"sqlite">[] = [
    db
      .delete(eventReminders)
      .where(
        and(inEventScope(eventReminders, event), kept.length > 0 ? notInArray(eventReminders.id, kept) : undefined),
      ),
  ];
  for (const { id, ...values } of reminders) {
    if (id === null) {
      writes.push(
        db.insert(eventReminders).values({
          ...values,
          organizationId: event.organizationId,
          eventId: event.id,
          createdAt: now,
          updatedAt: now,
        }),
      );
      continue;
    }
    const before = existingById.get(id)!;
    const offsetChanged = before.offsetValue !== values.offsetValue || before.offsetUnit !== values.offsetUnit;
    writes.push(
      db
        .update(eventReminders)
        .set({ ...values, ...(offsetChanged ? { sentForStartAt: null } : {}), updatedAt: now })
        .where(and(eq(eventReminders.id, id), inEventScope(eventReminders, event))),
    );
  }
  const results = await db.batch([...(writes as [BatchItem<"sqlite">]), eventRemindersQuery(db, event)]);
  const rows = results[results.length - 1] as Awaited<ReturnType<typeof eventRemindersQuery>>;
  return {
    reminders: rows.map((row) => toEventReminder(row, event.startAt, now)),
    startAt: event.startAt,
    timezone: event.timezone,
    published: event.status === "published",
  };
}
