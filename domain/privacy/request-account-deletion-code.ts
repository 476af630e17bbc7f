import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { users } from "#db/schema";
import type { AuthMail } from "../auth/auth-mail";
import { generateRegistrationCode, REGISTRATION_CODE_LIFETIME_MS, type EmailCodePurpose } from "../auth/email-code";
import { storeEmailCode } from "../auth/email-code-store";
import { hitRateLimits } from "../auth/rate-limit";
import { toEmailLocale } from "../emails/email-locale";
import { notFound } from "../shared/app-error";
import { accountDeletionCodeEmail } from "./account-deletion-code-email";

export const DELETE_ACCOUNT_PURPOSE: EmailCodePurpose = "delete-account";
const ACCOUNT_DELETION_CODE_LIFETIME_MS = REGISTRATION_CODE_LIFETIME_MS;

/**
 * Emails a 6-digit code (15 minutes, 5 attempts) that confirms the deletion of the signed-in user's account: the
 * confirmation for accounts that sign in without a password (Google). Rate-limited like the registration codes.
 */
export async function requestAccountDeletionCode(
  db: Database,
  mail: AuthMail,
  actor: { userId: number },
  now = new Date(),
): Promise<void> {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!user) throw notFound();
  await hitRateLimits(db, [{ name: "codeSendPerEmail", subject: `delete:${user.email}` }], now);
  const code = generateRegistrationCode();
  await storeEmailCode(
    db,
    {
      purpose: DELETE_ACCOUNT_PURPOSE,
      email: user.email,
      code,
      payload: {},
      lifetimeMs: ACCOUNT_DELETION_CODE_LIFETIME_MS,
    },
    now,
  );
  const message = accountDeletionCodeEmail({
    locale: user.locale ? toEmailLocale(user.locale) : mail.locale,
    firstName: user.firstName,
    code,
    validMinutes: ACCOUNT_DELETION_CODE_LIFETIME_MS / 60_000,
  });
  await mail.sender.send({ to: user.email, ...message });
}
