import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { eventRemindersQuery } from "../reminders/get-event-reminders";
import { reminderDueStatements } from "../reminders/reminder-due";

/**
 * After a write to an event's dates moved its span: the reminders' due times follow the new start, as when the
 * organizer edits the start itself (docs/decisions/0054). Nothing to do when the start did not move.
 */
export async function followEventSpan(
  db: Database,
  event: { id: number; organizationId: number; startAt: Date | null; timezone: string },
): Promise<void> {
  const [[row], reminders] = await db.batch([
    db
      .select({ startAt: events.startAt })
      .from(events)
      .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId)))
      .limit(1),
    eventRemindersQuery(db, event),
  ]);
  if (!row || row.startAt?.getTime() === event.startAt?.getTime()) return;
  const [first, ...rest] = reminderDueStatements(db, {
    eventId: event.id,
    startAt: row.startAt,
    timeZone: event.timezone,
    reminders,
  });
  if (first) await db.batch([first, ...rest]);
}
