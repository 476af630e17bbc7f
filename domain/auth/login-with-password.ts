import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { users } from "#db/schema";
import { AppError } from "../shared/app-error";
import { normalizeEmail } from "../shared/email";
import { hashPassword, verifyPassword } from "./password";
import { createSession } from "./sessions";

// Verifying against a real hash when the account does not exist keeps the timing the same either way.
let decoyHash: Promise<string> | undefined;

export async function loginWithPassword(
  db: Database,
  input: { email: string; password: string; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date; userId: number }> {
  const email = normalizeEmail(input.email);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const hash = user?.passwordHash ?? (await (decoyHash ??= hashPassword("decoy-password-for-timing")));
  const valid = await verifyPassword(input.password, hash);
  if (!user || !user.passwordHash || !valid) throw new AppError("unauthorized", "invalid-credentials");
  const session = await createSession(db, user.id, { userAgent: input.userAgent });
  return { ...session, userId: user.id };
}
