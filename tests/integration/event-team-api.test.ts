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
const users: Record<string, { id: number; email: string }> = {};
let orgId: number;
let event: { id: number; organizationId: number };
let otherEvent: { id: number; organizationId: number };
let foreignEvent: { id: number; organizationId: number };

async function accessesOf(eventId: number) {
  const rows = await db
    .select({ userId: eventAccesses.userId, roles: eventAccesses.roles })
    .from(eventAccesses)
    .where(eq(eventAccesses.eventId, eventId));
  return Object.fromEntries(rows.map((r) => [r.userId, r.roles]));
}

beforeAll(async () => {
  const organization = await insertOrganization(db);
  const foreign = await insertOrganization(db);
  orgId = organization.id;
  event = await insertEvent(db, orgId, { title: "Concert" });
  otherEvent = await insertEvent(db, orgId, { title: "Autre" });
  foreignEvent = await insertEvent(db, foreign.id, { title: "Ailleurs" });
  for (const [name, role] of [
    ["owner", "owner"],
    ["admin", "admin"],
    ["manager", "event_manager"],
    ["teamManager", ""],
    ["eventManagerGuest", ""],
    ["validator", ""],
    ["guest", ""],
  ] as const) {
    const user = await insertUser(db, {
      email: `${name.toLowerCase()}@team.test`,
      firstName: name,
      lastName: "Équipe",
    });
    await insertMember(db, orgId, user.id, role);
    users[name] = user;
    tokens[name] = (await createSession(db, user.id)).token;
  }
  await insertEventAccess(db, event, users.teamManager!, ["team_manager"]);
  await insertEventAccess(db, event, users.eventManagerGuest!, ["event_manager"]);
  await insertEventAccess(db, event, users.validator!, ["validator"]);
  const foreignOwner = await insertUser(db, { email: "owner@foreign.test" });
  await insertMember(db, foreign.id, foreignOwner.id, "owner");
  tokens.foreignOwner = (await createSession(db, foreignOwner.id)).token;
  users.colleague = await insertUser(db, { email: "colleague@exemple.test", firstName: "Chloé", lastName: "Collègue" });
});

describe("GET /api/events/:id/accesses", () => {
  it("lists first name, last name and roles, team_manager shown as admin (spec §4)", async () => {
    const { status, json } = await call(`/events/${event.id}/accesses`);
    expect(status).toBe(200);
    expect(json).toHaveLength(3);
    expect(json).toContainEqual({
      profile: users.teamManager!.id,
      event: event.id,
      email: "teammanager@team.test",
      first_name: "teamManager",
      last_name: "Équipe",
      role: "team_manager",
      roles: ["team_manager"],
      display_roles: ["admin"],
      can_validate: false,
    });
    expect(json.find((m: { profile: number }) => m.profile === users.validator!.id).can_validate).toBe(true);
  });

  it("is open to organization roles, team managers and event managers of the event; 404 to validators, guests and strangers", async () => {
    for (const as of ["owner", "admin", "manager", "teamManager", "eventManagerGuest"]) {
      expect((await call(`/events/${event.id}/accesses`, { as })).status, as).toBe(200);
    }
    for (const as of ["validator", "guest", "foreignOwner"]) {
      expect((await call(`/events/${event.id}/accesses`, { as })).status, as).toBe(404);
    }
    expect((await call(`/events/${foreignEvent.id}/accesses`)).status).toBe(404);
    expect((await call(`/events/${otherEvent.id}/accesses`, { as: "teamManager" })).status).toBe(404);
  });
});

describe("POST /api/events/:id/accesses", () => {
  it("invites someone outside the organization (issue 24 §2): nothing changes until they accept", async () => {
    const { status, json } = await call(`/events/${event.id}/accesses`, {
      method: "POST",
      body: { email: "Colleague@Exemple.test" },
      as: "teamManager",
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({ status: "pending", email: "colleague@exemple.test", event: event.id, role: "" });
    expect(json.event_roles).toBe("validator");
    expect(json).not.toHaveProperty("profile");
    expect((await accessesOf(event.id))[users.colleague!.id]).toBeUndefined();
    const [mail] = await db.select().from(devMailbox).where(eq(devMailbox.to, "colleague@exemple.test"));
    const token = /\/invitations\/([a-z2-7]{32})/.exec(mail!.text)![1]!;
    expect(mail!.text).toContain(`http://localhost:8787/invitations/${token}`);
    expect(mail!.text).toContain("Concert");

    await acceptInvitation(db, users.colleague!, token);
    expect((await accessesOf(event.id))[users.colleague!.id]).toBe("validator");
    const [membership] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, users.colleague!.id)));
    expect(membership?.role).toBe("");
  });

  it("answers the same for an email without an account, and already added / already invited (409) after", async () => {
    const ghost = await call(`/events/${event.id}/accesses`, { method: "POST", body: { email: "ghost@exemple.test" } });
    expect(ghost.status).toBe(201);
    expect(ghost.json).toMatchObject({ status: "pending", email: "ghost@exemple.test", event: event.id, role: "" });
    expect(Object.keys(ghost.json).sort()).toEqual(
      [
        "invitation_id",
        "status",
        "email",
        "role",
        "event",
        "event_roles",
        "invited_by",
        "created_at",
        "expires_at",
      ].sort(),
    );
    const invitedAgain = await call(`/events/${event.id}/accesses`, {
      method: "POST",
      body: { email: "ghost@exemple.test" },
    });
    expect([invitedAgain.status, invitedAgain.json.code]).toEqual([409, "already_invited"]);
    const again = await call(`/events/${event.id}/accesses`, {
      method: "POST",
      body: { email: "colleague@exemple.test" },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("already_added");
  });

  it("gives a member of the organization the access at once", async () => {
    const { status, json } = await call(`/events/${otherEvent.id}/accesses`, {
      method: "POST",
      body: { email: "manager@team.test" },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({ profile: users.manager!.id, event: otherEvent.id, role: "validator" });
    expect((await accessesOf(otherEvent.id))[users.manager!.id]).toBe("validator");
  });

  it("is 403 for an event manager of the event, 404 for validators, guests and other organizations; nothing added", async () => {
    const before = await accessesOf(event.id);
    const body = { email: "owner@foreign.test" };
    expect((await call(`/events/${event.id}/accesses`, { method: "POST", body, as: "eventManagerGuest" })).status).toBe(
      403,
    );
    for (const as of ["validator", "guest", "foreignOwner"]) {
      expect((await call(`/events/${event.id}/accesses`, { method: "POST", body, as })).status, as).toBe(404);
    }
    expect((await call(`/events/${foreignEvent.id}/accesses`, { method: "POST", body })).status).toBe(404);
    expect(await accessesOf(event.id)).toEqual(before);
    expect(await accessesOf(foreignEvent.id)).toEqual({});
  });
});

describe("PUT /api/events/:id/accesses", () => {
  it("sets the roles from a pipe-separated list", async () => {
    const { status, json } = await call(`/events/${event.id}/accesses`, {
      method: "PUT",
      body: { role: "validator|event_manager", profile: users.colleague!.id },
    });
    expect(status).toBe(200);
    expect(json.roles).toEqual(["validator", "event_manager"]);
    expect((await accessesOf(event.id))[users.colleague!.id]).toBe("validator|event_manager");
  });

  it("refuses unknown roles and unknown people", async () => {
    const bad = await call(`/events/${event.id}/accesses`, {
      method: "PUT",
      body: { role: "validator|owner", profile: users.colleague!.id },
    });
    expect(bad.status).toBe(400);
    const nobody = await call(`/events/${event.id}/accesses`, {
      method: "PUT",
      body: { role: "validator", profile: users.guest!.id },
    });
    expect(nobody.status).toBe(404);
  });

  it("is 403 for event managers of the event and 404 across organizations, nothing changed", async () => {
    const before = await accessesOf(event.id);
    const body = { role: "team_manager", profile: users.eventManagerGuest!.id };
    expect((await call(`/events/${event.id}/accesses`, { method: "PUT", body, as: "eventManagerGuest" })).status).toBe(
      403,
    );
    expect((await call(`/events/${event.id}/accesses`, { method: "PUT", body, as: "validator" })).status).toBe(404);
    expect((await call(`/events/${event.id}/accesses`, { method: "PUT", body, as: "foreignOwner" })).status).toBe(404);
    expect(await accessesOf(event.id)).toEqual(before);
  });

  it("removes the access with an empty role list, and DELETE removes one too", async () => {
    const { status } = await call(`/events/${event.id}/accesses`, {
      method: "PUT",
      body: { role: "", profile: users.colleague!.id },
    });
    expect(status).toBe(204);
    expect((await accessesOf(event.id))[users.colleague!.id]).toBeUndefined();
    expect(
      (await call(`/events/${event.id}/accesses/${users.validator!.id}`, { method: "DELETE", as: "foreignOwner" }))
        .status,
    ).toBe(404);
    expect(
      (await call(`/events/${event.id}/accesses/${users.validator!.id}`, { method: "DELETE", as: "eventManagerGuest" }))
        .status,
    ).toBe(403);
    expect((await call(`/events/${event.id}/accesses/${users.validator!.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await accessesOf(event.id))[users.validator!.id]).toBeUndefined();
    expect((await call(`/events/${event.id}/accesses/${users.validator!.id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("what an access opens", () => {
  it("lets a guest see exactly the events they manage (events-guest)", async () => {
    const { status, json } = await call(`/dashboard/${orgId}/events-guest`, { as: "teamManager" });
    expect(status).toBe(200);
    const ids = (Array.isArray(json) ? json : json.events).map((e: { id: number }) => e.id);
    expect(ids).toEqual([event.id]);
  });
});
