import { and, eq, isNull, lte, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { invitations, organizations, users, type OrganizationRole } from "#db/schema";
import type { EmailMessage } from "#adapters/email";
import { hitRateLimits } from "../auth/rate-limit";
import { toEmailLocale } from "../emails/email-locale";
import { memberInvitationEmail } from "../members/member-invitation-email";
import { AppError, isAppError } from "../shared/app-error";
import { generateRandomToken, sha256Hex } from "../shared/crypto";
import { findUserByEmail } from "../users/find-user-by-email";

const DAY = 24 * 60 * 60 * 1000;
/** An invitation can be accepted for 7 days after it was (last) sent. */
const INVITATION_LIFETIME_DAYS = 7;
export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY;

type NewInvitation = {
  organizationId: number;
  email: string;
  role: OrganizationRole | "";
  event?: { id: number; roles: string };
  tokenHash: string;
  invitedByUserId: number;
  locale: string | null | undefined;
  now: Date;
};

/** The row of a new invitation, sent now and open for INVITATION_LIFETIME_MS (to the organization, or to one event). */
function newInvitationRow(input: NewInvitation): typeof invitations.$inferInsert {
  return {
    organizationId: input.organizationId,
    email: input.email,
    role: input.role,
    eventId: input.event?.id ?? null,
    eventRoles: input.event?.roles ?? null,
    tokenHash: input.tokenHash,
    invitedByUserId: input.invitedByUserId,
    locale: input.locale ?? null,
    createdAt: input.now,
    sentAt: input.now,
    expiresAt: new Date(input.now.getTime() + INVITATION_LIFETIME_MS),
  };
}

const INVITATIONS_RATE_LIMITED = "members:errors.invitations-rate-limited";

export type InvitationDeps = {
  /** Sends the invitation email; a failure is logged by the sender and does not undo the invitation. */
  sendEmail?: (message: EmailMessage) => Promise<void>;
  /** The app's public address (env.APP_URL), never the request's Host: the link is built from it. */
  appUrl?: string;
  /** The inviter's interface language: the email's language when the invitee's is not known. */
  locale?: string | null;
};

/** A pending invitation as the organization's member managers see it (never its token). */
export type PendingInvitation = {
  id: number;
  email: string;
  role: OrganizationRole;
  eventId: number | null;
  eventRoles: string | null;
  createdAt: Date;
  sentAt: Date;
  expiresAt: Date;
  invitedBy: string;
};

export const pendingInvitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  eventId: invitations.eventId,
  eventRoles: invitations.eventRoles,
  createdAt: invitations.createdAt,
  sentAt: invitations.sentAt,
  expiresAt: invitations.expiresAt,
  inviterEmail: users.email,
  inviterFirstName: users.firstName,
  inviterLastName: users.lastName,
};

/** A row read with `pendingInvitationColumns`, the inviter's columns null when the inviter left. */
type PendingInvitationRow = Omit<PendingInvitation, "invitedBy"> & {
  inviterEmail: string | null;
  inviterFirstName: string | null;
  inviterLastName: string | null;
};

export function toPendingInvitation(row: PendingInvitationRow): PendingInvitation {
  const { inviterEmail, inviterFirstName, inviterLastName, ...rest } = row;
  return { ...rest, invitedBy: personName(inviterFirstName, inviterLastName, inviterEmail) };
}

export function personName(firstName: string | null, lastName: string | null, email: string | null): string {
  return `${firstName ?? ""} ${lastName ?? ""}`.trim() || (email ?? "");
}

/** Neither accepted nor revoked: still open (it may have expired). */
export const isOpen = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt))!;

/**
 * Closes the open invitations of `target` that expired, so that a new one may take their place (the unique index
 * allows one open invitation per email and organization or event). They show as revoked afterwards.
 */
export function closeExpiredStatement(db: Database, target: SQL, now: Date) {
  return db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(target, isOpen(), lte(invitations.expiresAt, now)));
}

/** A new token for an invitation: the link carries it, the database its hash. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = generateRandomToken();
  return { token, tokenHash: sha256Hex(token) };
}

/**
 * Opens an invitation of `target` (an organization's or an event's, for one email) in one batch: the expired one is
 * closed first, then the new row is written unless one is still open (the unique index). Null in that case.
 */
export async function openInvitation(
  db: Database,
  target: SQL,
  invitation: Omit<NewInvitation, "tokenHash">,
): Promise<{ row: typeof invitations.$inferSelect; token: string } | null> {
  const { token, tokenHash } = newInvitationToken();
  const [, inserted] = await db.batch([
    closeExpiredStatement(db, target, invitation.now),
    db
      .insert(invitations)
      .values(newInvitationRow({ ...invitation, tokenHash }))
      .onConflictDoNothing()
      .returning(),
  ]);
  const row = inserted[0];
  return row ? { row, token } : null;
}

export const INVITATION_TOKEN_PATTERN = /^[a-z2-7]{32}$/;

function invitationUrl(appUrl: string | undefined, token: string): string {
  return `${(appUrl ?? "").replace(/\/$/, "")}/invitations/${token}`;
}

/**
 * Counts one invitation sent against the sender's hourly and the organization's daily limits (issue 24 §2), whether
 * or not the email has an account: the answer never depends on it.
 */
export async function countInvitationSent(
  db: Database,
  sender: { userId: number; organizationId: number },
  now: Date,
): Promise<void> {
  try {
    await hitRateLimits(
      db,
      [
        { name: "invitationSendPerUser", subject: String(sender.userId) },
        { name: "invitationSendPerOrganization", subject: String(sender.organizationId) },
      ],
      now,
    );
  } catch (error) {
    if (isAppError(error) && error.code === "rate_limited")
      throw new AppError("rate_limited", INVITATIONS_RATE_LIMITED);
    throw error;
  }
}

/** Emails the invitation link, in the invitee's language when they have an account, else the inviter's. */
export async function sendInvitationEmail(
  db: Database,
  deps: InvitationDeps,
  input: { email: string; token: string; organizationId: number; inviterUserId: number; eventTitle?: string | null },
): Promise<void> {
  if (!deps.sendEmail) return;
  const [[organization], [inviter], invitee] = await Promise.all([
    db.select({ title: organizations.title }).from(organizations).where(eq(organizations.id, input.organizationId)),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, input.inviterUserId)),
    findUserByEmail(db, input.email),
  ]);
  if (!organization) return;
  const message = memberInvitationEmail({
    locale: toEmailLocale(invitee?.locale ?? deps.locale),
    firstName: invitee?.firstName ?? "",
    organizationTitle: organization.title,
    eventTitle: input.eventTitle ?? null,
    inviterName: inviter ? personName(inviter.firstName, inviter.lastName, inviter.email) : "",
    url: invitationUrl(deps.appUrl, input.token),
    validDays: INVITATION_LIFETIME_DAYS,
  });
  await deps.sendEmail({ to: input.email, ...message });
}
