import { env, exports } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { auditLogs, memberships, organizations } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { insertEvent, insertMember, insertOrganization, insertUser } from "../support/fixtures";
import { errorOf } from "../support/error-body";

const db = createD1Database(env.DB);
const api = (path: string, token: string | null, init: RequestInit = {}) =>
  exports.default.fetch(`http://localhost/api${path}`, {
    ...init,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
const post = (path: string, token: string | null, body: unknown) =>
  api(path, token, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

let ownerToken: string;
let adminToken: string;
let loneToken: string;
let loneUserId: number;
let nuitsId: number;
let theatreId: number;

async function tokenFor(userId: number) {
  return (await createSession(db, userId)).token;
}

async function snapshot() {
  const [orgs] = await db.select({ n: count() }).from(organizations);
  const [members] = await db.select({ n: count() }).from(memberships);
  const [audits] = await db.select({ n: count() }).from(auditLogs);
  return { organizations: orgs!.n, memberships: members!.n, audits: audits!.n };
}

beforeAll(async () => {
  const owner = await insertUser(db, { email: "owner@exemple.test" });
  const admin = await insertUser(db, { email: "admin@exemple.test", isAdmin: true });
  const lone = await insertUser(db, { email: "lone@exemple.test" });
  const nuits = await insertOrganization(db, { title: "Les Nuits Sonores" });
  const theatre = await insertOrganization(db, { title: "Théâtre du Quai" });
  const asso = await insertOrganization(db, { title: "asso des quais" });
  await insertMember(db, nuits.id, owner.id, "owner");
  await insertMember(db, asso.id, owner.id, "event_manager");
  await insertMember(db, theatre.id, admin.id, "owner");
  await insertEvent(db, nuits.id, { title: "Festival", status: "published" });
  nuitsId = nuits.id;
  theatreId = theatre.id;
  loneUserId = lone.id;
  [ownerToken, adminToken, loneToken] = await Promise.all([tokenFor(owner.id), tokenFor(admin.id), tokenFor(lone.id)]);
});

describe("GET /api/me/organizers", () => {
  it("lists the caller's organizations as {organizer, title}, sorted by title", async () => {
    const response = await api("/me/organizers", ownerToken);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { organizer: number; title: string; role: string }[];
    expect(body.map(({ title, role }) => ({ title, role }))).toEqual([
      { title: "asso des quais", role: "event_manager" },
      { title: "Les Nuits Sonores", role: "owner" },
    ]);
    expect(body[1]!.organizer).toBe(nuitsId);
  });

  it("is an empty list for a user without organization, and 401 without a session", async () => {
    expect(await (await api("/me/organizers", loneToken)).json()).toEqual([]);
    expect((await api("/me/organizers", null)).status).toBe(401);
    expect((await api("/me/organizers", "not-a-real-token")).status).toBe(401);
  });

  it("leaves GET /api/me to its own router", async () => {
    const response = await api("/me", ownerToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: "owner@exemple.test" });
  });
});

describe("GET /api/me/organizers-admin", () => {
  it("lists every organization, sorted by title, for a platform admin", async () => {
    const response = await api("/me/organizers-admin", adminToken);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { organizer: number; title: string; role: string }[];
    expect(body.map((o) => o.title)).toEqual(["asso des quais", "Les Nuits Sonores", "Théâtre du Quai"]);
    expect(body.find((o) => o.organizer === theatreId)?.role).toBe("owner");
  });

  it("answers 403 to anyone else", async () => {
    const response = await api("/me/organizers-admin", ownerToken);
    expect(response.status).toBe(403);
    expect(errorOf(await response.json())).toMatchObject({ type: "forbidden" });
  });
});

describe("POST /api/organizers", () => {
  it("creates the organization with the spec's defaults and makes the caller its owner", async () => {
    const response = await post("/organizers", loneToken, { title: "Mon asso" });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
    expect(row).toMatchObject({
      title: "Mon asso",
      description: "",
      smallDescription: "",
      isPrivate: false,
      addressLabel: "",
      addressLatitude: 50_000_000,
      addressLongitude: 50_000_000,
      mainPicture: "",
      coverPicture: "",
      pageUrl: "",
    });
    const [membership] = await db.select().from(memberships).where(eq(memberships.organizationId, id));
    expect(membership).toMatchObject({ userId: loneUserId, role: "owner" });
    const list = (await (await api("/me/organizers", loneToken)).json()) as { organizer: number }[];
    expect(list.map((o) => o.organizer)).toEqual([id]);
  });

  it("accepts the spec's full payload, with nulls meaning defaults and coordinates as text", async () => {
    const response = await post("/organizers", adminToken, {
      title: "Collectif Rive Gauche",
      description: "<p>Concerts</p>",
      small_description: "Concerts",
      is_private: true,
      address_label: "Quai Claude Bernard, Lyon",
      address_latitude: "45.7485",
      address_longitude: 4.8378,
      main_picture: null,
      cover_picture: "organizers/rive-gauche/cover",
      page_url: "https://rive-gauche.exemple.test",
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
    expect(row).toMatchObject({
      isPrivate: true,
      addressLatitude: 45_748_500,
      addressLongitude: 4_837_800,
      mainPicture: "",
      coverPicture: "organizers/rive-gauche/cover",
    });
  });

  const bad: [string, unknown, number, string, Record<string, string>?][] = [
    ["a missing title", {}, 400, "title_required", { title: "title_required" }],
    ["an empty title", { title: "   " }, 400, "title_required"],
    ["a title that is not text", { title: 42 }, 400, "title_required"],
    ["a 65-character title", { title: "x".repeat(65) }, 400, "title_max_64", { title: "title_max_64" }],
    [
      "a taken title in another case",
      { title: "LES NUITS SONORES" },
      409,
      "title_not_unique",
      { title: "title_not_unique" },
    ],
    ["a taken title with other spacing", { title: " Théâtre  du Quai " }, 409, "title_not_unique"],
    [
      "an oversized description",
      { title: "Neuve 1", description: "x".repeat(10_001) },
      400,
      "invalid_input",
      { description: "description_too_long" },
    ],
    [
      "an oversized short description",
      { title: "Neuve 2", small_description: "x".repeat(256) },
      400,
      "invalid_input",
      { small_description: "small_description_too_long" },
    ],
    [
      "an oversized address",
      { title: "Neuve 3", address_label: "x".repeat(256) },
      400,
      "invalid_input",
      { address_label: "address_too_long" },
    ],
    [
      "an oversized page address",
      { title: "Neuve 4", page_url: `https://a.test/${"x".repeat(2048)}` },
      400,
      "invalid_input",
      { page_url: "page_url_invalid" },
    ],
    [
      "a script page address",
      { title: "Neuve 5", page_url: "javascript:alert(1)" },
      400,
      "invalid_input",
      { page_url: "page_url_invalid" },
    ],
    [
      "an oversized picture path",
      { title: "Neuve 6", main_picture: `organizers/${"x".repeat(600)}` },
      400,
      "invalid_input",
      { main_picture: "picture_invalid" },
    ],
    [
      "a latitude out of range",
      { title: "Neuve 7", address_latitude: 120 },
      400,
      "invalid_input",
      { address_latitude: "coordinate_invalid" },
    ],
    [
      "a private flag that is not a boolean",
      { title: "Neuve 8", is_private: "true" },
      400,
      "invalid_input",
      { is_private: "invalid_input" },
    ],
    ["a body that is not an object", [1, 2], 400, "invalid_input"],
    ["a body that is not JSON", "{title:", 400, "invalid_json"],
  ];
  for (const [what, body, status, code, fields] of bad) {
    it(`refuses ${what} with ${status} and writes nothing`, async () => {
      const before = await snapshot();
      const response = await post("/organizers", ownerToken, body);
      expect(response.status).toBe(status);
      const answer = errorOf(await response.json());
      expect(answer.code).toBe(code);
      if (fields) expect(answer.fields).toMatchObject(fields);
      expect(await snapshot()).toEqual(before);
    });
  }

  it("refuses a 64-character look-alike of a 63-character title on D1, and creates an unrelated long one", async () => {
    // D1 refuses LIKE patterns over 50 bytes: the look-alike check must not build one from a long title.
    const base = `Festival international des musiques de la vallée du Rhône ${Date.now().toString(36)}`.slice(0, 63);
    expect((await post("/organizers", ownerToken, { title: base })).status).toBe(201);
    const lookalike = await post("/organizers", ownerToken, { title: `${base}2` });
    expect(lookalike.status).toBe(409);
    expect(errorOf(await lookalike.json())).toMatchObject({ fields: { title: "title_lookalike" } });
    const other = `Rencontres cinématographiques de la vallée de la Dordogne ${Date.now().toString(36)}`.slice(0, 64);
    expect((await post("/organizers", ownerToken, { title: other })).status).toBe(201);
  });

  it("lets the spec's client tell the errors apart by '64' and 'unique' (§5): in the code, and '64' in the message", async () => {
    const long = errorOf(await (await post("/organizers", ownerToken, { title: "y".repeat(80) })).json());
    const taken = errorOf(await (await post("/organizers", ownerToken, { title: "les nuits sonores" })).json());
    expect(long).toMatchObject({ type: "validation", code: "title_max_64", fields: { title: "title_max_64" } });
    expect(long.message).toBe("Le nom d'une organisation doit contenir au maximum 64 caractères.");
    expect(taken).toMatchObject({ type: "conflict", code: "title_not_unique", fields: { title: "title_not_unique" } });
    expect(taken.message).toBe("Ce nom est déjà pris. Veuillez en choisir un autre.");
  });

  it("refuses a caller without a session", async () => {
    const before = await snapshot();
    expect((await post("/organizers", null, { title: "Sans session" })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a cookie-authenticated request from another site", async () => {
    const before = await snapshot();
    const response = await exports.default.fetch("http://localhost/api/organizers", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: `guichet_session=${ownerToken}`,
        Origin: "https://evil.example",
      },
      body: JSON.stringify({ title: "Forgée" }),
    });
    expect(response.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("GET /api/admin/data", () => {
  it("returns every organization and event to a platform admin", async () => {
    const response = await api("/admin/data", adminToken);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      organizations: { organizer: number; title: string; members_count: number; events_count: number }[];
      events: { id: number; organizer: number; title: string; status: string }[];
    };
    expect(body.organizations.find((o) => o.organizer === nuitsId)).toMatchObject({
      title: "Les Nuits Sonores",
      members_count: 1,
      events_count: 1,
    });
    expect(body.events).toEqual([
      expect.objectContaining({ organizer: nuitsId, title: "Festival", status: "published" }),
    ]);
  });

  it("answers 403 to anyone else, 401 without a session", async () => {
    expect((await api("/admin/data", ownerToken)).status).toBe(403);
    expect((await api("/admin/data", loneToken)).status).toBe(403);
    expect((await api("/admin/data", null)).status).toBe(401);
  });
});
