import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventAccesses, events, memberships, organizations, type EventRole } from "#db/schema";
import { canOnEvent, parseEventRoles } from "../policy";
import type { Actor } from "../shared/actor";
import { eventRolesQuery, type KnownEvent } from "./event-access";
import { toEventRecord, type EventRecord } from "./event-record";

export type EventLocation =
  | { kind: "accessible"; event: EventRecord; eventRoles: EventRole[] }
  | { kind: "other-organization"; organizationId: number; organizationTitle: string }
  | { kind: "not-found" };

/**
 * Spec §2/§6 no-access screens: where an event id leads the signed-in user.
 * accessible — the event is in the selected organization and the user may view it;
 * other-organization — it belongs to another organization of the user where they could view it (switch organization);
 * not-found — missing, or out of the user's reach (the two are not told apart).
 */
export async function locateEvent(
  db: Database,
  actor: Actor,
  input: { eventId: number; known?: KnownEvent },
): Promise<EventLocation> {
  if (!Number.isSafeInteger(input.eventId) || input.eventId <= 0) return { kind: "not-found" };
  const { event, accessRoles } =
    input.known?.eventId === input.eventId ? input.known : await readEventAndAccess(db, actor, input.eventId);
  if (!event) return { kind: "not-found" };

  if (event.organizationId === actor.organizationId) {
    const eventRoles = accessRoles === null ? [] : parseEventRoles(accessRoles);
    return canOnEvent(actor, "event:view", { organizationId: event.organizationId, roles: eventRoles })
      ? { kind: "accessible", event: toEventRecord(event), eventRoles }
      : { kind: "not-found" };
  }

  const [membership] = await db
    .select({ role: memberships.role, title: organizations.title, accessRoles: eventAccesses.roles })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(
      eventAccesses,
      and(
        eq(eventAccesses.eventId, event.id),
        eq(eventAccesses.userId, actor.userId),
        eq(eventAccesses.organizationId, event.organizationId),
      ),
    )
    .where(and(eq(memberships.organizationId, event.organizationId), eq(memberships.userId, actor.userId)))
    .limit(1);
  if (!membership) return { kind: "not-found" };
  // Judged as the member they are there: a platform admin's stand-in rights (viaPlatformAdmin) belong to the
  // organization they are acting in, never to this one.
  const actorThere: Actor = {
    ...actor,
    organizationId: event.organizationId,
    role: membership.role,
    viaPlatformAdmin: false,
  };
  const roles = parseEventRoles(membership.accessRoles ?? "");
  if (!canOnEvent(actorThere, "event:view", { organizationId: event.organizationId, roles }))
    return { kind: "not-found" };
  return { kind: "other-organization", organizationId: event.organizationId, organizationTitle: membership.title };
}

async function readEventAndAccess(
  db: Database,
  actor: Actor,
  eventId: number,
): Promise<Pick<KnownEvent, "event" | "accessRoles">> {
  const eventRead = db.select().from(events).where(eq(events.id, eventId)).limit(1);
  // The actor's access row in their own organization comes in the same round trip: it is what an event of that
  // organization needs next (an event elsewhere leaves it unused).
  const [[event], access] =
    actor.organizationId === null
      ? [await eventRead, []]
      : await db.batch([eventRead, eventRolesQuery(db, actor, actor.organizationId, eventId)]);
  return { event: event ?? null, accessRoles: access[0]?.roles ?? null };
}
