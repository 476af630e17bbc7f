import * as v from "valibot";
import type { Database } from "#db/database";
import { AppError } from "../shared/app-error";
import { emailSchema } from "../shared/email";
import { fingerprint, logEvent } from "../shared/log";
import { findUserByEmail } from "../users/find-user-by-email";
import type { ClientInfo } from "./client-info";
import { hashPassword, verifyPassword } from "./password";
import { currentPasswordSchema } from "./password-policy";
import { countingFailures, hitRateLimits } from "./rate-limit";
import { createSession } from "./sessions";
import { orEmpty, validateInput } from "./validate-input";

export const loginSchema = v.object({ email: orEmpty(emailSchema), password: orEmpty(currentPasswordSchema) });

// Verifying against a real hash when the account does not exist keeps the timing the same either way.
let decoyHash: Promise<string> | undefined;

/**
 * Every sign-in creates a new session (a new token): sessions are rotated at sign-in. Every attempt counts against the
 * client's IP. Against the email, each attempt reserves a slot before the password is checked (so parallel guesses
 * cannot pass the limit) and a success gives it back: signing in as someone (rightly) never locks them out, while
 * guessing their password still does once the window is full, right password or not.
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
  const user = await countingFailures(
    db,
    { name: "signInPerEmail", subject: email },
    now,
    async () => {
      const found = await findUserByEmail(db, email);
      const hash = found?.passwordHash ?? (await (decoyHash ??= hashPassword("decoy-password-for-timing")));
      const valid = await verifyPassword(password, hash);
      if (!found || !found.passwordHash || !valid) {
        const reason = !found ? "unknown_email" : !found.passwordHash ? "no_password" : "wrong_password";
        logEvent({ event: "auth.sign_in_failed", level: "warn", reason, ...who });
        throw new AppError("unauthorized", "invalid-credentials");
      }
      return found;
    },
    () => logEvent({ event: "auth.sign_in_locked", level: "warn", scope: "email", ...who }),
  );
  const session = await createSession(db, user.id, { userAgent: client.userAgent }, now);
  return { ...session, userId: user.id };
}
