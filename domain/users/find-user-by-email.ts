import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { users } from "#db/schema";

export type UserCredentials = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  authMethod: "password" | "google";
  googleSubject: string | null;
  emailVerifiedAt: Date | null;
  /** The language the account was created in, for emails it did not ask for (null: unknown). */
  locale: string | null;
};

/** `email` must already be normalized (trimmed, lower-cased). */
export async function findUserByEmail(db: Database, email: string): Promise<UserCredentials | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
      authMethod: users.authMethod,
      googleSubject: users.googleSubject,
      emailVerifiedAt: users.emailVerifiedAt,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user ?? null;
}
