import * as v from "valibot";
import type { Database } from "#db/database";
import { AppError } from "../shared/app-error";
import { emailSchema } from "../shared/email";
import { fingerprint, logEvent } from "../shared/log";
import { findUserByEmail } from "../users/find-user-by-email";
import type { ClientInfo } from "./client-info";
import { hashPassword, verifyPassword } from "./password";
import { currentPasswordSchema } from "./password-policy";
import { hitRateLimits } from "./rate-limit";
import { createSession } from "./sessions";
import { clearSignInFailures, reserveSignInAttempt, signInBackoffKey } from "./sign-in-backoff";
import { orEmpty, validateInput } from "./validate-input";

export const loginSchema = v.object({ email: orEmpty(emailSchema), password: orEmpty(currentPasswordSchema) });

// Verifying against a real hash when the account does not exist keeps the timing the same either way.
let decoyHash: Promise<string> | undefined;

/**
 * Every sign-in creates a new session (a new token): sessions are rotated at sign-in. Every attempt counts against the
 * client's IP. Wrong passwords slow down the email and IP pair that makes them (sign-in-backoff.ts): each attempt is
 * reserved before the password is checked (so parallel guesses cannot pass a delay) and a success clears the pair.
 * Nobody can lock an account's owner out by failing on purpose: from another IP the owner is not slowed at all.
 */
export async function loginWithPassword(
  db: Database,
  input: v.InferInput<typeof loginSchema>,
  client: ClientInfo,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; userId: number }> {
  const { email, password } = validateInput(loginSchema, input);
  const who = { emailHash: fingerprint(email), ipHash: client.ip ? fingerprint(client.ip) : null };
  if (client.ip) {
    try {
      await hitRateLimits(db, [{ name: "signInPerIp", subject: client.ip }], now);
    } catch (error) {
      logEvent({ event: "auth.sign_in_locked", level: "warn", scope: "ip", ...who });
      throw error;
    }
  }
  const pair = signInBackoffKey(email, client.ip);
  try {
    await reserveSignInAttempt(db, pair, now);
  } catch (error) {
    logEvent({ event: "auth.sign_in_locked", level: "warn", scope: "email_and_ip", ...who });
    throw error;
  }
  const found = await findUserByEmail(db, email);
  const hash = found?.passwordHash ?? (await (decoyHash ??= hashPassword("decoy-password-for-timing")));
  const valid = await verifyPassword(password, hash);
  if (!found || !found.passwordHash || !valid) {
    const reason = !found ? "unknown_email" : !found.passwordHash ? "no_password" : "wrong_password";
    logEvent({ event: "auth.sign_in_failed", level: "warn", reason, ...who });
    throw new AppError("unauthorized", "invalid-credentials");
  }
  await clearSignInFailures(db, pair);
  const session = await createSession(db, found.id, { userAgent: client.userAgent }, now);
  return { ...session, userId: found.id };
}
