import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessages, eventReminders, events } from "#db/schema";
import { selectList } from "../finance/settle-payout";

/** A reminder is sent at most this late: after a longer outage, or for an event moved closer past it, it is skipped. */
export const REMINDER_MAX_LATENESS_MS = 60 * 60 * 1000;
/** Reminders claimed per cron run; more wait for the next minute (still within the hour). */
export const REMINDERS_PER_RUN = 100;

export type ClaimedReminder = { reminderId: number; eventId: number; messageId: number; dueAt: Date };

/**
 * The due reminders (docs/decisions/0054-attendee-messages.md, "Reminders"): enabled, `due_at` come and at most an hour
 * ago, not yet sent for the event's current start, of a published event whose start is still ahead; found on
 * `event_reminders_due_idx`. Each one is claimed in one batch that writes its message (kind `reminder`, `scheduled`
 * at its due time, the reminder's text as stored, empty meaning the default text, to every participant whose order
 * was placed by then) and marks the reminder sent for the start: both statements carry the same "not yet sent for
 * this start" condition, so of two runs at once only the first writes anything, and the second finds it done. Without
 * any order placed by then there is nobody to remind: the reminder is marked sent and no message is written (no empty
 * message in the history).
 */
export async function claimDueReminders(
  db: Database,
  now: Date,
  limit: number = REMINDERS_PER_RUN,
): Promise<ClaimedReminder[]> {
  const nowMs = now.getTime();
  const due = await db
    .select({
      id: eventReminders.id,
      eventId: eventReminders.eventId,
      dueAt: eventReminders.dueAt,
      startAt: events.startAt,
    })
    .from(eventReminders)
    .innerJoin(
      events,
      and(eq(events.id, eventReminders.eventId), eq(events.organizationId, eventReminders.organizationId)),
    )
    .where(
      and(
        eq(eventReminders.enabled, true),
        lte(eventReminders.dueAt, now),
        gt(eventReminders.dueAt, new Date(nowMs - REMINDER_MAX_LATENESS_MS)),
        eq(events.status, "published"),
        gt(events.startAt, now),
        sql`${eventReminders.sentForStartAt} is not ${events.startAt}`,
      ),
    )
    .orderBy(asc(eventReminders.dueAt), asc(eventReminders.id))
    .limit(limit);

  const claimed: ClaimedReminder[] = [];
  for (const reminder of due) {
    if (!reminder.dueAt || !reminder.startAt) continue;
    const dueMs = reminder.dueAt.getTime();
    const startMs = reminder.startAt.getTime();
    // The same condition in both statements: still due as read, for the same start, not yet sent for it.
    const unsent = sql`r.id = ${reminder.id} and r.enabled = 1 and r.due_at = ${dueMs}
      and e.status = 'published' and e.start_at = ${startMs} and r.sent_for_start_at is not e.start_at`;
    const [inserted] = await db.batch([
      db
        .insert(attendeeMessages)
        .select(
          sql`select ${selectList(attendeeMessages, {
            id: sql`null`,
            organizationId: sql`r.organization_id`,
            eventId: sql`r.event_id`,
            kind: sql`'reminder'`,
            reminderId: sql`r.id`,
            subject: sql`r.subject`,
            body: sql`r.body`,
            segment: sql`json_object('type', 'all', 'placed_before', r.due_at)`,
            status: sql`'scheduled'`,
            scheduledAt: sql`r.due_at`,
            createdAt: sql`${nowMs}`,
            updatedAt: sql`${nowMs}`,
          })} from event_reminders r join events e on e.id = r.event_id and e.organization_id = r.organization_id
          where ${unsent} and exists (select 1 from orders o where o.event_id = r.event_id
            and o.organization_id = r.organization_id and o.created_at <= r.due_at
            and o.status in ('paid', 'manual', 'pending'))`,
        )
        .returning({ id: attendeeMessages.id }),
      db
        .update(eventReminders)
        .set({ sentForStartAt: reminder.startAt, updatedAt: now })
        .where(
          sql`${eventReminders.id} in (select r.id from event_reminders r join events e on e.id = r.event_id
            and e.organization_id = r.organization_id where ${unsent})`,
        ),
    ]);
    const message = inserted[0];
    if (message)
      claimed.push({
        reminderId: reminder.id,
        eventId: reminder.eventId,
        messageId: message.id,
        dueAt: reminder.dueAt,
      });
  }
  return claimed;
}
