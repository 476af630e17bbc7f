import { asc } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventReminders } from "#db/schema";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor, type KnownEvent } from "../events/event-access";
import type { EventRow } from "../events/event-record";
import { toEventReminder, type EventReminder } from "./reminder-record";

export type EventReminders = {
  reminders: EventReminder[];
  /** The event's start and zone, to show the send times in it (no start: nothing can be reminded). */
  startAt: Date | null;
  timezone: string;
  published: boolean;
};

/** The event's reminders in order, each with its next send time (event:message-attendees: who may write to attendees). */
export async function getEventReminders(
  db: Database,
  actor: Actor,
  input: { eventId: number; now?: Date; known?: KnownEvent },
): Promise<EventReminders> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:message-attendees", input.known);
  return readEventReminders(db, event, input.now ?? new Date());
}

export async function readEventReminders(db: Database, event: EventRow, now: Date): Promise<EventReminders> {
  const rows = await eventRemindersQuery(db, event);
  return {
    reminders: rows.map((row) => toEventReminder(row, event.startAt, now)),
    startAt: event.startAt,
    timezone: event.timezone,
    published: event.status === "published",
  };
}

export function eventRemindersQuery(db: Database, event: { id: number; organizationId: number }) {
  return db
    .select()
    .from(eventReminders)
    .where(inEventScope(eventReminders, event))
    .orderBy(asc(eventReminders.position), asc(eventReminders.id));
}
