import { and, eq, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { renderedOnce } from "#db/rendered-once";
import { memberships, sessions, users } from "#db/schema";
import { generateRandomToken, sha256Hex } from "../shared/crypto";
import { knownEventAccessQuery, knownEventQuery, type KnownEvent } from "../events/event-access";
import { userOrganizationsQuery, type UserOrganization } from "../organizations/list-user-organizations";
import { profileColumns, type Profile } from "../users/get-profile";

const DAY = 24 * 60 * 60 * 1000;
/** A session ends 30 days after the sign-in that created it, however much it is used (ASVS 7.3.2). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY;
/** …and earlier, once it has gone this long without being used (ASVS 7.3.1). */
export const SESSION_IDLE_TIMEOUT_MS = 7 * DAY;
// Use is recorded (and the expiry pushed back) at most this often: one write per session per day, not per request.
// The idle timeout therefore counts from a use recorded at most a day late: 6 to 7 days of actual idleness.
const RENEW_STEP_MS = DAY;

/** When a session used at `now` ends if it is not used again: the idle deadline, never past the absolute one. */
function expiryAfterUse(createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(now.getTime() + SESSION_IDLE_TIMEOUT_MS, createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
  );
}

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
  const expiresAt = expiryAfterUse(now, now);
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

const SESSION_TOKEN_PATTERN = /^[a-z2-7]{32}$/;

// No column name repeats between the two tables here: D1's batch keys row values by column name.
function sessionQuery(db: Database, sessionId: string | Placeholder) {
  return db
    .select({
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      user: profileColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
}

type SessionRow = Awaited<ReturnType<typeof sessionQuery>>[number];

/** The session's user as SQL, for reads in the session's own round trip. */
function sessionUserOf(sessionId: string | Placeholder): SQL {
  return sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sessionId})`;
}

// Every signed-in request sends these: rendered once (db/rendered-once.ts).
const sessionRead = renderedOnce(["sessionId"], (db, value) => sessionQuery(db, value("sessionId")));
const organizationsRead = renderedOnce(["sessionId"], (db, value) =>
  userOrganizationsQuery(db, sessionUserOf(value("sessionId"))),
);
const eventRead = renderedOnce(["eventId"], (db, value) => knownEventQuery(db, value("eventId")));
const eventAccessRead = renderedOnce(["eventId", "sessionId"], (db, value) =>
  knownEventAccessQuery(db, value("eventId"), sessionUserOf(value("sessionId"))),
);

export async function validateSessionToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ValidatedSession | null> {
  if (!SESSION_TOKEN_PATTERN.test(token)) return null;
  const sessionId = sha256Hex(token);
  const [row] = await sessionQuery(db, sessionId);
  return row ? checkSession(db, sessionId, row, now) : null;
}

/**
 * As validateSessionToken, with the user's organizations (listUserOrganizations) read in the same round trip: every
 * signed-in page needs both, and a page's first query then waits for nothing else. With `eventId` (a page of the
 * event area), the event and the user's access row in the event's organization come in the same round trip too
 * (KnownEvent): the event area's frame and its page start from them instead of reading them again. With `alongside`
 * too, the page's own first reads, under a guard of the session (decision 0075).
 */
export async function validateSessionWithOrganizations<Alongside = never>(
  db: Database,
  token: string,
  now = new Date(),
  options: { eventId?: number; alongside?: AlongsideReads<Alongside> } = {},
): Promise<{
  session: ValidatedSession;
  organizations: UserOrganization[];
  event: KnownEvent | null;
  alongside: Alongside | null;
} | null> {
  if (!SESSION_TOKEN_PATTERN.test(token)) return null;
  const sessionId = sha256Hex(token);
  const eventId = options.eventId;
  const alongside = options.alongside;
  const extra =
    eventId !== undefined && alongside
      ? alongside.build(memberSessionGuardOf(sessionId, alongside.organizationId, now))
      : null;
  let row: SessionRow | undefined;
  let organizations: UserOrganization[];
  let event: KnownEvent | null = null;
  let extraResults: unknown[] = [];
  if (eventId === undefined) {
    [[row], organizations] = await db.batch([sessionRead(db, { sessionId }), organizationsRead(db, { sessionId })]);
  } else {
    let eventRows: KnownEvent["event"][];
    let accessRows: { roles: string }[];
    [[row], organizations, eventRows, accessRows, ...extraResults] = await db.batch([
      sessionRead(db, { sessionId }),
      organizationsRead(db, { sessionId }),
      eventRead(db, { eventId }),
      eventAccessRead(db, { eventId, sessionId }),
      ...(extra?.statements ?? []),
    ]);
    event = { eventId, event: eventRows[0] ?? null, accessRoles: accessRows[0]?.roles ?? null };
  }
  const session = row ? await checkSession(db, sessionId, row, now) : null;
  if (!session) return null;
  return { session, organizations, event, alongside: extra ? extra.finish(extraResults) : null };
}

/**
 * A page's first reads, sent in the session's round trip before the session is checked (decision 0075): `build` makes
 * them on `guard`, which holds only for a valid session of a member of `organizationId`, so that a request without such
 * a session reads no row of the organization; their `finish` receives their results. The page's policy check decides
 * afterwards as always; the results only spare it a round trip (a platform admin outside the organization reads again).
 */
export type AlongsideReads<T> = {
  organizationId: number;
  build: (guard: MemberSessionGuard) => { statements: BatchItem<"sqlite">[]; finish: (results: unknown[]) => T };
};

/**
 * A session of a member of the organization, not expired: checkSession's main test in SQL (the absolute lifetime is
 * left to checkSession, which runs on every request: an expiry set since decision 0008 never passes it). Written as
 * plain SQL: every statement of a page's first reads embeds it, and a query builder's rendering costs more than the
 * reads it guards.
 */
export function memberSessionGuard(
  sessionId: string | Placeholder,
  organizationId: number | Placeholder,
  now: Date | Placeholder,
): SQL {
  return sql`exists (select 1 from ${sessions} join ${memberships} on ${memberships.userId} = ${sessions.userId} where ${sessions.id} = ${sessionId} and ${sessions.expiresAt} > ${now instanceof Date ? now.getTime() : now} and ${memberships.organizationId} = ${organizationId})`;
}

/** memberSessionGuard with what it is made of: a statement rendered once writes it with placeholders for these. */
export type MemberSessionGuard = { sql: SQL; sessionId: string; organizationId: number; now: Date };

export function memberSessionGuardOf(sessionId: string, organizationId: number, now: Date): MemberSessionGuard {
  return { sql: memberSessionGuard(sessionId, organizationId, now), sessionId, organizationId, now };
}

async function checkSession(
  db: Database,
  sessionId: string,
  row: SessionRow,
  now: Date,
): Promise<ValidatedSession | null> {
  // The absolute limit is checked on its own too: a row written before it existed may carry a later expiry.
  const absoluteEnd = row.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
  if (row.expiresAt.getTime() <= now.getTime() || absoluteEnd <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  const next = expiryAfterUse(row.createdAt, now);
  if (next.getTime() - expiresAt.getTime() >= RENEW_STEP_MS) {
    expiresAt = next;
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
  await db
    .delete(sessions)
    .where(except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId));
}
