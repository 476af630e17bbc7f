import { and, eq, gt, sql, type Placeholder } from "drizzle-orm";
import type { Database } from "#db/database";
import { rateLimits } from "#db/schema";
import { AppError } from "../shared/app-error";
import type { ClientInfo } from "./client-info";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * The limits of the product (fixed windows). A hit counts whether or not the attempt succeeds, except signInPerEmail,
 * codeCheckFailuresPerEmailPerDay and promoCodeGuessesPerIpAndEvent: only failures count there (an attempt that
 * succeeds gives its slot back), so that nobody can lock a named organizer out by signing in as them, nor a box
 * office out of a code it types right.
 */
export const rateLimitRules = {
  /** Wrong passwords given when deleting one's account (domain/privacy); sign-in slows email+IP pairs instead. */
  signInPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  /** Organizations a user creates. */
  organizationCreatePerUser: { limit: 10, windowMs: HOUR },
  /** Invitations to join an organization or an event's team (sent or sent again) per sender, and per organization. */
  invitationSendPerUser: { limit: 20, windowMs: HOUR },
  invitationSendPerOrganization: { limit: 50, windowMs: DAY },
  signInPerIp: { limit: 50, windowMs: 15 * MINUTE },
  /** Registration codes and reset links sent. */
  codeSendPerEmail: { limit: 5, windowMs: HOUR },
  codeSendPerIp: { limit: 30, windowMs: HOUR },
  /** Codes and reset links checked (each code also allows only 5 attempts of its own). */
  codeCheckPerEmail: { limit: 20, windowMs: 15 * MINUTE },
  codeCheckPerIp: { limit: 60, windowMs: 15 * MINUTE },
  /** Failed code checks (registration codes, reset links) per email and day, whatever the codes and windows above. */
  codeCheckFailuresPerEmailPerDay: { limit: 30, windowMs: DAY },
  /** need-register answers whether an account exists: kept slow to enumerate. */
  accountLookupPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Messages sent through an organization's public contact form (domain/contact-entries). */
  contactMessagePerEmail: { limit: 5, windowMs: HOUR },
  contactMessagePerIp: { limit: 20, windowMs: HOUR },
  /** Public bookings per buyer email and IP together (a box office or a school shares one IP). */
  bookingPerEmailAndIp: { limit: 30, windowMs: 10 * MINUTE },
  /** Every booking from one IP: only a flood, far above an on-sale rush behind one network. */
  bookingPerIp: { limit: 2_000, windowMs: 10 * MINUTE },
  /**
   * Promo codes typed on one event from one IP that match no code of the event (a guess): only those count, whether
   * typed in the booking page, its promo check or the order itself (domain/booking/booking-rate-limits.ts).
   */
  promoCodeGuessesPerIpAndEvent: { limit: 50, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof rateLimitRules;

/** One counter: `name` picks the rule, `subject` the email, IP or user it counts for. */
export type RateLimitHit = { name: RateLimitName; subject: string };

const keyOf = ({ name, subject }: RateLimitHit) => `${name}:${subject}`;

/**
 * The statements that count one hit on each counter, for a caller's batch (a booking sends them with its reads, in
 * one D1 round trip). Each hit is one conditional UPSERT — a new window restarts the count at 1 — so concurrent hits
 * never lose a count. Pass the batch's results for them to `assertUnderRateLimits`.
 */
export function rateLimitStatements(db: Database, hits: RateLimitHit[], now = new Date()) {
  return hits.map((hit) => rateLimitHitStatement(db, rateLimitHitValues(hit, now)));
}

/** What one hit's UPSERT is made of: values, or placeholders of a statement rendered once (the inventory object). */
export type RateLimitHitValues<T = never> = {
  key: string | T;
  now: Date | T;
  nowMs: number | T;
  windowOpenedAfter: number | T;
};

export function rateLimitHitValues(hit: RateLimitHit, now: Date): RateLimitHitValues {
  return {
    key: keyOf(hit),
    now,
    nowMs: now.getTime(),
    windowOpenedAfter: now.getTime() - rateLimitRules[hit.name].windowMs,
  };
}

/** One hit's conditional UPSERT, returning the counter's count. */
export function rateLimitHitStatement(db: Database, values: RateLimitHitValues<Placeholder>) {
  return db
    .insert(rateLimits)
    .values({ key: values.key, count: 1, windowStartedAt: values.now as Date })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStartedAt} <= ${values.windowOpenedAfter} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${rateLimits.windowStartedAt} <= ${values.windowOpenedAfter} THEN ${values.nowMs} ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({ count: rateLimits.count });
}

/** Throws `rate_limited` ('errors:rate-limited') when a counter of `hits` went over its limit (results in order). */
export function assertUnderRateLimits(hits: RateLimitHit[], results: readonly { count: number }[][]): void {
  const exceeded = results.some((rows, index) => (rows[0]?.count ?? 0) > rateLimitRules[hits[index]!.name].limit);
  if (exceeded) throw new AppError("rate_limited", "errors:rate-limited");
}

/**
 * Counts one hit on each counter and throws `rate_limited` ('errors:rate-limited') if any is over its limit.
 * All hits go to the database in one batch (rateLimitStatements).
 */
export async function hitRateLimits(db: Database, hits: RateLimitHit[], now = new Date()): Promise<void> {
  if (hits.length === 0) return;
  const statements = rateLimitStatements(db, hits, now);
  const results = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  assertUnderRateLimits(hits, results);
}

/** A slot taken in a counter by reserveRateLimit: the window it was counted in. */
export type RateLimitReservation = { key: string; windowStartedAt: Date };

/**
 * Takes one slot in the counter before the attempt it stands for, or throws `rate_limited` when the window is full:
 * one UPSERT whose update runs only while the count is under the limit (or the window is over), so parallel attempts
 * can never take more slots than the limit — a read-then-write check would let every parallel attempt through.
 */
export async function reserveRateLimit(
  db: Database,
  hit: RateLimitHit,
  now = new Date(),
): Promise<RateLimitReservation> {
  const rule = rateLimitRules[hit.name];
  const windowOpenedAfter = now.getTime() - rule.windowMs;
  const expired = sql`${rateLimits.windowStartedAt} <= ${windowOpenedAfter}`;
  const rows = await db
    .insert(rateLimits)
    .values({ key: keyOf(hit), count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now.getTime()} ELSE ${rateLimits.windowStartedAt} END`,
      },
      setWhere: sql`${expired} OR ${rateLimits.count} < ${rule.limit}`,
    })
    .returning({ windowStartedAt: rateLimits.windowStartedAt });
  if (rows.length === 0) throw new AppError("rate_limited", "errors:rate-limited");
  return { key: keyOf(hit), windowStartedAt: rows[0]!.windowStartedAt };
}

/**
 * The statement that gives back one hit counted by rateLimitStatements, for a caller's batch: the attempt turned out
 * not to be what the counter counts (a promo code that exists is no guess).
 */
export function releaseRateLimitStatement(db: Database, hit: RateLimitHit) {
  return db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, keyOf(hit)), gt(rateLimits.count, 0)));
}

/** Gives a reserved slot back, if its window is still the current one (a new window already started from zero). */
export async function releaseRateLimit(db: Database, reservation: RateLimitReservation): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, reservation.key),
        eq(rateLimits.windowStartedAt, reservation.windowStartedAt),
        gt(rateLimits.count, 0),
      ),
    );
}

/**
 * For limits that count only failures: reserves a slot, runs the attempt, and gives the slot back when the attempt
 * succeeds. A failed (throwing) attempt keeps its slot; `onLocked` runs when the limit refuses the attempt.
 */
export async function countingFailures<T>(
  db: Database,
  hit: RateLimitHit,
  now: Date,
  attempt: () => Promise<T>,
  onLocked?: () => void,
): Promise<T> {
  let reservation: RateLimitReservation;
  try {
    reservation = await reserveRateLimit(db, hit, now);
  } catch (error) {
    onLocked?.();
    throw error;
  }
  const result = await attempt();
  await releaseRateLimit(db, reservation);
  return result;
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
