import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { users } from "#db/schema";
import { AppError } from "../shared/app-error";
import { isValidEmail, normalizeEmail } from "../shared/email";
import { fingerprint, logEvent } from "../shared/log";
import { findUserByEmail } from "../users/find-user-by-email";
import { sendAccountNotice, type AuthMail } from "./auth-mail";
import type { ClientInfo } from "./client-info";
import type { GoogleIdentity } from "./google-oauth";
import { hitRateLimits } from "./rate-limit";
import { createSession } from "./sessions";
import { isUniqueViolation } from "../shared/sql";

/**
 * Signs in with a Google identity: the account already linked to this Google subject, else the account with this
 * (Google-verified) email, which gets linked, else a new account (auth_method "google"). Google must vouch for the
 * email, or an attacker could claim someone else's address. Linking an existing account is logged and emailed to the
 * account holder; a new account takes the language of `mail`.
 */
export async function signInWithGoogle(
  db: Database,
  mail: AuthMail,
  identity: GoogleIdentity,
  client: ClientInfo,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; userId: number; created: boolean }> {
  if (!identity.emailVerified)
    throw new AppError("unauthorized", "errors:google-email-unverified", { reason: "google_email_unverified" });
  const email = normalizeEmail(identity.email);
  if (!isValidEmail(email)) throw new AppError("unauthorized", "errors:google-failed");
  if (client.ip) await hitRateLimits(db, [{ name: "signInPerIp", subject: client.ip }], now);

  const [linked] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.googleSubject, identity.subject))
    .limit(1);
  let userId = linked?.id;
  let created = false;
  if (!userId) {
    const existing = await findUserByEmail(db, email);
    if (existing) {
      // An account already tied to another Google identity is not re-linked silently.
      if (existing.googleSubject && existing.googleSubject !== identity.subject) {
        throw new AppError("unauthorized", "errors:google-failed");
      }
      await db
        .update(users)
        .set({
          googleSubject: identity.subject,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})`,
          updatedAt: now,
        })
        .where(eq(users.id, existing.id));
      userId = existing.id;
      logEvent({ event: "auth.google_linked", emailHash: fingerprint(email), previousMethod: existing.authMethod });
      await sendAccountNotice(mail, existing, "google-linked");
    } else {
      try {
        const [user] = await db
          .insert(users)
          .values({
            email,
            firstName: identity.firstName,
            lastName: identity.lastName,
            authMethod: "google",
            googleSubject: identity.subject,
            passwordHash: null,
            locale: mail.locale,
            emailVerifiedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id });
        userId = user!.id;
        created = true;
      } catch (error) {
        if (isUniqueViolation(error, "users.")) throw new AppError("conflict", "errors:google-failed");
        throw error;
      }
    }
  }
  const session = await createSession(db, userId, { userAgent: client.userAgent }, now);
  return { ...session, userId, created };
}
