import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { sessions, users } from "#db/schema";
import { generateRandomToken, sha256Hex } from "../shared/crypto";
import { profileColumns, type Profile } from "../users/get-profile";

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY;
// A session used with less than this left is extended to a full lifetime again.
const RENEW_WHEN_LEFT_MS = 15 * DAY;

/** The signed-in user as every request sees it: their profile, read fresh with the session. */
export type SessionUser = Profile;

export type ValidatedSession = {
  sessionId: string;
  expiresAt: Date;
  renewed: boolean;
  user: SessionUser;
};

export async function createSession(
  db: Database,
  userId: number,
  meta: { userAgent?: string | null } = {},
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateRandomToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(sessions).values({
    id: sha256Hex(token),
    userId,
    expiresAt,
    lastUsedAt: now,
    userAgent: meta.userAgent?.slice(0, 256) ?? null,
    createdAt: now,
  });
  return { token, expiresAt };
}

export async function validateSessionToken(db: Database, token: string, now = new Date()): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const sessionId = sha256Hex(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      user: profileColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS) {
    expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    renewed = true;
    await db.update(sessions).set({ expiresAt, lastUsedAt: now }).where(eq(sessions.id, sessionId));
  }
  return { sessionId, expiresAt, renewed, user: row.user };
}

export async function invalidateSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}

/** Signs the user out everywhere, except in `exceptSessionId` when given (the session doing the change). */
export async function invalidateUserSessions(
  db: Database,
  userId: number,
  options: { exceptSessionId?: string } = {},
): Promise<void> {
  const except = options.exceptSessionId;
  await db.delete(sessions).where(except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId));
}
