import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { devMailbox, eventAccesses, memberships } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { acceptInvitation } from "#domain/invitations/accept-invitation";
import { apiClient } from "./api-client";
import { insertEvent, insertEventAccess, insertMember, insertOrganization, insertUser } from "../support/fixtures";

const db = createD1Database(env.DB);
const tokens: Record<string, string> = {};
const call = apiClient(tokens);
let orgId: number;
let foreignOrgId: number;
const users: Record<string, { id: number; email: string }> = {};

async function rolesOf(organizationId: number) {
  const rows = await db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId));
  return Object.fromEntries(rows.map((r) => [r.userId, r.role]));
}

beforeAll(async () => {
  const organization = await insertOrganization(db, { title: "Les Nuits Sonores" });
  const foreign = await insertOrganization(db, { title: "Théâtre du Quai" });
  orgId = organization.id;
  foreignOrgId = foreign.id;
  for (const [name, role] of [
    ["owner", "owner"],
    ["admin", "admin"],
    ["manager", "event_manager"],
    ["guest", ""],
  ] as const) {
    const user = await insertUser(db, { email: `${name}@nuits.test`, firstName: name, lastName: "Nuits" });
    await insertMember(db, orgId, user.id, role);
    users[name] = user;
    tokens[name] = (await createSession(db, user.id)).token;
  }
  const foreignOwner = await insertUser(db, { email: "owner@theatre.test" });
  await insertMember(db, foreignOrgId, foreignOwner.id, "owner");
  users.foreignOwner = foreignOwner;
  tokens.foreignOwner = (await createSession(db, foreignOwner.id)).token;
  users.newcomer = await insertUser(db, { email: "newcomer@exemple.test", firstName: "Nina", lastName: "Neuve" });
  users.second = await insertUser(db, { email: "second@exemple.test", firstName: "Sam", lastName: "Second" });
});

describe("GET /api/organizers/:id/members", () => {
  it("lists name, email and role for owners and admins", async () => {
    for (const as of ["owner", "admin"]) {
      const { status, json } = await call(`/organizers/${orgId}/members`, { as });
      expect(status).toBe(200);
      expect(json).toHaveLength(4);
      expect(json).toContainEqual({
        user_id: users.manager!.id,
        email: "manager@nuits.test",
        first_name: "manager",
        last_name: "Nuits",
        role: "event_manager",
      });
    }
  });

  it("is 403 for event managers and guests, 404 for another organization", async () => {
    expect((await call(`/organizers/${orgId}/members`, { as: "manager" })).status).toBe(403);
    expect((await call(`/organizers/${orgId}/members`, { as: "guest" })).status).toBe(403);
    expect((await call(`/organizers/${orgId}/members`, { as: "foreignOwner" })).status).toBe(404);
    expect((await call(`/organizers/${foreignOrgId}/members`, { as: "owner" })).status).toBe(404);
  });
});

describe("POST /api/organizers/:id/members", () => {
  it("invites (issue 24 §2): nobody is added until the invitee accepts, by a link built from APP_URL", async () => {
    const { status, json } = await call(`/organizers/${orgId}/members`, {
      method: "POST",
      body: { email: "  NewComer@Exemple.test ", role: "event_manager" },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      status: "pending",
      email: "newcomer@exemple.test",
      role: "event_manager",
      event: null,
    });
    expect((await rolesOf(orgId))[users.newcomer!.id]).toBeUndefined();
    const mails = await db.select().from(devMailbox).where(eq(devMailbox.to, "newcomer@exemple.test"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Les Nuits Sonores");
    const token = /\/invitations\/([a-z2-7]{32})/.exec(mails[0]!.text)![1]!;
    expect(mails[0]!.text).toContain(`http://localhost:8787/invitations/${token}`);
    await acceptInvitation(db, users.newcomer!, token);
    expect((await rolesOf(orgId))[users.newcomer!.id]).toBe("event_manager");
  });

  it("answers 'already added' (409) for a member, without a second row or email", async () => {
    const { status, json } = await call(`/organizers/${orgId}/members`, {
      method: "POST",
      body: { email: "newcomer@exemple.test", role: "admin" },
    });
    expect(status).toBe(409);
    expect(json.code).toBe("already_added");
    expect((await rolesOf(orgId))[users.newcomer!.id]).toBe("event_manager");
    expect(await db.select().from(devMailbox).where(eq(devMailbox.to, "newcomer@exemple.test"))).toHaveLength(1);
  });

  it("answers the same whether or not the email has an account; refuses an invalid email or role", async () => {
    const before = await rolesOf(orgId);
    const answers = [];
    for (const email of ["second@exemple.test", "nobody@exemple.test"]) {
      const { status, json } = await call(`/organizers/${orgId}/members`, {
        method: "POST",
        body: { email, role: "admin" },
      });
      answers.push({ status, keys: Object.keys(json).sort(), role: json.role, state: json.status });
      const again = await call(`/organizers/${orgId}/members`, { method: "POST", body: { email, role: "admin" } });
      expect([again.status, again.json.code]).toEqual([409, "already_invited"]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 201, role: "admin", state: "pending" });
    expect(
      (await call(`/organizers/${orgId}/members`, { method: "POST", body: { email: "x", role: "admin" } })).status,
    ).toBe(400);
    const badRole = await call(`/organizers/${orgId}/members`, {
      method: "POST",
      body: { email: "third@exemple.test", role: "emperor" },
    });
    expect(badRole.status).toBe(400);
    expect(await rolesOf(orgId)).toEqual(before);
  });

  it("on D1 too, two simultaneous accepts of one invitation add one membership", async () => {
    const mails = await db.select().from(devMailbox).where(eq(devMailbox.to, "second@exemple.test"));
    const token = /\/invitations\/([a-z2-7]{32})/.exec(mails.at(-1)!.text)![1]!;
    const results = await Promise.all([
      acceptInvitation(db, users.second!, token),
      acceptInvitation(db, users.second!, token),
    ]);
    expect(results.map((r) => r.organizationId)).toEqual([orgId, orgId]);
    const rows = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, users.second!.id)));
    expect(rows.map((r) => r.role)).toEqual(["admin"]);
    // Back out of the organization for the next tests.
    await db.delete(memberships).where(eq(memberships.id, rows[0]!.id));
  });

  it("is only for owners (403 otherwise) and 404 for another organization, nothing added", async () => {
    const before = await rolesOf(orgId);
    for (const as of ["admin", "manager", "guest"]) {
      const { status } = await call(`/organizers/${orgId}/members`, {
        method: "POST",
        body: { email: "second@exemple.test", role: "" },
        as,
      });
      expect(status).toBe(403);
    }
    const foreign = await call(`/organizers/${orgId}/members`, {
      method: "POST",
      body: { email: "second@exemple.test", role: "owner" },
      as: "foreignOwner",
    });
    expect(foreign.status).toBe(404);
    expect(await rolesOf(orgId)).toEqual(before);
  });
});

describe("PUT /api/organizers/:id/members/:user_id", () => {
  it("changes a role among the organization roles", async () => {
    const { status, json } = await call(`/organizers/${orgId}/members/${users.newcomer!.id}`, {
      method: "PUT",
      body: { role: "admin" },
    });
    expect(status).toBe(200);
    expect(json.role).toBe("admin");
    expect((await rolesOf(orgId))[users.newcomer!.id]).toBe("admin");
  });

  it("keeps the last owner: demoting them is a 409 and nothing changes", async () => {
    const { status, json } = await call(`/organizers/${orgId}/members/${users.owner!.id}`, {
      method: "PUT",
      body: { role: "admin" },
    });
    expect(status).toBe(409);
    expect(json.code).toBe("last_owner");
    expect((await rolesOf(orgId))[users.owner!.id]).toBe("owner");
  });

  it("lets two owners demote each other in parallel and still keeps exactly one owner", async () => {
    await call(`/organizers/${orgId}/members/${users.newcomer!.id}`, { method: "PUT", body: { role: "owner" } });
    tokens.newcomer = (await createSession(db, users.newcomer!.id)).token;
    const [a, b] = await Promise.all([
      call(`/organizers/${orgId}/members/${users.newcomer!.id}`, { method: "PUT", body: { role: "admin" } }),
      call(`/organizers/${orgId}/members/${users.owner!.id}`, {
        method: "PUT",
        body: { role: "admin" },
        as: "newcomer",
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const owners = Object.values(await rolesOf(orgId)).filter((role) => role === "owner");
    expect(owners).toHaveLength(1);
    // Put the original owner back in charge for the next tests.
    const remaining = a.status === 200 ? "owner" : "newcomer";
    if (remaining === "newcomer") {
      await call(`/organizers/${orgId}/members/${users.owner!.id}`, {
        method: "PUT",
        body: { role: "owner" },
        as: "newcomer",
      });
    }
    await call(`/organizers/${orgId}/members/${users.newcomer!.id}`, {
      method: "PUT",
      body: { role: "event_manager" },
    });
    expect((await rolesOf(orgId))[users.owner!.id]).toBe("owner");
  });

  it("is 403 for admins (who cannot raise anyone, themselves included), 404 for another organization or a stranger", async () => {
    const before = await rolesOf(orgId);
    const raise = await call(`/organizers/${orgId}/members/${users.admin!.id}`, {
      method: "PUT",
      body: { role: "owner" },
      as: "admin",
    });
    expect(raise.status).toBe(403);
    const foreign = await call(`/organizers/${orgId}/members/${users.manager!.id}`, {
      method: "PUT",
      body: { role: "" },
      as: "foreignOwner",
    });
    expect(foreign.status).toBe(404);
    const stranger = await call(`/organizers/${orgId}/members/${users.foreignOwner!.id}`, {
      method: "PUT",
      body: { role: "" },
    });
    expect(stranger.status).toBe(404);
    const foreignMember = await call(`/organizers/${foreignOrgId}/members/${users.foreignOwner!.id}`, {
      method: "PUT",
      body: { role: "" },
    });
    expect(foreignMember.status).toBe(404);
    expect(await rolesOf(orgId)).toEqual(before);
    expect((await rolesOf(foreignOrgId))[users.foreignOwner!.id]).toBe("owner");
  });
});

describe("DELETE /api/organizers/:id/members/:user_id", () => {
  it("removes a member and their accesses to the organization's events", async () => {
    const event = await insertEvent(db, orgId);
    await insertEventAccess(db, event, users.newcomer!, ["validator"]);
    const { status } = await call(`/organizers/${orgId}/members/${users.newcomer!.id}`, { method: "DELETE" });
    expect(status).toBe(204);
    expect((await rolesOf(orgId))[users.newcomer!.id]).toBeUndefined();
    const accesses = await db
      .select()
      .from(eventAccesses)
      .where(and(eq(eventAccesses.eventId, event.id), eq(eventAccesses.userId, users.newcomer!.id)));
    expect(accesses).toHaveLength(0);
    expect((await call(`/organizers/${orgId}/members/${users.newcomer!.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("never removes the last owner", async () => {
    const { status } = await call(`/organizers/${orgId}/members/${users.owner!.id}`, { method: "DELETE" });
    expect(status).toBe(409);
    expect((await rolesOf(orgId))[users.owner!.id]).toBe("owner");
  });

  it("is 403 for non-owners and 404 across organizations, nothing removed", async () => {
    const before = await rolesOf(orgId);
    expect(
      (await call(`/organizers/${orgId}/members/${users.guest!.id}`, { method: "DELETE", as: "admin" })).status,
    ).toBe(403);
    expect(
      (await call(`/organizers/${orgId}/members/${users.guest!.id}`, { method: "DELETE", as: "foreignOwner" })).status,
    ).toBe(404);
    expect(
      (await call(`/organizers/${foreignOrgId}/members/${users.foreignOwner!.id}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect(await rolesOf(orgId)).toEqual(before);
    expect((await rolesOf(foreignOrgId))[users.foreignOwner!.id]).toBe("owner");
  });
});
