import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { memberships, organizations, users, type OrganizationRole } from "#db/schema";
import type { EmailMessage } from "#adapters/email";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { normalizeEmail } from "../shared/email";
import { findUserByEmail } from "../users/find-user-by-email";
import { toEmailLocale } from "../emails/email-locale";
import { memberInvitationEmail } from "./member-invitation-email";
import { assertMayGrant } from "./member-roles";
import type { Member } from "./list-members";

export type AddMemberDeps = {
  /** Sends the invitation; a failure is logged by the caller's sender and does not undo the membership. */
  sendEmail?: (message: EmailMessage) => Promise<void>;
  /** Base address of the app for the sign-in link. */
  appUrl?: string;
};

/**
 * Spec §5: adding a member needs an existing account for that email, else 'members:errors.add-failed' (check that an
 * account is linked to the email); a member already there answers 'members:errors.already-added' (409). The insert is
 * one conditional statement (ON CONFLICT DO NOTHING), so two parallel invitations add the member once.
 */
export async function addMember(
  db: Database,
  actor: Actor,
  organizationId: number,
  input: { email: string; role: OrganizationRole },
  deps: AddMemberDeps = {},
): Promise<Member> {
  assertCanInOrganization(actor, "members:manage", organizationId);
  assertMayGrant(actor, input.role);
  const user = await findUserByEmail(db, normalizeEmail(input.email));
  if (!user)
    throw new AppError("validation", "members:errors.add-failed", { fields: { email: "members:errors.add-failed" } });

  const inserted = await db
    .insert(memberships)
    .values({ organizationId: actor.organizationId, userId: user.id, role: input.role })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  if (inserted.length === 0)
    throw new AppError("conflict", "members:errors.already-added", {
      fields: { email: "members:errors.already-added" },
    });

  if (deps.sendEmail) {
    const [[organization], [inviter]] = await Promise.all([
      db.select({ title: organizations.title }).from(organizations).where(eq(organizations.id, actor.organizationId)),
      db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, actor.userId)),
    ]);
    if (!organization) throw notFound();
    const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email : "";
    const email = memberInvitationEmail({
      locale: toEmailLocale(user.locale),
      firstName: user.firstName,
      organizationTitle: organization.title,
      inviterName,
      loginUrl: `${(deps.appUrl ?? "").replace(/\/$/, "")}/auth/login`,
    });
    await deps.sendEmail({ to: user.email, ...email });
  }
  return { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: input.role };
}
