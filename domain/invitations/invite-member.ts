import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { invitations, memberships, users, type OrganizationRole } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { normalizeEmail } from "../shared/email";
import { assertMayGrant } from "../members/member-roles";
import {
  closeExpiredStatement,
  countInvitationSent,
  newInvitationRow,
  newInvitationToken,
  sendInvitationEmail,
  type InvitationDeps,
  type PendingInvitation,
} from "./invitation-rules";

/**
 * Invites someone to join the organization with a role (spec §7 POST /organizers/:id/members; issue 24 §2): nobody
 * joins without accepting. The answer is the same whether or not an account exists for the email (a pending
 * invitation), so the call tells nothing about who has an account. An email already among the members answers
 * 'members:errors.already-added' and one with an open invitation 'members:errors.already-invited' (409): both are the
 * organization's own data. Counts against the sender's and the organization's invitation limits.
 */
export async function inviteMember(
  db: Database,
  actor: Actor,
  organizationId: number,
  input: { email: string; role: OrganizationRole },
  deps: InvitationDeps = {},
  now = new Date(),
): Promise<PendingInvitation> {
  assertCanInOrganization(actor, "members:manage", organizationId);
  assertMayGrant(actor, input.role);
  const orgId = actor.organizationId;
  const email = normalizeEmail(input.email);
  await countInvitationSent(db, { userId: actor.userId, organizationId: orgId }, now);

  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(users.email, email)))
    .limit(1);
  if (member)
    throw new AppError("conflict", "members:errors.already-added", {
      fields: { email: "members:errors.already-added" },
    });

  const { token, tokenHash } = newInvitationToken();
  const target = and(eq(invitations.organizationId, orgId), eq(invitations.email, email), isNull(invitations.eventId))!;
  const [, inserted] = await db.batch([
    closeExpiredStatement(db, target, now),
    db
      .insert(invitations)
      .values(
        newInvitationRow({
          organizationId: orgId,
          email,
          role: input.role,
          tokenHash,
          invitedByUserId: actor.userId,
          locale: deps.locale,
          now,
        }),
      )
      .onConflictDoNothing()
      .returning(),
  ]);
  const invitation = inserted[0];
  if (!invitation)
    throw new AppError("conflict", "members:errors.already-invited", {
      fields: { email: "members:errors.already-invited" },
    });

  await sendInvitationEmail(db, deps, { email, token, organizationId: orgId, inviterUserId: actor.userId });
  return {
    id: invitation.id,
    email,
    role: invitation.role,
    eventId: null,
    eventRoles: null,
    createdAt: invitation.createdAt,
    sentAt: invitation.sentAt,
    expiresAt: invitation.expiresAt,
    invitedBy: actor.email,
  };
}
