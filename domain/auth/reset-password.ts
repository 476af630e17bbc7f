import { eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { users } from "#db/schema";
import { AppError } from "../shared/app-error";
import { emailSchema } from "../shared/email";
import { findUserByEmail } from "../users/find-user-by-email";
import type { ClientInfo } from "./client-info";
import { constantTimeEqual } from "../shared/crypto";
import { hashEmailCode, MAX_CODE_ATTEMPTS, resetCodeSchema } from "./email-code";
import { checkEmailCode, consumeEmailCode, findPendingEmailCode, type CodeErrors } from "./email-code-store";
import { hashPassword } from "./password";
import { newPasswordSchema } from "./password-policy";
import { hitRateLimits, perEmailAndIp } from "./rate-limit";
import { invalidateUserSessions } from "./sessions";
import { orEmpty, validateInput } from "./validate-input";

const linkInvalid = "errors:reset-link-invalid";
const resetCodeErrors: CodeErrors = { expired: linkInvalid, exhausted: linkInvalid, invalid: linkInvalid };
/** Spec §8, verbatim in French. */
export const GOOGLE_ACCOUNT_RESET_MESSAGE = "errors:reset-google-account";

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
 * Sets a new password from an emailed link and revokes every other session of the account. `currentSession` is the
 * session of whoever submits the page: kept only when it belongs to the same account.
 */
export async function resetPassword(
  db: Database,
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
  if (user.authMethod === "google") throw new AppError("forbidden", GOOGLE_ACCOUNT_RESET_MESSAGE);
  const passwordHash = await hashPassword(password);
  if (!(await consumeEmailCode(db, row.id, now))) throw new AppError("validation", linkInvalid);
  await db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`, updatedAt: now })
    .where(eq(users.id, user.id));
  const keep = options.currentSession?.userId === user.id ? options.currentSession.sessionId : undefined;
  await invalidateUserSessions(db, user.id, { exceptSessionId: keep });
  return { userId: user.id };
}
