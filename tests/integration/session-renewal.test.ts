import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { eq } from "drizzle-orm";
import { sessions, users } from "#db/schema";
import { sha256Hex } from "#domain/shared/crypto";
import {
  clearedSessionCookie,
  HOST_SESSION_COOKIE_NAME,
  SESSION_COOKIE_NAME,
  sessionCookie,
} from "../../domain/http/session-cookie";
import { createSession } from "#domain/auth/sessions";
import { serverContext } from "~/server/context";
import { sessionMiddleware } from "~/server/session.server";

const DAY = 24 * 60 * 60 * 1000;

/** The real session middleware (app/server/session.server.ts) on D1, with a stand-in for the rest of the request. */
describe("session middleware: cookie renewal", () => {
  const t = { db: createD1Database(env.DB) };
  let userId: number;
  beforeAll(async () => {
    [{ id: userId }] = (await t.db.insert(users).values({ email: "lea@exemple.fr" }).returning({ id: users.id })) as [
      { id: number },
    ];
  });

  /** A session signed in 3 days ago: its next use pushes its idle deadline back, so the middleware renews the cookie. */
  const renewableToken = async (createdAt = new Date(Date.now() - 3 * DAY)) =>
    (await createSession(t.db, userId, {}, createdAt)).token;

  async function run(
    token: string,
    respond: () => Response,
    origin = "http://localhost",
    name = SESSION_COOKIE_NAME,
  ): Promise<string[]> {
    const request = new Request(`${origin}/auth/logout`, { method: "POST", headers: { Cookie: `${name}=${token}` } });
    const context = new RouterContextProvider();
    context.set(serverContext, {
      env: {} as Env,
      ctx: {} as ExecutionContext,
      db: t.db,
      appVersion: "test",
      cspNonce: "test-nonce",
    });
    const response = await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: "" } as never,
      async () => respond(),
    );
    if (!(response instanceof Response)) throw new Error("expected a response");
    return response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${name}=`));
  }

  it("renews the cookie of an extended session", async () => {
    const token = await renewableToken();
    const cookies = await run(token, () => new Response("ok"));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=${token}; .*Expires=`));
  });

  it("renews up to the 30-day mark and no further", async () => {
    const signedIn = new Date(Date.now() - 26 * DAY);
    const token = await renewableToken(signedIn);
    // Last used six days ago: a day left before its idle deadline; a full 7 days now would pass the 30-day mark.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + DAY) })
      .where(eq(sessions.id, sha256Hex(token)));
    const cookies = await run(token, () => new Response("ok"));
    expect(cookies).toHaveLength(1);
    const expires = new Date(/Expires=([^;]+)/.exec(cookies[0]!)![1]!);
    expect(Math.abs(expires.getTime() - (signedIn.getTime() + 30 * DAY))).toBeLessThan(1000);
  });

  it("reads and renews the __Host- cookie on an https origin", async () => {
    const token = await renewableToken();
    const cookies = await run(token, () => new Response("ok"), "https://guichet.app", HOST_SESSION_COOKIE_NAME);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${HOST_SESSION_COOKIE_NAME}=${token}; Path=/; .*Secure.*Expires=`));
    expect(await run(token, () => new Response("ok"), "https://guichet.app", SESSION_COOKIE_NAME)).toEqual([]);
  });

  it("leaves alone a response that clears the session cookie (logout)", async () => {
    const token = await renewableToken();
    const cleared = clearedSessionCookie("http://localhost/auth/logout");
    const cookies = await run(
      token,
      () => new Response(null, { status: 302, headers: { Location: "/auth/login", "Set-Cookie": cleared } }),
    );
    expect(cookies).toEqual([cleared]);
  });

  it("leaves alone a response that sets a new session cookie (sign-in)", async () => {
    const token = await renewableToken();
    const fresh = sessionCookie("a".repeat(32), new Date(Date.now() + 30 * DAY), "http://localhost/");
    const headers = new Headers({ "Set-Cookie": "guichet_org=; Path=/; Max-Age=0" });
    headers.append("Set-Cookie", fresh);
    const cookies = await run(token, () => new Response(null, { status: 302, headers }));
    expect(cookies).toEqual([fresh]);
  });
});
