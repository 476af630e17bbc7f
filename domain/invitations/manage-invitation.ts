import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, invitations } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import { assertMayGrant } from "../members/member-roles";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import {
  countInvitationSent,
  INVITATION_LIFETIME_MS,
  isOpen,
  newInvitationToken,
  sendInvitationEmail,
  type InvitationDeps,
} from "./invitation-rules";

type Scope = { eventId?: number };

/**
 * The open invitation `invitationId` of the actor's organization, checked for the right to manage it: an invitation
 * to join the organization is the member managers' (members:manage, and never one for a role above the actor's); one
 * to an event's team is also that team's managers' (`scope.eventId`: the event page). Anything else answers 404.
 */
async function loadManagedInvitation(db: Database, actor: Actor, invitationId: number, scope: Scope) {
  let organizationId: number;
  if (scope.eventId !== undefined) {
    const { event } = await loadEventForActor(db, actor, scope.eventId, "event:manage-team");
    organizationId = event.organizationId;
  } else {
    if (actor.organizationId === null) throw notFound("members:errors.invitation-not-found");
    assertCanInOrganization(actor, "members:manage", actor.organizationId);
    organizationId = actor.organizationId;
  }
  const [invitation] = await db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      email: invitations.email,
      role: invitations.role,
      eventId: invitations.eventId,
      eventTitle: events.title,
    })
    .from(invitations)
    .leftJoin(events, eq(events.id, invitations.eventId))
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId), isOpen()))
    .limit(1);
  if (!invitation) throw notFound("members:errors.invitation-not-found");
  if (scope.eventId !== undefined ? invitation.eventId !== scope.eventId : invitation.eventId !== null)
    throw notFound("members:errors.invitation-not-found");
  if (scope.eventId === undefined) assertMayGrant(actor, invitation.role);
  return invitation;
}

/** Revokes an open invitation: its link then refuses ('members:invitation.errors.revoked'). */
export async function revokeInvitation(
  db: Database,
  actor: Actor,
  invitationId: number,
  scope: Scope = {},
  now = new Date(),
): Promise<void> {
  const invitation = await loadManagedInvitation(db, actor, invitationId, scope);
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, invitation.id), isOpen()))
    .returning({ id: invitations.id });
  if (revoked.length === 0) throw notFound("members:errors.invitation-not-found");
}

/**
 * Sends an open invitation again with a new link (the previous one stops working) valid 7 days from now. Counts
 * against the invitation limits like a new invitation.
 */
export async function resendInvitation(
  db: Database,
  actor: Actor,
  invitationId: number,
  scope: Scope = {},
  deps: InvitationDeps = {},
  now = new Date(),
): Promise<{ expiresAt: Date }> {
  const invitation = await loadManagedInvitation(db, actor, invitationId, scope);
  await countInvitationSent(db, { userId: actor.userId, organizationId: invitation.organizationId }, now);
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const updated = await db
    .update(invitations)
    .set({ tokenHash, sentAt: now, expiresAt })
    .where(and(eq(invitations.id, invitation.id), isOpen()))
    .returning({ id: invitations.id });
  if (updated.length === 0) throw notFound("members:errors.invitation-not-found");
  await sendInvitationEmail(db, deps, {
    email: invitation.email,
    token,
    organizationId: invitation.organizationId,
    inviterUserId: actor.userId,
    eventTitle: invitation.eventId ? invitation.eventTitle || null : null,
  });
  return { expiresAt };
}
