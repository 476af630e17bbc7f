import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { rateLimits } from "#db/schema";
import { AppError } from "../shared/app-error";

const MINUTE = 60_000;

/**
 * Wrong passwords slow down the pair that makes them — one email from one IP — instead of locking the account
 * (docs/decisions/0036-input-limits-and-hardening.md): the first failures are free, then each further attempt of that
 * pair waits a delay that doubles up to a ceiling. The owner signing in from another IP is not slowed at all; a
 * success clears the pair; a day without attempts forgets it. Guessing from many IPs is bounded by signInPerIp.
 */
export const signInBackoff = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE,
  /** A pair's failures are forgotten this long after its last attempt. */
  memoryMs: 24 * 60 * MINUTE,
} as const;

/** How long the pair waits after `failures` consecutive failures (0 while they are free). */
export function signInDelayAfter(failures: number): number {
  if (failures < signInBackoff.freeFailures) return 0;
  const doublings = Math.min(failures - signInBackoff.freeFailures, 10);
  return Math.min(signInBackoff.firstDelayMs * 2 ** doublings, signInBackoff.maxDelayMs);
}

export function signInBackoffKey(email: string, ip: string | null): string {
  return `signInBackoff:${email}|${ip ?? "-"}`;
}

/**
 * Reserves the attempt before the password is checked, counted as a failure until it succeeds: one conditional
 * UPSERT (rate_limits: count = consecutive failures, window_started_at = the last attempt) that runs only when the
 * pair's delay is over, so parallel guesses cannot slip in during a delay. Throws `rate_limited` otherwise.
 */
export async function reserveSignInAttempt(db: Database, key: string, now: Date): Promise<void> {
  const forgotten = sql`${rateLimits.windowStartedAt} <= ${now.getTime() - signInBackoff.memoryMs}`;
  // The delay of signInDelayAfter in SQL: first << (failures - free), capped (bit shifts and min() are core SQLite).
  const delay = sql`min(${signInBackoff.firstDelayMs} << min(${rateLimits.count} - ${signInBackoff.freeFailures}, 10), ${signInBackoff.maxDelayMs})`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: now,
      },
      setWhere: sql`${forgotten} OR ${rateLimits.count} < ${signInBackoff.freeFailures} OR ${rateLimits.windowStartedAt} + ${delay} <= ${now.getTime()}`,
    })
    .returning({ count: rateLimits.count });
  if (rows.length === 0) throw new AppError("rate_limited", "errors:rate-limited");
}

/** A success clears the pair's failures. */
export async function clearSignInFailures(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
