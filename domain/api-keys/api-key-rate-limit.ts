import { sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { rateLimits } from "#db/schema";

/** Requests one API key may make per fixed window (decision 0047); the one place to change it. */
export const API_KEY_RATE_LIMIT = { limit: 100, windowMs: 10_000 } as const;

export type ApiKeyRateLimitState = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends (RateLimit-Reset, and Retry-After when refused). */
  resetSeconds: number;
};

/**
 * Counts one request of a key in the shared rate_limits table and says whether it is within the limit: one UPSERT
 * that restarts the count when the window is over and otherwise adds one, answering the count it reached. Each
 * concurrent request gets its own count, so exactly `limit` of them pass per window, never more.
 */
export async function takeApiKeyRequest(
  db: Database,
  input: { apiKeyId: number; now?: Date },
  rule: { limit: number; windowMs: number } = API_KEY_RATE_LIMIT,
): Promise<ApiKeyRateLimitState> {
  const now = input.now ?? new Date();
  const expired = sql`${rateLimits.windowStartedAt} <= ${now.getTime() - rule.windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `apiKey:${input.apiKeyId}`, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now.getTime()} ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  const count = row?.count ?? 1;
  const windowEnd = (row?.windowStartedAt.getTime() ?? now.getTime()) + rule.windowMs;
  return {
    allowed: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
  };
}
