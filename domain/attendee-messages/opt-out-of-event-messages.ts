import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { attendeeMessageOptOuts, events } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";

/**
 * A person's "no more messages about this event" from the link of a message (its signature checked by the caller
 * with readOptOutLink): the organizer's messages stop for the address; reminders and change notices still go out.
 * Answers the event's title for the confirmation; null when the event no longer exists.
 */
export async function optOutOfEventMessages(
  db: Database,
  input: { eventId: number; email: string },
): Promise<{ eventTitle: string } | null> {
  const [event] = await db
    .select({ id: events.id, organizationId: events.organizationId, title: events.title })
    .from(events)
    .where(eq(events.id, input.eventId))
    .limit(1);
  if (!event) return null;
  await db
    .insert(attendeeMessageOptOuts)
    .values({ eventId: event.id, organizationId: event.organizationId, email: input.email.toLowerCase() })
    .onConflictDoNothing();
  return { eventTitle: event.title };
}

/** The event's title for the opt-out page, before the person confirms. */
export async function getOptOutEvent(db: Database, eventId: number): Promise<{ eventTitle: string } | null> {
  const [event] = await db.select({ title: events.title }).from(events).where(eq(events.id, eventId)).limit(1);
  return event ? { eventTitle: event.title } : null;
}

/** Who stopped the event's messages, newest first (the organizer sees it on the messages page). */
export async function listMessageOptOuts(
  db: Database,
  actor: Actor,
  input: { eventId: number; limit?: number },
): Promise<{ optOuts: { email: string; createdAt: Date }[]; total: number }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:message-attendees");
  const scope = and(
    eq(attendeeMessageOptOuts.eventId, event.id),
    eq(attendeeMessageOptOuts.organizationId, event.organizationId),
  );
  const [rows, [count]] = await db.batch([
    db
      .select({ email: attendeeMessageOptOuts.email, createdAt: attendeeMessageOptOuts.createdAt })
      .from(attendeeMessageOptOuts)
      .where(scope)
      .orderBy(desc(attendeeMessageOptOuts.createdAt))
      .limit(Math.min(Math.max(input.limit ?? 100, 1), 500)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(attendeeMessageOptOuts)
      .where(scope),
  ]);
  return { optOuts: rows, total: Number(count?.n ?? 0) };
}
