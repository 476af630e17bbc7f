import { and, eq, notExists } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventAccesses, memberships, type EventRole } from "#db/schema";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { loadEventForActor } from "../events/event-access";
import { findTeamMember, type TeamMember } from "./list-event-team";

const whereAccess = (event: { id: number; organizationId: number }, userId: number) =>
  and(
    eq(eventAccesses.eventId, event.id),
    eq(eventAccesses.organizationId, event.organizationId),
    eq(eventAccesses.userId, userId),
  );

/**
 * Spec §7 PUT /events/{id}/accesses {role, profile}: sets the person's roles on the event (a de-duplicated list, stored
 * pipe-separated). An empty list removes the access.
 */
export async function setEventAccessRoles(
  db: Database,
  actor: Actor,
  eventId: number,
  input: { userId: number; roles: EventRole[] },
): Promise<TeamMember | null> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:manage-team");
  const roles = [...new Set(input.roles)];
  if (roles.length === 0) {
    await removeEventAccessOf(db, event, input.userId);
    return null;
  }
  const updated = await db
    .update(eventAccesses)
    .set({ roles: roles.join("|") })
    .where(whereAccess(event, input.userId))
    .returning({ id: eventAccesses.id });
  if (updated.length === 0) throw notFound("team:errors.not-found");
  return findTeamMember(db, event, input.userId);
}

/**
 * Removes the person's access to the event. Their organization membership stays, except a guest's (empty role, the
 * membership an event access brought) once no access to any of the organization's events remains (issue 24 §2).
 */
export async function removeEventAccess(db: Database, actor: Actor, eventId: number, userId: number): Promise<void> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:manage-team");
  await removeEventAccessOf(db, event, userId);
}

async function removeEventAccessOf(db: Database, event: { id: number; organizationId: number }, userId: number) {
  const [deleted] = await db.batch([
    db.delete(eventAccesses).where(whereAccess(event, userId)).returning({ id: eventAccesses.id }),
    removeGuestWithoutAccessStatement(db, event.organizationId, userId),
  ]);
  if (deleted.length === 0) throw notFound("team:errors.not-found");
}

/** Deletes the user's guest membership of the organization when they have no event access left in it. */
export function removeGuestWithoutAccessStatement(db: Database, organizationId: number, userId: number) {
  return db.delete(memberships).where(
    and(
      eq(memberships.organizationId, organizationId),
      eq(memberships.userId, userId),
      eq(memberships.role, ""),
      notExists(
        db
          .select({ id: eventAccesses.id })
          .from(eventAccesses)
          .where(and(eq(eventAccesses.organizationId, organizationId), eq(eventAccesses.userId, userId))),
      ),
    ),
  );
}
