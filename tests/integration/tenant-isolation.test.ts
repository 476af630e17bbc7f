import { env, exports } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { auditLogs, events, memberships, organizations } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { addMember, insertEvent, insertOrganization, insertUser } from "../support/organization-fixtures";
import { errorOf } from "../support/error-body";

/** Cross-organization reads through the API answer 404, exactly like a missing organization, and change nothing. */

const db = createD1Database(env.DB);
const get = (path: string, token: string) =>
  exports.default.fetch(`http://localhost/api${path}`, { headers: { Authorization: `Bearer ${token}` } });

let tokens: Record<"ownerA" | "ownerB" | "managerA" | "guestA" | "admin", string>;
let organizationA: number;
let organizationB: number;

async function everything() {
  return {
    organizations: await db.select().from(organizations).orderBy(asc(organizations.id)),
    memberships: await db.select().from(memberships).orderBy(asc(memberships.id)),
    events: await db.select().from(events).orderBy(asc(events.id)),
    auditLogs: await db.select().from(auditLogs).orderBy(asc(auditLogs.id)),
  };
}

beforeAll(async () => {
  const [ownerA, ownerB, managerA, guestA, admin] = await Promise.all([
    insertUser(db),
    insertUser(db),
    insertUser(db),
    insertUser(db),
    insertUser(db, { isAdmin: true }),
  ]);
  const a = await insertOrganization(db, { title: "Organisation A", connectedAccountId: "acct_a" });
  const b = await insertOrganization(db, { title: "Organisation B", contactEmail: "secret-b@exemple.test" });
  await addMember(db, a.id, ownerA!.id, "owner");
  await addMember(db, a.id, managerA!.id, "event_manager");
  await addMember(db, a.id, guestA!.id, "");
  await addMember(db, b.id, ownerB!.id, "owner");
  await insertEvent(db, a.id, { title: "Événement A" });
  await insertEvent(db, b.id, { title: "Événement B" });
  organizationA = a.id;
  organizationB = b.id;
  const token = async (userId: number) => (await createSession(db, userId)).token;
  tokens = {
    ownerA: await token(ownerA!.id),
    ownerB: await token(ownerB!.id),
    managerA: await token(managerA!.id),
    guestA: await token(guestA!.id),
    admin: await token(admin!.id),
  };
});

describe("tenant isolation through the API", () => {
  it("lets an owner read their own organization", async () => {
    const response = await get(`/organizers/${organizationA}`, tokens.ownerA);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      organizer: organizationA,
      title: "Organisation A",
      role: "owner",
      payment_account: "need_validation",
    });
  });

  it("answers 404 for another organization, with the same body as for one that does not exist", async () => {
    const before = await everything();
    const foreign = await get(`/organizers/${organizationB}`, tokens.ownerA);
    const missing = await get("/organizers/987654", tokens.ownerA);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    const foreignBody = await foreign.text();
    // The same answer but for the id of the request itself.
    const { request_id: _foreignId, ...foreignError } = errorOf(JSON.parse(foreignBody));
    const { request_id: _missingId, ...missingError } = errorOf(await missing.json());
    expect(foreignError).toEqual(missingError);
    expect(foreignBody).not.toContain("Organisation B");
    expect(foreignBody).not.toContain("secret-b");
    expect(await everything()).toEqual(before);
  });

  it("answers 404 to every role of organization A reading organization B", async () => {
    const before = await everything();
    for (const token of [tokens.ownerA, tokens.managerA, tokens.guestA]) {
      expect((await get(`/organizers/${organizationB}`, token)).status).toBe(404);
    }
    expect((await get(`/organizers/${organizationA}`, tokens.ownerB)).status).toBe(404);
    expect(await everything()).toEqual(before);
  });

  it("answers 403 to members whose role may not see the organization profile", async () => {
    expect((await get(`/organizers/${organizationA}`, tokens.managerA)).status).toBe(403);
    expect((await get(`/organizers/${organizationA}`, tokens.guestA)).status).toBe(403);
  });

  it("answers 404 for malformed ids", async () => {
    for (const id of ["0", "-1", "abc", "1e3", "99999999999999999999"]) {
      expect((await get(`/organizers/${id}`, tokens.ownerA)).status).toBe(404);
    }
  });

  it("lists only the caller's own organizations", async () => {
    const list = (await (await get("/me/organizers", tokens.ownerA)).json()) as { organizer: number }[];
    expect(list.map((o) => o.organizer)).toEqual([organizationA]);
    const other = (await (await get("/me/organizers", tokens.ownerB)).json()) as { organizer: number }[];
    expect(other.map((o) => o.organizer)).toEqual([organizationB]);
  });

  it("keeps the all-organizations list and the admin data for platform admins", async () => {
    const before = await everything();
    for (const token of [tokens.ownerA, tokens.managerA, tokens.guestA, tokens.ownerB]) {
      expect((await get("/me/organizers-admin", token)).status).toBe(403);
      expect((await get("/admin/data", token)).status).toBe(403);
    }
    expect((await get(`/organizers/${organizationB}`, tokens.admin)).status).toBe(200);
    expect(await everything()).toEqual(before);
  });

  it("pages the admin data (one page of each list, with their totals), never unbounded", async () => {
    const body = async (query: string) =>
      (await (await get(`/admin/data${query}`, tokens.admin)).json()) as Record<string, unknown> & {
        organizations: { organizer: number }[];
        events: { id: number }[];
      };
    const whole = await body("");
    expect(whole).toMatchObject({ page: 0, limit: 100 });
    expect(whole.organizations_total).toBe(whole.organizations.length);
    expect(whole.events_total).toBe(whole.events.length);
    const one = await body("?limit=1");
    expect(one.organizations).toHaveLength(1);
    expect(one.events).toHaveLength(1);
    expect(one).toMatchObject({
      limit: 1,
      organizations_total: whole.organizations_total,
      events_total: whole.events_total,
    });
    const next = await body("?limit=1&page=1");
    expect(next.events[0]!.id).toBe(whole.events[1]!.id);
    expect((await body("?limit=99999")).limit).toBe(500);
    expect((await get("/admin/data?page=x", tokens.admin)).status).toBe(400);
  });

  it("answers 404 to another organization's members for the event calls, the private link included, changing nothing", async () => {
    const [eventB] = await db.select().from(events).where(eq(events.organizationId, organizationB));
    const before = await everything();
    const send = (path: string, method: string, token: string) =>
      exports.default.fetch(`http://localhost/api${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    for (const token of [tokens.ownerA, tokens.managerA, tokens.guestA]) {
      expect((await send(`/events/${eventB!.id}/private-link`, "POST", token)).status).toBe(404);
      expect((await send(`/events/${eventB!.id}/status/published`, "PUT", token)).status).toBe(404);
      expect((await send(`/events/${eventB!.id}/publish-readiness`, "GET", token)).status).toBe(404);
      expect((await send(`/dashboard/${organizationB}/events?page=0&limit=10`, "GET", token)).status).toBe(404);
    }
    expect(await everything()).toEqual(before);
  });
});
