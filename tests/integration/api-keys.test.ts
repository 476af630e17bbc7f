import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { paymentModeOf } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import { apiKeys, entries, events, participants, rateLimits, type ApiKeyScope } from "#db/schema";
import { API_KEY_RATE_LIMIT } from "#domain/api-keys/api-key-rate-limit";
import { apiKeyModeFor } from "#domain/api-keys/api-key-text";
import { recordApiKeyUse } from "#domain/api-keys/authenticate-api-key";
import { createApiKey, MAX_ACTIVE_API_KEYS } from "#domain/api-keys/create-api-key";
import { listApiKeys } from "#domain/api-keys/list-api-keys";
import { revokeApiKey } from "#domain/api-keys/revoke-api-key";
import { createSession } from "#domain/auth/sessions";
import { signTicketToken } from "#domain/tickets/ticket-token";
import type { AppError } from "#domain/shared/app-error";
import {
  actorOf,
  insertEvent,
  insertEventsWorld,
  insertMember,
  insertOrder,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../support/fixtures";

/**
 * Issue 26 §1, decision 0047: `Authorization: Bearer gk_…` on the organization API, within the key's scopes and its
 * organization only, never the platform admin nor a person's routes, rate limited per key.
 */

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
// The test Worker has no Stripe key: payments run in demo mode (the test env type lists no optional secret).
const paymentsEnv = env as { STRIPE_SECRET_KEY?: string };
const mode = apiKeyModeFor(paymentModeOf(paymentsEnv));

async function keyWith(scopes: ApiKeyScope[], options: { mode?: "live" | "test" } = {}) {
  const { key, secret } = await createApiKey(db, world.actors.owner, {
    name: `Intégration ${scopes[0] ?? ""}`,
    scopes,
    mode: options.mode ?? mode,
  });
  return { id: key.id, secret };
}

async function call(secret: string, path: string, init: { method?: string; body?: unknown; ip?: string } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${secret}` };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.ip) headers["CF-Connecting-IP"] = init.ip;
  const response = await exports.default.fetch(`http://localhost/api${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field below
  const json: any = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, json };
}

/** Puts the key's counter at `count` in a window that is still open whatever the clock does during the test. */
async function setCounter(apiKeyId: number, count: number) {
  const key = `apiKey:${apiKeyId}`;
  const windowStartedAt = new Date(Date.now() + 60 * 60_000);
  await db
    .insert(rateLimits)
    .values({ key, count, windowStartedAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count, windowStartedAt } });
}

beforeAll(async () => {
  world = await insertEventsWorld(db);
});

describe("a key's scopes decide, through the policy", () => {
  it("events:read lists its organization's events and answers the RateLimit headers", async () => {
    const { secret } = await keyWith(["events:read"]);
    const answer = await call(secret, `/dashboard/${world.organization.id}/events`);
    expect(answer.status).toBe(200);
    const ids = answer.json.map((event: { id: number }) => event.id);
    expect(ids).toContain(world.event.id);
    expect(ids).not.toContain(world.foreignEvent.id);
    expect(answer.headers.get("RateLimit-Limit")).toBe(String(API_KEY_RATE_LIMIT.limit));
    expect(Number(answer.headers.get("RateLimit-Remaining"))).toBe(API_KEY_RATE_LIMIT.limit - 1);
    expect(Number(answer.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
    expect((await call(secret, `/events/${world.event.id}`)).status).toBe(200);
  });

  it("events:read is refused a write with 403, and the event is unchanged", async () => {
    const { secret } = await keyWith(["events:read"]);
    const update = await call(secret, `/events/${world.event.id}/status/archived`, { method: "PUT" });
    expect(update.status).toBe(403);
    expect(update.json.error).toMatchObject({ type: "forbidden" });
    const create = await call(secret, "/events", { method: "POST", body: { title: "Nouvel événement" } });
    expect(create.status).toBe(403);
    const [event] = await db.select().from(events).where(eq(events.id, world.event.id));
    expect(event!.status).toBe("draft");
  });

  it("events:write creates an event in the key's organization, attributed to the key's creator", async () => {
    const { secret } = await keyWith(["events:write"]);
    const create = await call(secret, "/events", { method: "POST", body: { title: "Créé par une clé" } });
    expect(create.status).toBe(201);
    const [event] = await db.select().from(events).where(eq(events.id, create.json.id));
    expect(event).toMatchObject({ organizationId: world.organization.id, createdBy: world.users.owner.id });
  });

  it("another organization's event and organization answer 404, as for a non-member", async () => {
    const { secret } = await keyWith(["events:read", "events:write", "orders:read", "finance:read"]);
    expect((await call(secret, `/events/${world.foreignEvent.id}`)).status).toBe(404);
    expect((await call(secret, `/dashboard/${world.foreignOrganization.id}/events`)).status).toBe(404);
    expect((await call(secret, `/organizers/${world.foreignOrganization.id}/finance/transactions`)).status).toBe(404);
    const foreignWrite = await call(secret, `/events/${world.foreignEvent.id}/status/archived`, { method: "PUT" });
    expect(foreignWrite.status).toBe(404);
    const create = await call(secret, "/events", {
      method: "POST",
      body: { title: "Ailleurs", organizer: world.foreignOrganization.id },
    });
    expect(create.status).toBe(404);
  });

  it("sales data needs orders:read: the event's participants come only with it", async () => {
    const event = await insertEvent(db, world.organization.id, { title: "Avec des ventes" });
    const ticket = await insertTicket(db, event, { title: "Plein tarif", price: 1500, purchased: 1 });
    await insertOrder(db, event, { status: "paid", places: [{ ticket, count: 1 }] });
    const path = `/dashboard/${world.organization.id}/events/${event.id}`;
    const withoutSales = await call((await keyWith(["events:read"])).secret, path);
    expect(withoutSales.status).toBe(200);
    expect(withoutSales.json.participants).toBeUndefined();
    const withSales = await call((await keyWith(["orders:read"])).secret, path);
    expect(withSales.status).toBe(200);
    expect(withSales.json.participants).toHaveLength(1);
    const stats = `${path}/stats`;
    expect((await call((await keyWith(["events:read"])).secret, stats)).status).toBe(403);
    expect((await call((await keyWith(["orders:read"])).secret, stats)).status).toBe(200);
  });

  it("participants:write edits a participant; orders:read alone is refused with 403", async () => {
    const event = await insertEvent(db, world.organization.id, { title: "Participants" });
    const ticket = await insertTicket(db, event, { title: "Entrée", price: 0, purchased: 1 });
    const { participants: rows } = await insertOrder(db, event, { status: "manual", places: [{ ticket, count: 1 }] });
    const path = `/events/${event.id}/participant-ticket/${rows[0]!.id}`;
    const body = { first_name: "Inès", last_name: "Moreau", email: "ines.moreau@exemple.test" };
    const refused = await call((await keyWith(["orders:read"])).secret, path, { method: "PUT", body });
    expect(refused.status).toBe(403);
    const edited = await call((await keyWith(["participants:write"])).secret, path, { method: "PUT", body });
    expect(edited.status).toBe(200);
    const [row] = await db.select().from(participants).where(eq(participants.id, rows[0]!.id));
    expect(row!.firstName).toBe("Inès");
  });

  it("finance:read reads the ledger; events:read is told it does not exist, as finance answers (issue 13 §7)", async () => {
    const path = `/organizers/${world.organization.id}/finance/transactions`;
    expect((await call((await keyWith(["finance:read"])).secret, path)).status).toBe(200);
    expect((await call((await keyWith(["events:read"])).secret, path)).status).toBe(404);
  });

  it("check_ins:write scans a ticket in (validated by the key's creator); events:read is refused with 403", async () => {
    const ticket = await insertTicket(db, world.event, { title: "Entrée scannée", price: 0 });
    const { participants: rows } = await insertOrder(db, world.event, {
      status: "manual",
      places: [{ ticket, count: 1 }],
    });
    const p = rows[0]!;
    const token = signTicketToken(env, { eventId: p.eventId, participantId: p.id, accessToken: p.accessToken });
    const scan = () => ({ token, direction: "in", id: crypto.randomUUID() });
    const path = `/events/${world.event.id}/check-ins`;
    const refused = await call((await keyWith(["events:read"])).secret, path, { method: "POST", body: scan() });
    expect(refused.status).toBe(403);
    const scanned = await call((await keyWith(["check_ins:write"])).secret, path, { method: "POST", body: scan() });
    expect(scanned.status).toBe(200);
    expect(scanned.json.result).toBe("ok");
    const [entry] = await db.select().from(entries).where(eq(entries.participantId, p.id));
    expect(entry!.validatedBy).toBe(world.users.owner.id);
  });

  it("every scope together still gets no organization management (members, profile, deleting events)", async () => {
    const { secret } = await keyWith([
      "events:read",
      "events:write",
      "orders:read",
      "participants:write",
      "check_ins:write",
      "finance:read",
    ]);
    expect((await call(secret, `/organizers/${world.organization.id}/members`)).status).toBe(403);
    expect((await call(secret, `/organizers/${world.organization.id}`)).status).toBe(403);
    expect(
      (await call(secret, `/events/${world.event.id}`, { method: "DELETE", body: { confirmation: "DELETE" } })).status,
    ).toBe(403);
  });
});

describe("keys never act as a person nor as a platform admin", () => {
  it("refuses /api/admin, /api/me and creating an organization with 403, even for a platform admin's key", async () => {
    const { key, secret } = await createApiKey(
      db,
      { ...world.actors.owner, isAdmin: true },
      { name: "Admin", scopes: ["events:read"], mode },
    );
    expect(key.id).toBeGreaterThan(0);
    for (const path of ["/admin/data", "/admin", "/me", "/me/organizers", "/me/organizers-admin"]) {
      const answer = await call(secret, path);
      expect(answer.status, path).toBe(403);
      expect(answer.json.error, path).toMatchObject({ type: "forbidden", code: "api_key_person_only" });
    }
    const created = await call(secret, "/organizers", { method: "POST", body: { title: "Par une clé" } });
    expect(created.status).toBe(403);
  });
});

describe("authentication", () => {
  it("a revoked key answers 401 from the next request on", async () => {
    const { id, secret } = await keyWith(["events:read"]);
    expect((await call(secret, `/dashboard/${world.organization.id}/events`)).status).toBe(200);
    await revokeApiKey(db, world.actors.owner, { apiKeyId: id });
    const answer = await call(secret, `/dashboard/${world.organization.id}/events`);
    expect(answer.status).toBe(401);
    expect(answer.json.error).toMatchObject({ type: "unauthorized", code: "api_key_invalid" });
  });

  it("an unknown key and a key of the other mode answer 401", async () => {
    const unknown = `gk_${mode}_${"a".repeat(32)}`;
    expect((await call(unknown, `/dashboard/${world.organization.id}/events`)).status).toBe(401);
    const other = await keyWith(["events:read"], { mode: mode === "test" ? "live" : "test" });
    expect((await call(other.secret, `/dashboard/${world.organization.id}/events`)).status).toBe(401);
  });

  it("in demo mode (no Stripe key) keys are test keys: gk_test_…, stored hashed only", async () => {
    expect(paymentsEnv.STRIPE_SECRET_KEY ?? "").toBe("");
    expect(mode).toBe("test");
    const { id, secret } = await keyWith(["events:read"]);
    expect(secret).toMatch(/^gk_test_[a-z2-7]{32}$/);
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.prefix).toBe(secret.slice(0, 14));
    expect(JSON.stringify(row)).not.toContain(secret.slice(14));
    expect((await call(secret, `/dashboard/${world.organization.id}/events`)).status).toBe(200);
  });

  it("records the last use, time and IP", async () => {
    const { id, secret } = await keyWith(["events:read"]);
    await call(secret, `/dashboard/${world.organization.id}/events`, { ip: "203.0.113.7" });
    await vi.waitFor(async () => {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
      expect(row!.lastUsedIp).toBe("203.0.113.7");
      expect(row!.lastUsedAt).toBeInstanceOf(Date);
    });
  });

  it("writes the last use at most once a minute", async () => {
    const { id } = await keyWith(["events:read"]);
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, 0) + ms);
    const lastUse = async () => (await db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!;
    await recordApiKeyUse(db, { apiKeyId: id, ip: "198.51.100.1", now: at(0) });
    await recordApiKeyUse(db, { apiKeyId: id, ip: "198.51.100.2", now: at(30_000) });
    expect(await lastUse()).toMatchObject({ lastUsedAt: at(0), lastUsedIp: "198.51.100.1" });
    await recordApiKeyUse(db, { apiKeyId: id, ip: "198.51.100.3", now: at(60_000) });
    expect(await lastUse()).toMatchObject({ lastUsedAt: at(60_000), lastUsedIp: "198.51.100.3" });
  });

  it("a session token still works as before", async () => {
    const { token } = await createSession(db, world.users.owner.id);
    const response = await exports.default.fetch(`http://localhost/api/dashboard/${world.organization.id}/events`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("RateLimit-Limit")).toBeNull();
  });
});

describe("rate limit per key", () => {
  it("answers 429 with Retry-After once the window is full, and other keys go on", async () => {
    const { id, secret } = await keyWith(["events:read"]);
    await setCounter(id, API_KEY_RATE_LIMIT.limit - 1);
    const last = await call(secret, `/dashboard/${world.organization.id}/events`);
    expect(last.status).toBe(200);
    expect(last.headers.get("RateLimit-Remaining")).toBe("0");
    const refused = await call(secret, `/dashboard/${world.organization.id}/events`);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ type: "rate_limited", code: "rate_limited" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("RateLimit-Limit")).toBe(String(API_KEY_RATE_LIMIT.limit));
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(refused.headers.get("RateLimit-Reset")).toBe(refused.headers.get("Retry-After"));
    const other = await keyWith(["events:read"]);
    expect((await call(other.secret, `/dashboard/${world.organization.id}/events`)).status).toBe(200);
  });

  it("parallel requests never take more than the limit", async () => {
    const { id, secret } = await keyWith(["events:read"]);
    const room = 8;
    await setCounter(id, API_KEY_RATE_LIMIT.limit - room);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => call(secret, `/dashboard/${world.organization.id}/events`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(room);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24 - room);
    const remaining = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => Number(answer.headers.get("RateLimit-Remaining")))
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: room }, (_, index) => index));
  });
});

describe("managing keys (owners and admins of the organization)", () => {
  const codeOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return null;
    } catch (error) {
      return (error as AppError).code;
    }
  };

  it("lists the organization's keys only, newest first, with the creator's email, never the key", async () => {
    const { id, secret } = await keyWith(["finance:read"]);
    const listed = await listApiKeys(db, world.actors.admin);
    expect(listed[0]).toMatchObject({ id, scopes: ["finance:read"], createdByEmail: world.users.owner.email });
    expect(JSON.stringify(listed)).not.toContain(secret.slice(14));
    expect((await listApiKeys(db, world.actors.foreignOwner)).map((key) => key.id)).not.toContain(id);
  });

  it("refuses event managers and guests (403), another organization's key is not found (404)", async () => {
    const { id } = await keyWith(["events:read"]);
    expect(await codeOf(listApiKeys(db, world.actors.manager))).toBe("forbidden");
    expect(await codeOf(listApiKeys(db, world.actors.guestManager))).toBe("forbidden");
    const input = { name: "Refusée", scopes: ["events:read" as const], mode };
    expect(await codeOf(createApiKey(db, world.actors.manager, input))).toBe("forbidden");
    expect(await codeOf(revokeApiKey(db, world.actors.foreignOwner, { apiKeyId: id }))).toBe("not_found");
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.revokedAt).toBeNull();
  });

  it(`holds at most ${MAX_ACTIVE_API_KEYS} active keys per organization; a revoked one frees its place`, async () => {
    const organization = await insertOrganization(db);
    const user = await insertUser(db);
    await insertMember(db, organization.id, user.id, "owner");
    const owner = actorOf(user, organization.id, "owner");
    const create = () => createApiKey(db, owner, { name: "Clé", scopes: ["events:read"], mode });
    const created = [];
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++) created.push(await create());
    expect(await codeOf(create())).toBe("conflict");
    await revokeApiKey(db, owner, { apiKeyId: created[0]!.key.id });
    expect(await codeOf(create())).toBeNull();
  });

  it("refuses a key without a name or without a scope, and unknown scopes", async () => {
    const create = (name: string, scopes: string[]) =>
      codeOf(createApiKey(db, world.actors.owner, { name, scopes: scopes as ApiKeyScope[], mode }));
    expect(await create("  ", ["events:read"])).toBe("validation");
    expect(await create("Sans autorisation", [])).toBe("validation");
    expect(await create("Inventée", ["members:manage"])).toBe("validation");
  });
});
