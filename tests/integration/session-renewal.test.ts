import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { users } from "#db/schema";
import { clearedSessionCookie, SESSION_COOKIE_NAME, sessionCookie } from "#domain/auth/session-cookie";
import { createSession } from "#domain/auth/sessions";
import { serverContext } from "~/server/context";
import { sessionMiddleware } from "~/server/session.server";

const DAY = 24 * 60 * 60 * 1000;

/** The real session middleware (app/server/session.server.ts) on D1, with a stand-in for the rest of the request. */
describe("session middleware: cookie renewal", () => {
  const t = { db: createD1Database(env.DB) };
  let userId: number;
  beforeAll(async () => {
    [{ id: userId }] = (await t.db.insert(users).values({ email: "lea@exemple.fr" }).returning({ id: users.id })) as [{ id: number }];
  });

  /** A session 20 days old: its next use extends it, so the middleware wants to renew the cookie. */
  const renewableToken = async () => (await createSession(t.db, userId, {}, new Date(Date.now() - 20 * DAY))).token;

  async function run(token: string, respond: () => Response): Promise<string[]> {
    const request = new Request("http://localhost/auth/logout", { method: "POST", headers: { Cookie: `${SESSION_COOKIE_NAME}=${token}` } });
    const context = new RouterContextProvider();
    context.set(serverContext, { env: {} as Env, ctx: {} as ExecutionContext, db: t.db, appVersion: "test" });
    const response = await sessionMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => respond());
    if (!(response instanceof Response)) throw new Error("expected a response");
    return response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`));
  }

  it("renews the cookie of an extended session", async () => {
    const token = await renewableToken();
    const cookies = await run(token, () => new Response("ok"));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=${token}; .*Expires=`));
  });

  it("leaves alone a response that clears the session cookie (logout)", async () => {
    const token = await renewableToken();
    const cleared = clearedSessionCookie("http://localhost/auth/logout");
    const cookies = await run(token, () => new Response(null, { status: 302, headers: { Location: "/auth/login", "Set-Cookie": cleared } }));
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
