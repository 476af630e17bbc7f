import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema";
import { sha256Hex } from "#domain/shared/crypto";
import {
  createSession,
  invalidateSession,
  invalidateUserSessions,
  SESSION_LIFETIME_MS,
  validateSessionToken,
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
    expect(await validateSessionToken(t.db, token, new Date(now.getTime() + SESSION_LIFETIME_MS + 1))).toBeNull();
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it("extends a session used in its second half to a full 30 days", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const { token } = await createSession(t.db, userId, {}, now);
    const later = new Date(now.getTime() + 20 * DAY);
    const session = await validateSessionToken(t.db, token, later);
    expect(session?.renewed).toBe(true);
    expect(session?.expiresAt.getTime()).toBe(later.getTime() + SESSION_LIFETIME_MS);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sha256Hex(token)));
    expect(row!.expiresAt.getTime()).toBe(later.getTime() + SESSION_LIFETIME_MS);
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
