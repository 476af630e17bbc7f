import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { eventAccesses, events, type EventRole } from "#db/schema";
import { canOnEvent, parseEventRoles, type EventAction, type EventScope } from "../policy";
import type { Actor } from "../shared/actor";
import { forbidden, notFound } from "../shared/app-error";
import type { EventRow } from "./event-record";

export type EventWithRoles = { event: EventRow; eventRoles: EventRole[]; scope: EventScope };

/**
 * An event and its tenant as queries name them. `readGuard` (decision 0075): a condition the read depends on, for reads
 * sent in the same round trip as the session that allows them, before it is checked.
 */
export type EventTenant = { id: number; organizationId: number; readGuard?: SQL };

/**
 * An id a query compares with: under a read guard, the id only while the guard holds, else null. SQLite computes it
 * once before its first index seek and stops there on null: the read touches no row. (The guard as a condition beside
 * the others would be checked row by row, after every row of the event was read.)
 */
export function guardedId(id: number, readGuard: SQL | undefined): number | SQL {
  return readGuard ? sql`(select ${id} where ${readGuard})` : id;
}

/** `event_id = ? and organization_id = ?` for a table of event data: every query names the tenant too. */
export function inEventScope(
  table: { eventId: AnySQLiteColumn; organizationId: AnySQLiteColumn },
  event: EventTenant,
): SQL {
  // Under a read guard, the event id: the query's first index seek, which the guard stops before any row is read.
  return and(eq(table.eventId, guardedId(event.id, event.readGuard)), eq(table.organizationId, event.organizationId))!;
}

/** The actor's access roles on an event (empty without an access row). */
export async function eventRolesOf(db: Database, actor: Actor, eventId: number): Promise<EventRole[]> {
  if (actor.organizationId === null) return [];
  const [access] = await eventRolesQuery(db, actor, actor.organizationId, eventId);
  return access ? parseEventRoles(access.roles) : [];
}

/** eventRolesOf's read as a query not yet run, for a `db.batch` beside the event's own read. */
export function eventRolesQuery(db: Database, actor: Actor, organizationId: number, eventId: number) {
  return accessRowQuery(db, eventId, actor.userId, organizationId);
}

/** The access row of `userId` on the event, in the organization given. */
function accessRowQuery(
  db: Database,
  eventId: number | Placeholder,
  userId: number | SQL,
  organizationId: number | SQL,
) {
  return db
    .select({ roles: eventAccesses.roles })
    .from(eventAccesses)
    .where(
      and(
        eq(eventAccesses.eventId, eventId),
        eq(eventAccesses.userId, userId),
        eq(eventAccesses.organizationId, organizationId),
      ),
    )
    .limit(1);
}

/**
 * An event read by id whatever its organization, with the access row of `userId` in the event's own organization:
 * what the event area needs first, readable in the same round trip as the session (`userId` may then be SQL naming
 * the session's user). For an event of the actor's organization, the access row is the one eventRolesQuery reads.
 */
export type KnownEvent = { eventId: number; event: EventRow | null; accessRoles: string | null };

export function knownEventQuery(db: Database, eventId: number | Placeholder) {
  return db.select().from(events).where(eq(events.id, eventId)).limit(1);
}

/** The access row of a KnownEvent: `userId`'s roles in the event, in the event's own organization. */
export function knownEventAccessQuery(db: Database, eventId: number | Placeholder, userId: number | SQL) {
  return accessRowQuery(
    db,
    eventId,
    userId,
    sql`(select ${events.organizationId} from ${events} where ${events.id} = ${eventId})`,
  );
}

/** The event and the actor's roles from a KnownEvent, when it is of the actor's organization (null otherwise). */
function knownEventOfActor(known: KnownEvent, actor: Actor): { event: EventRow; eventRoles: EventRole[] } | null {
  const event = known.event;
  if (!event || actor.organizationId === null || event.organizationId !== actor.organizationId) return null;
  return { event, eventRoles: known.accessRoles === null ? [] : parseEventRoles(known.accessRoles) };
}

/**
 * Loads an event of the actor's organization and checks `action` on it. Another organization's event, a missing one,
 * or one the actor cannot even view answers not_found (no existence leak); viewable but not allowed answers forbidden.
 */
export async function loadEventForActor(
  db: Database,
  actor: Actor,
  eventId: number,
  action: EventAction,
  /** The event as already read in this request (KnownEvent): no read then. */
  known?: KnownEvent,
): Promise<EventWithRoles> {
  if (actor.organizationId === null || !Number.isSafeInteger(eventId) || eventId <= 0)
    throw notFound("events:errors.not-found");
  const found =
    known?.eventId === eventId
      ? knownEventOfActor(known, actor)
      : await readEventOfActor(db, actor, actor.organizationId, eventId);
  if (!found) throw notFound("events:errors.not-found");
  const { event, eventRoles } = found;
  const scope: EventScope = { organizationId: event.organizationId, roles: eventRoles };
  if (!canOnEvent(actor, "event:view", scope)) throw notFound("events:errors.not-found");
  if (!canOnEvent(actor, action, scope)) throw forbidden();
  return { event, eventRoles, scope };
}

async function readEventOfActor(
  db: Database,
  actor: Actor,
  organizationId: number,
  eventId: number,
): Promise<{ event: EventRow; eventRoles: EventRole[] } | null> {
  // One round trip: the access row is read with the event (both scoped by the actor's organization).
  const [[event], [access]] = await db.batch([
    db
      .select()
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.organizationId, organizationId)))
      .limit(1),
    eventRolesQuery(db, actor, organizationId, eventId),
  ]);
  if (!event) return null;
  return { event, eventRoles: access ? parseEventRoles(access.roles) : [] };
}

/** What the actor may do on the event, for the UI to show or hide controls. */
export type EventPermissions = {
  canUpdate: boolean;
  canPublish: boolean;
  canDelete: boolean;
  canManageTeam: boolean;
  canManageSales: boolean;
};

export function eventPermissions(actor: Actor, scope: EventScope): EventPermissions {
  return {
    canUpdate: canOnEvent(actor, "event:update", scope),
    canPublish: canOnEvent(actor, "event:publish", scope),
    canDelete: canOnEvent(actor, "event:delete", scope),
    canManageTeam: canOnEvent(actor, "event:manage-team", scope),
    canManageSales: canOnEvent(actor, "event:manage-sales", scope),
  };
}
