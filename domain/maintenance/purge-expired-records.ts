import { lt, or, isNotNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { changedRows } from "#db/database";
import { emailCodes, idempotencyKeys, rateLimits, sessions } from "#db/schema";
import { IDEMPOTENCY_KEY_TTL_MS } from "#domain/idempotency/idempotency-keys";

const DAY = 24 * 60 * 60 * 1000;

/** Daily housekeeping: expired sessions, used or expired email codes, stale rate-limit windows, idempotency keys. */
export async function purgeExpiredRecords(db: Database, now = new Date()) {
  const [expiredSessions, staleCodes, staleLimits, staleKeys] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db
      .delete(emailCodes)
      .where(or(lt(emailCodes.expiresAt, new Date(now.getTime() - DAY)), isNotNull(emailCodes.consumedAt))),
    db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - DAY))),
    db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS))),
  ]);
  return {
    sessions: changedRows(expiredSessions),
    emailCodes: changedRows(staleCodes),
    rateLimits: changedRows(staleLimits),
    idempotencyKeys: changedRows(staleKeys),
  };
}
