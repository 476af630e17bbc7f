import * as v from "valibot";
import type { Database } from "#db/database";
import { AppError } from "../shared/app-error";
import { emailSchema } from "../shared/email";
import { findUserByEmail } from "../users/find-user-by-email";
import type { ClientInfo } from "./client-info";
import { hashPassword, verifyPassword } from "./password";
import { currentPasswordSchema } from "./password-policy";
import { hitRateLimits, perEmailAndIp } from "./rate-limit";
import { createSession } from "./sessions";
import { orEmpty, validateInput } from "./validate-input";

export const loginSchema = v.object({ email: orEmpty(emailSchema), password: orEmpty(currentPasswordSchema) });

// Verifying against a real hash when the account does not exist keeps the timing the same either way.
let decoyHash: Promise<string> | undefined;

/** Every sign-in creates a new session (a new token): sessions are rotated at sign-in. */
export async function loginWithPassword(
  db: Database,
  input: v.InferInput<typeof loginSchema>,
  client: ClientInfo,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; userId: number }> {
  const { email, password } = validateInput(loginSchema, input);
  await hitRateLimits(db, perEmailAndIp(email, client, "signInPerEmail", "signInPerIp"), now);
  const user = await findUserByEmail(db, email);
  const hash = user?.passwordHash ?? (await (decoyHash ??= hashPassword("decoy-password-for-timing")));
  const valid = await verifyPassword(password, hash);
  if (!user || !user.passwordHash || !valid) throw new AppError("unauthorized", "invalid-credentials");
  const session = await createSession(db, user.id, { userAgent: client.userAgent }, now);
  return { ...session, userId: user.id };
}
