import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { auditLogs } from "#db/schema";
import { PLATFORM_ADMIN_WRITE_ACTION } from "#domain/audit/record-platform-admin-write";
import { createSession } from "#domain/auth/sessions";
import { ASK_ADMIN_COOKIE_NAME } from "~/server/ask-admin.server";
import { serverContext } from "~/server/context";
import { getSignedIn, requireSignedInMiddleware } from "~/server/guards.server";
import { sessionMiddleware } from "~/server/session.server";
import { addMember, insertEvent, insertOrganization, insertUser } from "../support/organization-fixtures";

const db = createD1Database(env.DB);
const SECRET = "s3cret-query-value-for-audit-tests";
const fetchWorker = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

let fixture: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const admin = await insertUser(db, { isAdmin: true });
  const owner = await insertUser(db);
  const foreign = await insertOrganization(db, { title: "Les Nuits" });
  const own = await insertOrganization(db, { title: "Atelier" });
  await addMember(db, foreign.id, owner.id, "owner");
  await addMember(db, own.id, admin.id, "owner");
  const event = await insertEvent(db, foreign.id, { status: "draft" });
  const ownEvent = await insertEvent(db, own.id, { status: "draft" });
  return {
    admin: { ...admin, token: (await createSession(db, admin.id)).token },
    owner: { ...owner, token: (await createSession(db, owner.id)).token },
    foreign,
    own,
    event,
    ownEvent,
  };
}

const auditRows = () => db.select().from(auditLogs).where(eq(auditLogs.action, PLATFORM_ADMIN_WRITE_ACTION));

beforeAll(async () => {
  fixture = await setUp();
});
beforeEach(async () => {
  await db.delete(auditLogs);
});

describe("writes by a platform admin in an organization they are not a member of", () => {
  const bearer = (token: string, method: string) => ({
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
  });

  it("are recorded over the API: method, path, organization, admin and time", async () => {
    const { admin, foreign, event } = fixture;
    const before = Date.now();
    const response = await fetchWorker(`/api/events/${event.id}/status/draft`, bearer(admin.token, "PUT"));
    expect(response.status).toBe(200);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organizationId: foreign.id,
      userId: admin.id,
      targetType: "request",
      targetId: `PUT /api/events/${event.id}/status/draft`,
    });
    expect(JSON.parse(rows[0]!.data)).toEqual({
      method: "PUT",
      path: `/api/events/${event.id}/status/draft`,
      adminEmail: admin.email,
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("are not confused with reads, members' own writes, or the admin's writes where they are a member", async () => {
    const { admin, owner, event, ownEvent } = fixture;
    expect((await fetchWorker(`/api/events/${event.id}`, bearer(admin.token, "GET"))).status).toBe(200);
    expect((await fetchWorker(`/api/events/${event.id}/status/draft`, bearer(owner.token, "PUT"))).status).toBe(200);
    expect((await fetchWorker(`/api/events/${ownEvent.id}/status/draft`, bearer(admin.token, "PUT"))).status).toBe(200);
    expect(await auditRows()).toEqual([]);
  });

  /** The real session middleware and signed-in guard of the web app, as React Router runs them before an action. */
  async function runPage(method: string, path: string, cookies: string[]) {
    const { admin } = fixture;
    const request = new Request(`http://localhost${path}`, {
      method,
      headers: { Cookie: [`guichet_session=${admin.token}`, ...cookies].join("; ") },
    });
    const context = new RouterContextProvider();
    context.set(serverContext, {
      env: { ADMIN_QUERY_SECRET: SECRET } as unknown as Env,
      ctx: {} as ExecutionContext,
      db,
      appVersion: "test",
      cspNonce: "test-nonce",
    });
    const args = { request, context, params: {}, unstable_pattern: "" } as never;
    await sessionMiddleware(
      args,
      () => requireSignedInMiddleware(args, async () => new Response("ok")) as Promise<Response>,
    );
    return getSignedIn(context);
  }

  it("are recorded for page actions while askAdmin is on", async () => {
    const { admin, foreign, own } = fixture;
    const askAdmin = [`${ASK_ADMIN_COOKIE_NAME}=1`, `guichet_org=${foreign.id}`];
    const state = await runPage("POST", "/event/12/settings.data", askAdmin);
    expect(state.actor).toMatchObject({ organizationId: foreign.id, viaPlatformAdmin: true });
    await runPage("GET", "/event/12/settings", askAdmin);
    await runPage("POST", "/profile", [`${ASK_ADMIN_COOKIE_NAME}=1`, `guichet_org=${own.id}`]);
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organizationId: foreign.id,
      userId: admin.id,
      targetId: "POST /event/12/settings",
    });
  });
});
