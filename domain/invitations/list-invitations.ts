import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { invitations, users } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { isOpen, pendingInvitationColumns, toPendingInvitation, type PendingInvitation } from "./invitation-rules";

function pendingInvitations(db: Database, where: ReturnType<typeof and>, now: Date) {
  return db
    .select(pendingInvitationColumns)
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(where, isOpen(), gt(invitations.expiresAt, now)))
    .orderBy(asc(invitations.email), asc(invitations.id));
}

/** The organization's pending invitations to join it (not those to an event's team), for its member managers. */
export async function listOrganizationInvitations(
  db: Database,
  actor: Actor,
  organizationId: number,
  now = new Date(),
): Promise<PendingInvitation[]> {
  assertCanInOrganization(actor, "members:manage", organizationId);
  const rows = await pendingInvitations(
    db,
    and(eq(invitations.organizationId, actor.organizationId), isNull(invitations.eventId)),
    now,
  );
  return rows.map(toPendingInvitation);
}

/** The pending invitations to an event's team, for the people who see that team. */
export async function listEventInvitations(
  db: Database,
  actor: Actor,
  eventId: number,
  now = new Date(),
): Promise<PendingInvitation[]> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:view-team");
  const rows = await pendingInvitations(
    db,
    and(eq(invitations.organizationId, event.organizationId), eq(invitations.eventId, event.id)),
    now,
  );
  return rows.map(toPendingInvitation);
}
