import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import {
  eventAccesses,
  events,
  invitations,
  memberships,
  organizations,
  users,
  type OrganizationRole,
} from "#db/schema";
import { AppError, forbidden, notFound } from "../shared/app-error";
import { sha256Hex } from "../shared/crypto";
import { normalizeEmail } from "../shared/email";
import { INVITATION_TOKEN_PATTERN, personName } from "./invitation-rules";

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

/** What the invitation page shows to whoever holds the link. */
export type InvitationView = {
  id: number;
  status: InvitationStatus;
  email: string;
  organizationId: number;
  organizationTitle: string;
  eventId: number | null;
  eventTitle: string | null;
  role: OrganizationRole;
  inviterName: string;
  expiresAt: Date;
  acceptedByUserId: number | null;
};

const NOT_FOUND = "members:invitation.errors.not-found";

/** The invitation a link's token stands for, or null (unknown token, or a link replaced by a resend). */
export async function readInvitation(db: Database, token: string, now = new Date()): Promise<InvitationView | null> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      organizationId: invitations.organizationId,
      organizationTitle: organizations.title,
      eventId: invitations.eventId,
      eventTitle: events.title,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      acceptedByUserId: invitations.acceptedByUserId,
      revokedAt: invitations.revokedAt,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(events, eq(events.id, invitations.eventId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(eq(invitations.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!row) return null;
  const status: InvitationStatus = row.acceptedAt
    ? "accepted"
    : row.revokedAt
      ? "revoked"
      : row.expiresAt.getTime() <= now.getTime()
        ? "expired"
        : "pending";
  return {
    id: row.id,
    status,
    email: row.email,
    organizationId: row.organizationId,
    organizationTitle: row.organizationTitle,
    eventId: row.eventId,
    eventTitle: row.eventId ? row.eventTitle : null,
    role: row.role,
    inviterName: personName(row.inviterFirstName, row.inviterLastName, row.inviterEmail),
    expiresAt: row.expiresAt,
    acceptedByUserId: row.acceptedByUserId,
  };
}

/**
 * Accepts an invitation as the signed-in `user` (issue 24 §2): only the account of the invited email may
 * ('members:invitation.errors.wrong-account'), only while it is open and unexpired. One atomic batch claims the
 * invitation (a conditional UPDATE: of two simultaneous accepts only one claims it) and, only for the claim that
 * won, adds the membership (a guest's empty role is raised to the invited one, another role is kept), the event
 * access of an event invitation, and remembers the organization as the user's last used. Accepting again an
 * invitation this user accepted answers as the first time and adds nothing (a member removed since stays removed).
 */
export async function acceptInvitation(
  db: Database,
  user: { id: number; email: string },
  token: string,
  now = new Date(),
): Promise<{ organizationId: number; eventId: number | null }> {
  const invitation = await readInvitation(db, token, now);
  if (!invitation) throw notFound(NOT_FOUND);
  if (invitation.status === "accepted") {
    if (invitation.acceptedByUserId === user.id)
      return { organizationId: invitation.organizationId, eventId: invitation.eventId };
    throw new AppError("conflict", "members:invitation.errors.used");
  }
  if (invitation.status === "revoked") throw new AppError("conflict", "members:invitation.errors.revoked");
  if (invitation.status === "expired") throw new AppError("conflict", "members:invitation.errors.expired");
  if (normalizeEmail(user.email) !== invitation.email) throw forbidden("members:invitation.errors.wrong-account");

  const at = now.getTime();
  // The rows below are written only by the batch whose UPDATE claimed the invitation (accepted_at is its `now`).
  const claimed = sql`i.id = ${invitation.id} and i.accepted_by_user_id = ${user.id} and i.accepted_at = ${at}`;
  const [claim] = await db.batch([
    db
      .update(invitations)
      .set({ acceptedAt: now, acceptedByUserId: user.id })
      .where(
        and(
          eq(invitations.id, invitation.id),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning({ id: invitations.id }),
    // Columns in schema order: id, organization_id, user_id, role, created_at.
    db
      .insert(memberships)
      .select(sql`select null, i.organization_id, ${user.id}, i.role, ${at} from invitations i where ${claimed}`)
      .onConflictDoUpdate({
        target: [memberships.organizationId, memberships.userId],
        set: { role: sql`excluded.role` },
        setWhere: sql`${memberships.role} = ''`,
      }),
    // id, organization_id, event_id, user_id, email, roles, created_at.
    db
      .insert(eventAccesses)
      .select(
        sql`select null, i.organization_id, i.event_id, ${user.id}, ${invitation.email}, coalesce(i.event_roles, 'validator'), ${at}
          from invitations i where ${claimed} and i.event_id is not null`,
      )
      .onConflictDoNothing(),
    db
      .update(users)
      .set({ lastOrganizationId: invitation.organizationId })
      .where(and(eq(users.id, user.id), sql`exists (select 1 from invitations i where ${claimed})`)),
  ]);
  if (claim.length === 0) {
    // Another request got there first: answer from what it left.
    const again = await readInvitation(db, token, now);
    if (again?.status === "accepted" && again.acceptedByUserId === user.id)
      return { organizationId: again.organizationId, eventId: again.eventId };
    throw new AppError("conflict", `members:invitation.errors.${again?.status === "revoked" ? "revoked" : "expired"}`);
  }
  return { organizationId: invitation.organizationId, eventId: invitation.eventId };
}
