import { inArray, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { rateLimits } from "#db/schema";
import { AppError } from "../shared/app-error";
import type { ClientInfo } from "./client-info";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * The limits of the product (fixed windows). A hit counts whether or not the attempt succeeds, except signInPerEmail:
 * only failed sign-ins count there, so that nobody can lock a named organizer out by signing in as them.
 */
export const rateLimitRules = {
  signInPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  /** Organizations a user creates. */
  organizationCreatePerUser: { limit: 10, windowMs: HOUR },
  signInPerIp: { limit: 50, windowMs: 15 * MINUTE },
  /** Registration codes and reset links sent. */
  codeSendPerEmail: { limit: 5, windowMs: HOUR },
  codeSendPerIp: { limit: 30, windowMs: HOUR },
  /** Codes and reset links checked (each code also allows only 5 attempts of its own). */
  codeCheckPerEmail: { limit: 20, windowMs: 15 * MINUTE },
  codeCheckPerIp: { limit: 60, windowMs: 15 * MINUTE },
  /** need-register answers whether an account exists: kept slow to enumerate. */
  accountLookupPerIp: { limit: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof rateLimitRules;

/** One counter: `name` picks the rule, `subject` the email, IP or user it counts for. */
export type RateLimitHit = { name: RateLimitName; subject: string };

const keyOf = ({ name, subject }: RateLimitHit) => `${name}:${subject}`;

/**
 * Counts one hit on each counter and throws `rate_limited` ('errors:rate-limited') if any is over its limit.
 * Each hit is one conditional UPSERT — a new window restarts the count at 1 — so concurrent hits never lose a count;
 * all hits go to the database in one batch.
 */
export async function hitRateLimits(db: Database, hits: RateLimitHit[], now = new Date()): Promise<void> {
  if (hits.length === 0) return;
  const statements = hits.map(({ name, subject }) => {
    const rule = rateLimitRules[name];
    const windowOpenedAfter = now.getTime() - rule.windowMs;
    return db
      .insert(rateLimits)
      .values({ key: keyOf({ name, subject }), count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStartedAt} <= ${windowOpenedAfter} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${rateLimits.windowStartedAt} <= ${windowOpenedAfter} THEN ${now.getTime()} ELSE ${rateLimits.windowStartedAt} END`,
        },
      })
      .returning({ count: rateLimits.count });
  });
  const results = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  const exceeded = results.some((rows, index) => (rows[0]?.count ?? 0) > rateLimitRules[hits[index]!.name].limit);
  if (exceeded) throw new AppError("rate_limited", "errors:rate-limited");
}

/**
 * Throws `rate_limited` if any counter has already reached its limit in its current window, without counting a hit:
 * for limits that count only failures (record those with hitRateLimits), checked before the attempt.
 */
export async function assertUnderRateLimits(db: Database, hits: RateLimitHit[], now = new Date()): Promise<void> {
  if (hits.length === 0) return;
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt })
    .from(rateLimits)
    .where(inArray(rateLimits.key, hits.map(keyOf)));
  const reached = hits.some((hit) => {
    const rule = rateLimitRules[hit.name];
    const row = rows.find((r) => r.key === keyOf(hit));
    return row !== undefined && row.windowStartedAt.getTime() > now.getTime() - rule.windowMs && row.count >= rule.limit;
  });
  if (reached) throw new AppError("rate_limited", "errors:rate-limited");
}

/** The usual pair: one counter for the email, one for the client's IP when it is known. */
export function perEmailAndIp(
  email: string,
  client: Pick<ClientInfo, "ip">,
  perEmail: RateLimitName,
  perIp: RateLimitName,
): RateLimitHit[] {
  const hits: RateLimitHit[] = [{ name: perEmail, subject: email }];
  if (client.ip) hits.push({ name: perIp, subject: client.ip });
  return hits;
}
