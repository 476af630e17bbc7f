import * as v from "valibot";
import type { Database } from "#db/database";
import { AppError } from "../shared/app-error";
import { emailSchema } from "../shared/email";
import { findUserByEmail } from "../users/find-user-by-email";
import type { ClientInfo } from "./client-info";
import { hashPassword, verifyPassword } from "./password";
import { currentPasswordSchema } from "./password-policy";
import { assertUnderRateLimits, hitRateLimits, type RateLimitHit } from "./rate-limit";
import { createSession } from "./sessions";
import { orEmpty, validateInput } from "./validate-input";

export const loginSchema = v.object({ email: orEmpty(emailSchema), password: orEmpty(currentPasswordSchema) });

// Verifying against a real hash when the account does not exist keeps the timing the same either way.
let decoyHash: Promise<string> | undefined;

/**
 * Every sign-in creates a new session (a new token): sessions are rotated at sign-in. Every attempt counts against the
 * client's IP; only failed ones count against the email, so signing in as someone (rightly) never locks them out, while
 * guessing their password still does once the window is full, right password or not.
 */
export async function loginWithPassword(
  db: Database,
  input: v.InferInput<typeof loginSchema>,
  client: ClientInfo,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; userId: number }> {
  const { email, password } = validateInput(loginSchema, input);
  if (client.ip) await hitRateLimits(db, [{ name: "signInPerIp", subject: client.ip }], now);
  const failuresForEmail: RateLimitHit[] = [{ name: "signInPerEmail", subject: email }];
  await assertUnderRateLimits(db, failuresForEmail, now);
  const user = await findUserByEmail(db, email);
  const hash = user?.passwordHash ?? (await (decoyHash ??= hashPassword("decoy-password-for-timing")));
  const valid = await verifyPassword(password, hash);
  if (!user || !user.passwordHash || !valid) {
    await hitRateLimits(db, failuresForEmail, now);
    throw new AppError("unauthorized", "invalid-credentials");
  }
  const session = await createSession(db, user.id, { userAgent: client.userAgent }, now);
  return { ...session, userId: user.id };
}
