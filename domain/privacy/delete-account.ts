import { eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { auditLogs, emailCodes, eventAccesses, memberships, sessions, users } from "#db/schema";
import { checkEmailCode, consumeEmailCode } from "../auth/email-code-store";
import { verifyPassword } from "../auth/password";
import { countingFailures } from "../auth/rate-limit";
import { AppError, notFound } from "../shared/app-error";
import { soleOwnerOrganizations } from "./get-account-deletion";
import { DELETE_ACCOUNT_PURPOSE } from "./request-account-deletion-code";

export const ACCOUNT_DELETED_AUDIT_ACTION = "privacy.account-deleted";

const CODE_ERRORS = {
  expired: "privacy:account.errors.code-expired",
  exhausted: "privacy:account.errors.code-expired",
  invalid: "privacy:account.errors.code-invalid",
};

async function confirm(
  db: Database,
  user: { id: number; email: string; authMethod: string; passwordHash: string | null },
  input: { password?: string; code?: string },
  now: Date,
): Promise<void> {
  if (user.authMethod === "password" && user.passwordHash) {
    const hash = user.passwordHash;
    const password = input.password ?? "";
    if (!password) {
      throw new AppError("validation", "privacy:account.errors.password-required", {
        fields: { password: "privacy:account.errors.password-required" },
      });
    }
    // Failed guesses count like sign-in failures: the page must not become a password oracle.
    await countingFailures(db, { name: "signInPerEmail", subject: `delete-account:${user.email}` }, now, async () => {
      if (!(await verifyPassword(password, hash))) {
        throw new AppError("validation", "privacy:account.errors.wrong-password", {
          fields: { password: "privacy:account.errors.wrong-password" },
        });
      }
    });
    return;
  }
  const code = (input.code ?? "").trim();
  if (!/^\d{6}$/.test(code)) {
    throw new AppError("validation", CODE_ERRORS.invalid, { fields: { code: CODE_ERRORS.invalid } });
  }
  try {
    const row = await checkEmailCode(
      db,
      { purpose: DELETE_ACCOUNT_PURPOSE, email: user.email, code },
      CODE_ERRORS,
      now,
    );
    if (!(await consumeEmailCode(db, row.id, now))) throw new AppError("validation", CODE_ERRORS.expired);
  } catch (error) {
    if (error instanceof AppError && error.code === "validation" && !error.fields) {
      throw new AppError("validation", error.messageKey, { fields: { code: error.messageKey } });
    }
    throw error;
  }
}

/**
 * Issue 14 §5: the signed-in user deletes their own account, confirmed by their password (or, for an account without
 * one, a code emailed to it). Refused while they are the only owner of an organization (hand it over or delete it
 * first): the conflict lists those organizations in `details.organizations`. Their memberships, event accesses,
 * sessions and pending codes go with the account; orders they placed as a buyer stay with the organizer, keeping the
 * name and email written on them (docs/decisions/0024-privacy.md). Each organization they belonged to gets an audit
 * row that names the former user id only.
 */
export async function deleteAccount(
  db: Database,
  actor: { userId: number },
  input: { password?: string; code?: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const [user] = await db
    .select({ id: users.id, email: users.email, authMethod: users.authMethod, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!user) throw notFound();
  const blocking = await soleOwnerOrganizations(db, user.id);
  if (blocking.length > 0) {
    throw new AppError("conflict", "privacy:account.errors.sole-owner", { details: { organizations: blocking } });
  }
  await confirm(db, user, input, now);

  const memberOf = await db
    .select({ organizationId: memberships.organizationId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, user.id));
  const audit = memberOf.map((membership) =>
    db.insert(auditLogs).values({
      organizationId: membership.organizationId,
      userId: null,
      action: ACCOUNT_DELETED_AUDIT_ACTION,
      targetType: "user",
      targetId: String(user.id),
      data: JSON.stringify({ role: membership.role }),
      createdAt: now,
    }),
  );
  await db.batch([
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    ...audit,
    db.delete(eventAccesses).where(eq(eventAccesses.userId, user.id)),
    db.delete(memberships).where(eq(memberships.userId, user.id)),
    db.delete(emailCodes).where(inArray(emailCodes.email, [user.email])),
    // Orders, participants, entries and events keep their rows: their links to the account become NULL (schema).
    db.delete(users).where(eq(users.id, user.id)),
  ]);
}
