import { lt, or, isNotNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { changedRows } from "#db/database";
import { emailCodes, rateLimits, sessions } from "#db/schema";

const DAY = 24 * 60 * 60 * 1000;

/** Daily housekeeping: expired sessions, used or expired email codes, stale rate-limit windows. */
export async function purgeExpiredRecords(db: Database, now = new Date()) {
  const [expiredSessions, staleCodes, staleLimits] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db
      .delete(emailCodes)
      .where(or(lt(emailCodes.expiresAt, new Date(now.getTime() - DAY)), isNotNull(emailCodes.consumedAt))),
    db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - DAY))),
  ]);
  return {
    sessions: changedRows(expiredSessions),
    emailCodes: changedRows(staleCodes),
    rateLimits: changedRows(staleLimits),
  };
}
