import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { and, eq } from "drizzle-orm";
import { memberships } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { rememberOrganization } from "#domain/users/remember-organization";
import { PERMISSION_DENIED_PATH } from "~/lib/permission-denied";
import { constantTimeEqual } from "#domain/shared/crypto";
import { adminQuerySecret, ASK_ADMIN_COOKIE_NAME, handleAskAdminQuery } from "~/server/ask-admin.server";
import { serverContext } from "~/server/context";
import {
  getSignedIn,
  requireOrganizationPermission,
  requirePlatformPermission,
  requireSignedInMiddleware,
  type SignedInState,
} from "~/server/guards.server";
import { sessionMiddleware } from "~/server/session.server";
import { insertMember, insertOrganization, insertUser } from "../support/fixtures";

const SECRET = "s3cret-query-value-for-tests";

type Outcome = { state: SignedInState; context: RouterContextProvider } | { thrown: Response };

/** The outcome of a guard that let the request through; fails the test when the guard threw instead. */
function passed(outcome: Outcome): Extract<Outcome, { state: SignedInState }> {
  if (!("state" in outcome))
    throw new Error(
      `expected the guard to pass, got a ${outcome.thrown.status} to ${outcome.thrown.headers.get("Location")}`,
    );
  return outcome;
}

/** The real session middleware and guards of the signed-in area, on D1 (app/server/guards.server.ts). */
describe("signed-in guard, askAdmin and permission guards", () => {
  const t = { db: createD1Database(env.DB) };
  let fixture: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    fixture = await setUp();
  });

  /** Runs the real session middleware and the signed-in guard on a request, as React Router does. */
  async function run(
    path: string,
    options: { token?: string; cookies?: string[]; secret?: string; method?: string } = {},
  ): Promise<Outcome> {
    const cookies = [...(options.token ? [`guichet_session=${options.token}`] : []), ...(options.cookies ?? [])];
    const request = new Request(`http://localhost${path}`, {
      method: options.method ?? "GET",
      headers: cookies.length ? { Cookie: cookies.join("; ") } : {},
    });
    const context = new RouterContextProvider();
    context.set(serverContext, {
      env: { ADMIN_QUERY_SECRET: options.secret } as unknown as Env,
      ctx: {} as ExecutionContext,
      db: t.db,
      appVersion: "test",
      cspNonce: "test-nonce",
    });
    let state: SignedInState | null = null;
    try {
      const args = { request, context, params: {}, unstable_pattern: "" } as never;
      await sessionMiddleware(args, async () => {
        await requireSignedInMiddleware(args, async () => {
          state = getSignedIn(context);
          return new Response("ok");
        });
        return new Response("ok");
      });
    } catch (thrown) {
      if (thrown instanceof Response) return { thrown };
      throw thrown;
    }
    return { state: state!, context };
  }

  async function setUp() {
    const admin = await insertUser(t.db, { isAdmin: true });
    const manager = await insertUser(t.db);
    const nuits = await insertOrganization(t.db, { title: "Les Nuits" });
    const theatre = await insertOrganization(t.db, { title: "Théâtre" });
    const alpha = await insertOrganization(t.db, { title: "alpha" });
    await insertMember(t.db, theatre.id, admin.id, "owner");
    await insertMember(t.db, nuits.id, manager.id, "event_manager");
    return {
      admin: { ...admin, token: (await createSession(t.db, admin.id)).token },
      manager: { ...manager, token: (await createSession(t.db, manager.id)).token },
      nuits,
      theatre,
      alpha,
    };
  }

  it("sends a visitor to /auth/login", async () => {
    const outcome = await run("/finance");
    expect("thrown" in outcome && outcome.thrown.headers.get("Location")).toBe("/auth/login");
  });

  it("selects the stored organization only while the user is a member, else the first by title", async () => {
    const { admin, theatre, nuits } = fixture;
    const own = await run("/", { token: admin.token, cookies: [`guichet_org=${theatre.id}`] });
    expect(passed(own).state.currentOrganization?.id).toBe(theatre.id);
    const foreign = await run("/", { token: admin.token, cookies: [`guichet_org=${nuits.id}`] });
    expect(passed(foreign).state.organizations.map((o) => o.title)).toEqual(["Théâtre"]);
    expect(passed(foreign).state.currentOrganization?.id).toBe(theatre.id);
    expect(passed(foreign).state.askAdmin).toBe(false);
  });

  it("sets the askAdmin flag for a platform admin with the right secret, removing the secret from the address", async () => {
    const { admin } = fixture;
    const outcome = await run(`/finance?tab=1&askAdmin=${SECRET}`, { token: admin.token, secret: SECRET });
    if (!("thrown" in outcome)) throw new Error("expected a redirect");
    expect(outcome.thrown.status).toBe(302);
    expect(outcome.thrown.headers.get("Location")).toBe("/finance?tab=1");
    expect(outcome.thrown.headers.get("Set-Cookie")).toMatch(
      new RegExp(`^${ASK_ADMIN_COOKIE_NAME}=1; Path=/; SameSite=Lax; HttpOnly`),
    );
  });

  it("lists every organization while the flag is set, with admin rights where the admin is not a member", async () => {
    const { admin, nuits, theatre, alpha } = fixture;
    const outcome = await run("/", {
      token: admin.token,
      secret: SECRET,
      cookies: [`${ASK_ADMIN_COOKIE_NAME}=1`, `guichet_org=${nuits.id}`],
    });
    if (!("state" in outcome)) throw new Error("expected the guard to pass");
    expect(outcome.state.askAdmin).toBe(true);
    expect(outcome.state.organizations).toEqual([
      { id: alpha.id, title: "alpha", role: "admin", viaAdmin: true },
      { id: nuits.id, title: "Les Nuits", role: "admin", viaAdmin: true },
      { id: theatre.id, title: "Théâtre", role: "owner" },
    ]);
    // The admin may switch to any organization: the stored choice is honoured.
    expect(outcome.state.currentOrganization?.id).toBe(nuits.id);
    expect(outcome.state.actor).toMatchObject({
      organizationId: nuits.id,
      role: "admin",
      isAdmin: true,
      viaPlatformAdmin: true,
    });
    expect(requireOrganizationPermission(outcome.context, "finance:view").currentOrganization.id).toBe(nuits.id);
    // Admin rights, not owner rights: members and the payout account stay the owner's.
    for (const action of ["members:manage", "finance:connect-account"] as const) {
      expect(() => requireOrganizationPermission(outcome.context, action)).toThrow();
    }
    // Where the admin is a member, their own role applies.
    const own = await run("/", {
      token: admin.token,
      secret: SECRET,
      cookies: [`${ASK_ADMIN_COOKIE_NAME}=1`, `guichet_org=${theatre.id}`],
    });
    expect(passed(own).state.actor).toMatchObject({ organizationId: theatre.id, role: "owner" });
    expect(passed(own).state.actor.viaPlatformAdmin).toBeUndefined();
  });

  it("ignores the flag when the feature is off, for a non-admin, or with a wrong secret", async () => {
    const { admin, manager } = fixture;
    const off = await run("/", { token: admin.token, cookies: [`${ASK_ADMIN_COOKIE_NAME}=1`] });
    expect(passed(off).state.organizations).toHaveLength(1);
    const tooShort = await run("/", { token: admin.token, secret: "short", cookies: [`${ASK_ADMIN_COOKIE_NAME}=1`] });
    expect(passed(tooShort).state.askAdmin).toBe(false);
    const notAdmin = await run("/", { token: manager.token, secret: SECRET, cookies: [`${ASK_ADMIN_COOKIE_NAME}=1`] });
    expect(passed(notAdmin).state.organizations.map((o) => o.title)).toEqual(["Les Nuits"]);

    for (const [token, value] of [
      [manager.token, SECRET],
      [admin.token, "wrong-secret-value-entirely"],
      [admin.token, SECRET.slice(0, -1)],
    ] as const) {
      const outcome = await run(`/?askAdmin=${encodeURIComponent(value)}`, { token, secret: SECRET });
      if (!("thrown" in outcome)) throw new Error("expected a redirect");
      expect(outcome.thrown.headers.get("Location")).toBe("/");
      expect(outcome.thrown.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("clears the flag with askAdmin=0, even when the feature is off", async () => {
    const { admin } = fixture;
    const outcome = await run("/?askAdmin=0", { token: admin.token });
    if (!("thrown" in outcome)) throw new Error("expected a redirect");
    expect(outcome.thrown.headers.get("Location")).toBe("/");
    expect(outcome.thrown.headers.get("Set-Cookie")).toMatch(new RegExp(`^${ASK_ADMIN_COOKIE_NAME}=; .*Max-Age=0`));
  });

  it("leaves the parameter alone on form posts", async () => {
    const { admin } = fixture;
    const outcome = await run(`/resources/organization?askAdmin=${SECRET}`, {
      token: admin.token,
      secret: SECRET,
      method: "POST",
    });
    expect(outcome).toHaveProperty("state");
    expect(passed(outcome).state.askAdmin).toBe(false);
  });

  it("redirects single-fetch data requests to the page itself", () => {
    const request = new Request(`http://localhost/admin/events.data?q=x&askAdmin=${SECRET}&_routes=root`);
    expect(handleAskAdminQuery(request, { isAdmin: true }, SECRET)).toMatchObject({
      kind: "redirect",
      location: "/admin/events?q=x",
    });
    const index = new Request(`http://localhost/_.data?askAdmin=0`);
    expect(handleAskAdminQuery(index, { isAdmin: true }, SECRET)).toMatchObject({ kind: "redirect", location: "/" });
  });

  it("compares secrets exactly", () => {
    expect(constantTimeEqual(SECRET, SECRET)).toBe(true);
    expect(constantTimeEqual(`${SECRET}x`, SECRET)).toBe(false);
    expect(constantTimeEqual(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(constantTimeEqual("", SECRET)).toBe(false);
    expect(constantTimeEqual("é", "é")).toBe(true);
    expect(adminQuerySecret({})).toBeNull();
    expect(adminQuerySecret({ ADMIN_QUERY_SECRET: "  " })).toBeNull();
    expect(adminQuerySecret({ ADMIN_QUERY_SECRET: SECRET })).toBe(SECRET);
  });

  it("bounces roles without the permission to / with the permission flag", async () => {
    const { manager, admin } = fixture;
    const outcome = await run("/finance", { token: manager.token });
    if (!("state" in outcome)) throw new Error("expected the guard to pass");
    let thrown: unknown;
    try {
      requireOrganizationPermission(outcome.context, "finance:view");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(PERMISSION_DENIED_PATH);

    expect(() => requirePlatformPermission(outcome.context, "admin:access")).toThrow();
    const asAdmin = await run("/admin", { token: admin.token });
    expect(asAdmin).toHaveProperty("state");
    expect(requirePlatformPermission(passed(asAdmin).context, "admin:access").user.id).toBe(admin.id);
  });

  it("bounces a user without organization from organization pages", async () => {
    const lone = await insertUser(t.db);
    const outcome = await run("/finance", { token: (await createSession(t.db, lone.id)).token });
    if (!("state" in outcome)) throw new Error("expected the guard to pass");
    expect(outcome.state.organizations).toEqual([]);
    expect(() => requireOrganizationPermission(outcome.context, "finance:view")).toThrow();
  });

  it("opens, at a sign-in (no stored choice), the organization last switched to, not the first by title", async () => {
    // Issue 24 §2: two organizations, "Aaa…" first by title; the user last worked in the other one.
    const user = await insertUser(t.db);
    const first = await insertOrganization(t.db, { title: "Aaa Look-alike" });
    const usual = await insertOrganization(t.db, { title: "Zénith Productions" });
    await insertMember(t.db, first.id, user.id, "owner");
    await insertMember(t.db, usual.id, user.id, "owner");
    const before = await run("/", { token: (await createSession(t.db, user.id)).token });
    expect(passed(before).state.currentOrganization?.id).toBe(first.id);
    await rememberOrganization(t.db, user.id, usual.id);
    const signIn = await run("/", { token: (await createSession(t.db, user.id)).token });
    expect(passed(signIn).state.currentOrganization?.id).toBe(usual.id);
    // This browser's own choice still wins, and a remembered organization the user left is passed over.
    const stored = await run("/", {
      token: (await createSession(t.db, user.id)).token,
      cookies: [`guichet_org=${first.id}`],
    });
    expect(passed(stored).state.currentOrganization?.id).toBe(first.id);
    await t.db
      .delete(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.organizationId, usual.id)));
    const left = await run("/", { token: (await createSession(t.db, user.id)).token });
    expect(passed(left).state.currentOrganization?.id).toBe(first.id);
  });
});
