import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { invitations, memberships, users, type OrganizationRole } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { normalizeEmail } from "../shared/email";
import { assertMayGrant } from "../members/member-roles";
import {
  countInvitationSent,
  openInvitation,
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

  const target = and(eq(invitations.organizationId, orgId), eq(invitations.email, email), isNull(invitations.eventId))!;
  const opened = await openInvitation(db, target, {
    organizationId: orgId,
    email,
    role: input.role,
    invitedByUserId: actor.userId,
    locale: deps.locale,
    now,
  });
  if (!opened)
    throw new AppError("conflict", "members:errors.already-invited", {
      fields: { email: "members:errors.already-invited" },
    });

  await sendInvitationEmail(db, deps, {
    email,
    token: opened.token,
    organizationId: orgId,
    inviterUserId: actor.userId,
  });
  return {
    id: opened.row.id,
    email,
    role: opened.row.role,
    eventId: null,
    eventRoles: null,
    createdAt: opened.row.createdAt,
    sentAt: opened.row.sentAt,
    expiresAt: opened.row.expiresAt,
    invitedBy: actor.email,
  };
}
