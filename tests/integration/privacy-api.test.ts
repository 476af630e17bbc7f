import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { hashPassword } from "#domain/auth/password";
import { createSession, validateSessionToken } from "#domain/auth/sessions";
import { anonymiseDueOrganizations } from "#domain/privacy/anonymise-due-organizations";
import { anonymiseEndedEvents } from "#domain/privacy/anonymise-ended-events";
import { deleteAccount } from "#domain/privacy/delete-account";
import { actorOf, insertEvent, insertMember, insertOrder, insertOrganization, insertUser } from "../support/fixtures";
import { errorOf } from "../support/error-body";

const db = createD1Database(env.DB);
const tokens: Record<string, string> = {};
let orgId: number;
let foreignOrgId: number;
let ownerId: number;
let endedEventId: number;

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

async function get(path: string, as: string) {
  return exports.default.fetch(`http://localhost/api${path}`, { headers: { Authorization: `Bearer ${tokens[as]}` } });
}

beforeAll(async () => {
  const organization = await insertOrganization(db, { title: "Les Nuits Privées" });
  const foreign = await insertOrganization(db, { title: "Théâtre Voisin" });
  orgId = organization.id;
  foreignOrgId = foreign.id;
  for (const [name, role, organizationId] of [
    ["owner", "owner", orgId],
    ["admin", "admin", orgId],
    ["manager", "event_manager", orgId],
    ["guest", "", orgId],
    ["foreignOwner", "owner", foreignOrgId],
  ] as const) {
    const user = await insertUser(db, { email: `${name}@privacy.test` });
    await insertMember(db, organizationId, user.id, role);
    tokens[name] = (await createSession(db, user.id)).token;
    if (name === "owner") ownerId = user.id;
  }
  const ended = await insertEvent(db, orgId, {
    title: "Fête 2024",
    startAt: new Date("2024-06-01T18:00:00Z"),
    endAt: new Date("2024-06-01T23:00:00Z"),
  });
  endedEventId = ended.id;
  const { order, participants } = await insertOrder(db, ended, { status: "paid", tickets: 3, price: 1200 });
  await db.insert(schema.formAnswers).values({
    organizationId: orgId,
    eventId: ended.id,
    orderId: order.id,
    participantId: participants[0]!.id,
    formType: "before",
    questionId: "diet",
    questionTitle: "Régime",
    value: JSON.stringify("végétarien"),
  });
  await db.insert(schema.webhookEndpoints).values({
    organizationId: orgId,
    url: "https://hooks.privacy.test/in",
    secret: "whsec_bm90LWluLXRoZS1leHBvcnQ=",
  });
  const foreignEvent = await insertEvent(db, foreignOrgId, { title: "Chez les voisins" });
  await insertOrder(db, foreignEvent, { status: "paid", tickets: 1 });
});

describe("GET /api/organizers/:id/export", () => {
  it("streams a zip of every table as JSON and CSV, without secrets, for the owner", async () => {
    const response = await get(`/organizers/${orgId}/export`, "owner");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="guichet-export-\d+-/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => decoder.decode(files[name]!);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        "README.txt",
        "json/organization.json",
        "json/members.json",
        "json/events.json",
        "json/orders.json",
        "json/participants.json",
        "json/answers.json",
        "json/webhook_endpoints.json",
        "csv/participants.csv",
        "csv/transactions.csv",
        "csv/payouts.csv",
        "csv/contact_entries.csv",
      ]),
    );
    expect(JSON.parse(text("json/organization.json"))).toEqual([
      expect.objectContaining({ id: orgId, title: "Les Nuits Privées" }),
    ]);
    expect(JSON.parse(text("json/members.json"))).toHaveLength(4);
    expect(JSON.parse(text("json/participants.json"))).toHaveLength(3);
    expect(JSON.parse(text("json/answers.json"))).toEqual([expect.objectContaining({ value: '"végétarien"' })]);
    expect(text("csv/participants.csv").startsWith("\uFEFFid,")).toBe(true);
    const all = Object.keys(files)
      .map((name) => text(name))
      .join("\n");
    expect(all).not.toContain("whsec_");
    expect(all).not.toContain("Chez les voisins");
    const audit = await db.select().from(schema.auditLogs).where(eq(schema.auditLogs.action, "privacy.export"));
    expect(audit.some((row) => row.organizationId === orgId && row.userId === ownerId)).toBe(true);
  });

  it("is 403 for admins, event managers and guests, 404 for another organization", async () => {
    for (const as of ["admin", "manager", "guest"]) {
      const response = await get(`/organizers/${orgId}/export`, as);
      expect(response.status).toBe(403);
      expect(errorOf(await response.json())).toMatchObject({ type: "forbidden" });
    }
    expect((await get(`/organizers/${orgId}/export`, "foreignOwner")).status).toBe(404);
    expect((await get(`/organizers/${foreignOrgId}/export`, "owner")).status).toBe(404);
    const signedOut = await exports.default.fetch(`http://localhost/api/organizers/${orgId}/export`);
    expect(signedOut.status).toBe(401);
  });
});

describe("privacy use-cases on D1", () => {
  it("anonymises an ended event in batches and keeps its figures; the cron does nothing while it is off", async () => {
    const [before] = await db.select().from(schema.salesFigures).where(eq(schema.salesFigures.eventId, endedEventId));
    expect(await anonymiseDueOrganizations(db)).toMatchObject({ events: 0 });
    const owner = actorOf({ id: ownerId, email: "owner@privacy.test" }, orgId, "owner");
    const result = await anonymiseEndedEvents(db, owner, { organizationId: orgId, batchSize: 2 });
    expect(result).toEqual({ events: 1, participants: 3, orders: 1, answers: 1, done: true });
    const people = await db.select().from(schema.participants).where(eq(schema.participants.eventId, endedEventId));
    expect(people.map((p) => [p.firstName, p.email])).toEqual([
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
    const [after] = await db.select().from(schema.salesFigures).where(eq(schema.salesFigures.eventId, endedEventId));
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect(await anonymiseEndedEvents(db, owner, { organizationId: orgId })).toMatchObject({ events: 0, done: true });
  });

  it("deletes an account with its memberships and sessions, refusing a sole owner", async () => {
    const refused = await deleteAccount(db, { userId: ownerId }, { password: "x" }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "conflict", details: { organizations: [{ id: orgId }] } });
    const leaving = await insertUser(db, { passwordHash: await hashPassword("Velours-Marée-42") });
    await insertMember(db, orgId, leaving.id, "admin");
    const { token } = await createSession(db, leaving.id);
    await deleteAccount(db, { userId: leaving.id }, { password: "Velours-Marée-42" });
    expect(await validateSessionToken(db, token)).toBeNull();
    expect(await db.select().from(schema.memberships).where(eq(schema.memberships.userId, leaving.id))).toEqual([]);
    expect(await db.select().from(schema.users).where(eq(schema.users.id, leaving.id))).toEqual([]);
  });
});
