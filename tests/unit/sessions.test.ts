import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memberships, organizations, sessions, users } from "#db/schema";
import { sha256Hex } from "#domain/shared/crypto";
import {
  createSession,
  invalidateSession,
  invalidateUserSessions,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  validateSessionToken,
  validateSessionWithOrganizations,
} from "#domain/auth/sessions";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../support/libsql-test-db";

const DAY = 86_400_000;

describe("sessions", () => {
  let t: LibsqlTestDatabase;
  let userId: number;

  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
    const [user] = await t.db
      .insert(users)
      .values({ email: "lea@exemple.fr", firstName: "Léa", lastName: "Martin" })
      .returning({ id: users.id });
    userId = user!.id;
  });
  afterEach(() => t.close());

  it("hands out a 160-bit token and stores only its SHA-256", async () => {
    const { token } = await createSession(t.db, userId);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sha256Hex(token));
    expect(rows[0]!.id).not.toContain(token);
  });

  it("gives two sign-ins two different tokens", async () => {
    const a = await createSession(t.db, userId);
    const b = await createSession(t.db, userId);
    expect(a.token).not.toBe(b.token);
  });

  it("validates a live token and returns the user", async () => {
    const { token } = await createSession(t.db, userId);
    const session = await validateSessionToken(t.db, token);
    expect(session?.user).toMatchObject({ id: userId, email: "lea@exemple.fr", firstName: "Léa", isAdmin: false });
    expect(session?.renewed).toBe(false);
  });

  it("rejects unknown, malformed and expired tokens, deleting the expired session", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const { token } = await createSession(t.db, userId, {}, now);
    expect(await validateSessionToken(t.db, "a".repeat(32), now)).toBeNull();
    expect(await validateSessionToken(t.db, "not a token", now)).toBeNull();
    expect(await validateSessionToken(t.db, token, new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS + 1))).toBeNull();
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it("ends a session left unused for the idle timeout (7 days)", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const { token, expiresAt } = await createSession(t.db, userId, {}, now);
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(7 * DAY);
    expect(expiresAt.getTime()).toBe(now.getTime() + 7 * DAY);
    expect(await validateSessionToken(t.db, token, new Date(now.getTime() + 7 * DAY - 1))).not.toBeNull();
    const idle = await createSession(t.db, userId, {}, now);
    expect(await validateSessionToken(t.db, idle.token, new Date(now.getTime() + 7 * DAY))).toBeNull();
  });

  it("pushes the idle deadline back when used, at most once a day", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const { token } = await createSession(t.db, userId, {}, now);
    const soon = await validateSessionToken(t.db, token, new Date(now.getTime() + 60 * 60 * 1000));
    expect(soon?.renewed).toBe(false);
    const later = new Date(now.getTime() + 3 * DAY);
    const session = await validateSessionToken(t.db, token, later);
    expect(session?.renewed).toBe(true);
    expect(session?.expiresAt.getTime()).toBe(later.getTime() + SESSION_IDLE_TIMEOUT_MS);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(token)));
    expect(row!.expiresAt.getTime()).toBe(later.getTime() + SESSION_IDLE_TIMEOUT_MS);
    expect(row!.lastUsedAt.getTime()).toBe(later.getTime());
  });

  it("never lives past 30 days from the sign-in, however often it is used", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(SESSION_ABSOLUTE_LIFETIME_MS).toBe(30 * DAY);
    const { token } = await createSession(t.db, userId, {}, now);
    let last = null;
    for (let day = 2; day < 30; day += 2)
      last = await validateSessionToken(t.db, token, new Date(now.getTime() + day * DAY));
    // Used every other day: still alive on day 28, but its renewal stops at the 30-day mark.
    expect(last?.expiresAt.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(await validateSessionToken(t.db, token, new Date(now.getTime() + 30 * DAY - 1))).not.toBeNull();
    expect(await validateSessionToken(t.db, token, new Date(now.getTime() + 30 * DAY))).toBeNull();
  });

  it("ends a session past 30 days from its creation even when its stored expiry says later", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const { token } = await createSession(t.db, userId, {}, now);
    // A row written by the earlier rule (each renewal gave a full 30 days again).
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + 50 * DAY) })
      .where(eq(sessions.id, sha256Hex(token)));
    expect(await validateSessionToken(t.db, token, new Date(now.getTime() + 31 * DAY))).toBeNull();
  });

  it("reads the session and the user's organizations, by title, in one call; nothing for a dead token", async () => {
    const [zed, abc, other] = await t.db
      .insert(organizations)
      .values([
        { title: "Zèbre", titleKey: "zebre" },
        { title: "abeille", titleKey: "abeille" },
        { title: "Ailleurs", titleKey: "ailleurs" },
      ])
      .returning({ id: organizations.id });
    const [stranger] = await t.db
      .insert(users)
      .values({ email: "autre@exemple.fr", firstName: "Paul", lastName: "Autre" })
      .returning({ id: users.id });
    await t.db.insert(memberships).values([
      { organizationId: zed!.id, userId, role: "owner" },
      { organizationId: abc!.id, userId, role: "event_manager" },
      { organizationId: other!.id, userId: stranger!.id, role: "owner" },
    ]);
    const { token } = await createSession(t.db, userId);
    const found = await validateSessionWithOrganizations(t.db, token);
    expect(found?.session.user).toMatchObject({ id: userId, email: "lea@exemple.fr" });
    expect(found?.organizations).toEqual([
      { id: abc!.id, title: "abeille", role: "event_manager" },
      { id: zed!.id, title: "Zèbre", role: "owner" },
    ]);
    await invalidateSession(t.db, token);
    expect(await validateSessionWithOrganizations(t.db, token)).toBeNull();
    expect(await validateSessionWithOrganizations(t.db, "not a token")).toBeNull();
  });

  it("logs out one session or all of a user's sessions", async () => {
    const a = await createSession(t.db, userId);
    const b = await createSession(t.db, userId);
    await invalidateSession(t.db, a.token);
    expect(await validateSessionToken(t.db, a.token)).toBeNull();
    expect(await validateSessionToken(t.db, b.token)).not.toBeNull();
    await invalidateUserSessions(t.db, userId);
    expect(await validateSessionToken(t.db, b.token)).toBeNull();
  });
});
