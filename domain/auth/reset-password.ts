import { eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { users } from "#db/schema";
import { AppError } from "../shared/app-error";
import { emailSchema } from "../shared/email";
import { findUserByEmail } from "../users/find-user-by-email";
import type { ClientInfo } from "./client-info";
import { constantTimeEqual } from "../shared/crypto";
import { fingerprint, logEvent } from "../shared/log";
import { sendAccountNotice, type AuthMail } from "./auth-mail";
import { hashEmailCode, MAX_CODE_ATTEMPTS, resetCodeSchema } from "./email-code";
import { checkEmailCode, consumeEmailCode, findPendingEmailCode, type CodeErrors } from "./email-code-store";
import { hashPassword } from "./password";
import { newPasswordSchema } from "./password-policy";
import { hitRateLimits, perEmailAndIp } from "./rate-limit";
import { assertPasswordResettable } from "./request-password-reset";
import { invalidateUserSessions } from "./sessions";
import { orEmpty, validateInput } from "./validate-input";

const linkInvalid = "errors:reset-link-invalid";
const resetCodeErrors: CodeErrors = { expired: linkInvalid, exhausted: linkInvalid, invalid: linkInvalid };

export const resetPasswordSchema = v.object({
  email: orEmpty(emailSchema),
  code: orEmpty(resetCodeSchema),
  password: orEmpty(newPasswordSchema),
});

export type ResetLinkState = "valid" | "invalid" | "google";

/**
 * What the reset page shows before anything is typed. Reads only: the code is a 160-bit token, so checking it here
 * without counting an attempt gives nothing away.
 */
export async function checkPasswordResetLink(
  db: Database,
  input: { email: string; code: string },
  now = new Date(),
): Promise<ResetLinkState> {
  const parsed = v.safeParse(v.object({ email: emailSchema, code: resetCodeSchema }), input);
  if (!parsed.success) return "invalid";
  const { email, code } = parsed.output;
  const row = await findPendingEmailCode(db, "reset-password", email);
  if (
    !row ||
    row.expiresAt.getTime() <= now.getTime() ||
    row.attempts >= MAX_CODE_ATTEMPTS ||
    !constantTimeEqual(hashEmailCode("reset-password", email, code), row.codeHash)
  ) {
    return "invalid";
  }
  const user = await findUserByEmail(db, email);
  if (!user) return "invalid";
  return user.authMethod === "google" ? "google" : "valid";
}

/**
 * Sets a new password from an emailed link, revokes every other session of the account and emails the account holder
 * that the password changed. `currentSession` is the session of whoever submits the page: kept only when it belongs to
 * the same account.
 */
export async function resetPassword(
  db: Database,
  mail: AuthMail,
  input: v.InferInput<typeof resetPasswordSchema>,
  client: ClientInfo,
  options: { currentSession?: { sessionId: string; userId: number } | null } = {},
  now = new Date(),
): Promise<{ userId: number }> {
  const { email, code, password } = validateInput(resetPasswordSchema, input);
  await hitRateLimits(db, perEmailAndIp(email, client, "codeCheckPerEmail", "codeCheckPerIp"), now);
  const row = await checkEmailCode(db, { purpose: "reset-password", email, code }, resetCodeErrors, now);
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError("validation", linkInvalid);
  assertPasswordResettable(user);
  const passwordHash = await hashPassword(password);
  if (!(await consumeEmailCode(db, row.id, now))) throw new AppError("validation", linkInvalid);
  await db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`, updatedAt: now })
    .where(eq(users.id, user.id));
  const keep = options.currentSession?.userId === user.id ? options.currentSession.sessionId : undefined;
  await invalidateUserSessions(db, user.id, { exceptSessionId: keep });
  logEvent({ event: "auth.password_reset", emailHash: fingerprint(email), keptCurrentSession: keep !== undefined });
  await sendAccountNotice(mail, user, "password-changed");
  return { userId: user.id };
}
