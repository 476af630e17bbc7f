import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { currentD1Session, withD1Session } from "#db/d1-session";
import { users } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { D1_BOOKMARK_COOKIE } from "../../workers/middleware/d1-session";
import { insertEvent, insertMember, insertOrganization, insertUser } from "../support/fixtures";

/** The bookmark cookie a response sets, or null. */
function bookmarkCookie(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${D1_BOOKMARK_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(D1_BOOKMARK_COOKIE.length + 1).split(";")[0]!) : null;
}

describe("signed-in requests read through a D1 session (read replicas, docs/decisions/0062)", () => {
  const db = createD1Database(env.DB);
  let token: string;
  let eventId: number;

  beforeAll(async () => {
    const user = await insertUser(db);
    const organization = await insertOrganization(db);
    await insertMember(db, organization.id, user.id, "owner");
    eventId = (await insertEvent(db, organization.id, { status: "published" })).id;
    token = (await createSession(db, user.id)).token;
  });

  const get = (path: string, cookies: string[] = []) =>
    exports.default.fetch(`http://localhost${path}`, { headers: cookies.length ? { Cookie: cookies.join("; ") } : {} });

  it("a signed-in call answers with the session's bookmark, and a call starting from it answers with one as new", async () => {
    const first = await get("/api/me", [`guichet_session=${token}`]);
    expect(first.status).toBe(200);
    const bookmark = bookmarkCookie(first);
    expect(bookmark).toMatch(/\S/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith(D1_BOOKMARK_COOKIE))).toMatch(
      /Path=\/; SameSite=Lax; HttpOnly; Max-Age=3600/,
    );

    const second = await get("/api/me", [`guichet_session=${token}`, `${D1_BOOKMARK_COOKIE}=${bookmark}`]);
    expect(second.status).toBe(200);
    // Bookmarks only move forward: the second starts from the first's and sets none older (or none when unchanged).
    const next = bookmarkCookie(second);
    if (next !== null) expect(next >= bookmark!).toBe(true);
  });

  it("a bookmark D1 refuses or a forged cookie still answers, from any replica", async () => {
    for (const forged of ["not-a-bookmark", "0000-ffff", "%00%01", "x".repeat(400)]) {
      const response = await get("/api/me", [`guichet_session=${token}`, `${D1_BOOKMARK_COOKIE}=${forged}`]);
      expect(response.status).toBe(200);
    }
  });

  it("signed-out visitors, public pages and API calls without the session cookie stay on the primary", async () => {
    expect(bookmarkCookie(await get("/api/health"))).toBeNull();
    expect(bookmarkCookie(await get(`/events/${eventId}/anything`, [`guichet_session=${token}`]))).toBeNull();
    expect(bookmarkCookie(await get(`/api/public/events/${eventId}`, [`guichet_session=${token}`]))).toBeNull();
    const bearer = await exports.default.fetch("http://localhost/api/me", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);
    expect(bookmarkCookie(bearer)).toBeNull();
  });

  it("inside a session, the one drizzle instance's queries go through that session; outside, to the binding", async () => {
    const inside = env.DB.withSession("first-primary");
    const outside = env.DB.withSession("first-primary");
    expect(inside.getBookmark()).toBeNull();
    await withD1Session(env.DB, inside, async () => {
      expect(currentD1Session(env.DB)).toBe(inside);
      await db.select({ id: users.id }).from(users).limit(1);
      await db.batch([
        db.select({ id: users.id }).from(users).limit(1),
        db.select({ id: users.id }).from(users).limit(1),
      ]);
    });
    expect(inside.getBookmark()).toMatch(/\S/);
    await db.select({ id: users.id }).from(users).limit(1);
    expect(currentD1Session(env.DB)).toBeUndefined();
    expect(outside.getBookmark()).toBeNull();
  });
});
