import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events } from "#db/schema";
import { eventRolesQuery } from "../events/event-access";
import { canOnEvent, parseEventRoles, type EventScope } from "../policy";
import type { Actor } from "../shared/actor";
import { forbidden, notFound } from "../shared/app-error";

export type CheckInEvent = {
  id: number;
  organizationId: number;
  title: string;
  timezone: string;
  /** The event's dates: the scanner says which date a ticket was checked against. */
  startAt: Date | null;
  endAt: Date | null;
  /** The actor may also open the event area (a validator may not). */
  canView: boolean;
};

/**
 * The event a scan is about, for an actor allowed to validate its entries (spec §6: owners, admins, event managers
 * and the event's validators). A validator cannot view the event area (event:view), so this does not go through
 * loadEventForActor: another organization's event, a missing one, or one the actor has no part in answers 404; an
 * actor who sees the event but may not validate answers 403.
 */
export async function loadCheckInEvent(db: Database, actor: Actor, eventId: number): Promise<CheckInEvent> {
  const [eventRows, accessRows] = await db.batch(checkInEventReads(db, actor, eventId));
  return checkInEventOf(actor, eventRows, accessRows);
}

/**
 * loadCheckInEvent's two reads (the event in the actor's organization, the actor's access row on it) as queries not
 * yet run, for a caller that sends more in the same `db.batch`; checkInEventOf then decides on their rows.
 */
export function checkInEventReads(db: Database, actor: Actor, eventId: number) {
  if (actor.organizationId === null || !Number.isSafeInteger(eventId) || eventId <= 0)
    throw notFound("events:errors.not-found");
  return [
    db
      .select({
        id: events.id,
        organizationId: events.organizationId,
        title: events.title,
        timezone: events.timezone,
        startAt: events.startAt,
        endAt: events.endAt,
      })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.organizationId, actor.organizationId)))
      .limit(1),
    eventRolesQuery(db, actor, actor.organizationId, eventId),
  ] as const;
}

export function checkInEventOf(
  actor: Actor,
  [event]: Omit<CheckInEvent, "canView">[],
  [access]: { roles: string }[],
): CheckInEvent {
  if (!event) throw notFound("events:errors.not-found");
  const scope: EventScope = {
    organizationId: event.organizationId,
    roles: access ? parseEventRoles(access.roles) : [],
  };
  const canView = canOnEvent(actor, "event:view", scope);
  if (canOnEvent(actor, "event:validate-entries", scope)) return { ...event, canView };
  if (canView) throw forbidden();
  throw notFound("events:errors.not-found");
}
