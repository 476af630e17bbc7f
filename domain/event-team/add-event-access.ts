import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventAccesses, invitations, memberships, users } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { normalizeEmail } from "../shared/email";
import { loadEventForActor } from "../events/event-access";
import {
  countInvitationSent,
  openInvitation,
  sendInvitationEmail,
  type InvitationDeps,
  type PendingInvitation,
} from "../invitations/invitation-rules";
import { toTeamMember, type TeamMember } from "./list-event-team";

/** The role a person added to an event's team starts with (spec: validate entries first, adjust the roles next). */
const FIRST_EVENT_ROLES = "validator";

export type AddEventAccessResult =
  { kind: "member"; member: TeamMember } | { kind: "invitation"; invitation: PendingInvitation };

/**
 * Spec §7 POST /events/{id}/accesses {email} (issue 24 §2, docs/decisions/0037-invitations.md). A member of the
 * event's organization (who accepted to be one) gets the validator role on the event at once. Anyone else is invited:
 * accepting makes them a guest of the organization (empty role: this event and nothing else of it) with that access.
 * Whether an account exists for the email changes nothing in the answer. An access already there answers
 * 'team:errors.already-added', an open invitation 'team:errors.already-invited' (409).
 */
export async function addEventAccess(
  db: Database,
  actor: Actor,
  eventId: number,
  input: { email: string },
  deps: InvitationDeps = {},
  now = new Date(),
): Promise<AddEventAccessResult> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:manage-team");
  const email = normalizeEmail(input.email);
  const alreadyAdded = () =>
    new AppError("conflict", "team:errors.already-added", { fields: { email: "team:errors.already-added" } });

  const [member] = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, event.organizationId), eq(users.email, email)))
    .limit(1);
  if (member) {
    const inserted = await db
      .insert(eventAccesses)
      .values({
        organizationId: event.organizationId,
        eventId: event.id,
        userId: member.userId,
        email: member.email,
        roles: FIRST_EVENT_ROLES,
      })
      .onConflictDoNothing()
      .returning({ id: eventAccesses.id });
    if (inserted.length === 0) throw alreadyAdded();
    return { kind: "member", member: toTeamMember({ ...member, roles: FIRST_EVENT_ROLES }) };
  }

  await countInvitationSent(db, { userId: actor.userId, organizationId: event.organizationId }, now);
  const target = and(eq(invitations.eventId, event.id), eq(invitations.email, email))!;
  const opened = await openInvitation(db, target, {
    organizationId: event.organizationId,
    email,
    role: "",
    event: { id: event.id, roles: FIRST_EVENT_ROLES },
    invitedByUserId: actor.userId,
    locale: deps.locale,
    now,
  });
  if (!opened)
    throw new AppError("conflict", "team:errors.already-invited", { fields: { email: "team:errors.already-invited" } });
  await sendInvitationEmail(db, deps, {
    email,
    token: opened.token,
    organizationId: event.organizationId,
    inviterUserId: actor.userId,
    eventTitle: event.title || null,
  });
  return {
    kind: "invitation",
    invitation: {
      id: opened.row.id,
      email,
      role: "",
      eventId: event.id,
      eventRoles: FIRST_EVENT_ROLES,
      createdAt: opened.row.createdAt,
      sentAt: opened.row.sentAt,
      expiresAt: opened.row.expiresAt,
      invitedBy: actor.email,
    },
  };
}
