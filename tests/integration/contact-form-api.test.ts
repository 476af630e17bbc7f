import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { contactEntries, devMailbox } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { action as organizerPageAction } from "~/routes/public/organizer-page";
import { serverContext } from "~/server/context";
import { apiClient } from "./api-client";
import { insertMember, insertOrganization, insertUser } from "../support/fixtures";

const db = createD1Database(env.DB);
const tokens: Record<string, string> = {};
const call = apiClient(tokens);
let orgId: number;
let foreignId: number;
let privateId: number;
let foreignEntryId: number;

const send = (organizationId: number, body: Record<string, unknown>, ip = "203.0.113.7") =>
  exports.default.fetch(`http://localhost/api/public/organizers/${organizationId}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, Origin: "https://ailleurs.example" },
    body: JSON.stringify(body),
  });

const message = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Camille",
  last_name: "Durand",
  email: "camille@exemple.test",
  subject: "Accès PMR",
  message: "La salle est-elle accessible en fauteuil ?",
  website: "",
  ...overrides,
});

async function entriesOf(organizationId: number) {
  return db.select().from(contactEntries).where(eq(contactEntries.organizationId, organizationId));
}

beforeAll(async () => {
  orgId = (await insertOrganization(db, { title: "Nuits", contactEmail: "bonjour@nuits.test" })).id;
  foreignId = (await insertOrganization(db, { title: "Quai" })).id;
  privateId = (await insertOrganization(db, { title: "Secret", isPrivate: true })).id;
  for (const [name, role] of [
    ["owner", "owner"],
    ["admin", "admin"],
    ["manager", "event_manager"],
    ["guest", ""],
  ] as const) {
    const user = await insertUser(db);
    await insertMember(db, orgId, user.id, role);
    tokens[name] = (await createSession(db, user.id)).token;
  }
  const foreignOwner = await insertUser(db, { email: "quai-owner@exemple.test" });
  await insertMember(db, foreignId, foreignOwner.id, "owner");
  tokens.foreignOwner = (await createSession(db, foreignOwner.id)).token;
  const [foreignEntry] = await db
    .insert(contactEntries)
    .values({ organizationId: foreignId, email: "x@exemple.test", message: "Ailleurs" })
    .returning();
  foreignEntryId = foreignEntry!.id;
});

describe("POST /api/public/organizers/:id/contact", () => {
  it("stores the message unread and emails the organization's contact address", async () => {
    const response = await send(orgId, message());
    expect(response.status).toBe(201);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const [entry] = await entriesOf(orgId);
    expect(entry).toMatchObject({
      firstName: "Camille",
      email: "camille@exemple.test",
      subject: "Accès PMR",
      isRead: false,
    });
    const mails = await db.select().from(devMailbox).where(eq(devMailbox.to, "bonjour@nuits.test"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("La salle est-elle accessible en fauteuil ?");
    expect(mails[0]!.text).toContain("/organization/contact-entries");
  });

  it("drops a message whose honeypot is filled, answering the same", async () => {
    const before = (await entriesOf(orgId)).length;
    const response = await send(orgId, message({ website: "https://spam.example", email: "bot@exemple.test" }));
    expect(response.status).toBe(201);
    expect(await entriesOf(orgId)).toHaveLength(before);
  });

  it("refuses missing fields, private and unknown organizations", async () => {
    expect((await send(orgId, message({ message: "  " }))).status).toBe(400);
    expect((await send(orgId, message({ email: "pas-un-email" }))).status).toBe(400);
    expect((await send(privateId, message())).status).toBe(404);
    expect((await send(999_999, message())).status).toBe(404);
    expect(await entriesOf(privateId)).toHaveLength(0);
  });

  it("limits messages per sender email and per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await send(orgId, message({ email: "bavard@exemple.test" }), `198.51.100.${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
    const perIp: number[] = [];
    for (let i = 0; i < 21; i++)
      perIp.push((await send(orgId, message({ email: `ip${i}@exemple.test` }), "192.0.2.50")).status);
    expect(perIp.filter((s) => s === 201)).toHaveLength(20);
    expect(perIp[20]).toBe(429);
  });
});

describe("GET /api/organizer/:organizer/contact-form", () => {
  it("lists the entries newest first by id, with the derived fields", async () => {
    const { status, json } = await call(`/organizer/${orgId}/contact-form`);
    expect(status).toBe(200);
    const ids = json.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(json.at(-1)).toMatchObject({ full_name: "Camille Durand", is_read: false, is_read_str: "false" });
    expect(json.some((e: { id: number }) => e.id === foreignEntryId)).toBe(false);
  });

  it("is 403 for event managers and guests, 404 for another organization", async () => {
    expect((await call(`/organizer/${orgId}/contact-form`, { as: "manager" })).status).toBe(403);
    expect((await call(`/organizer/${orgId}/contact-form`, { as: "guest" })).status).toBe(403);
    expect((await call(`/organizer/${orgId}/contact-form`, { as: "foreignOwner" })).status).toBe(404);
    expect((await call(`/organizer/${foreignId}/contact-form`)).status).toBe(404);
  });
});

describe("PUT /api/organizer/:organizer/contact-form/:id/read", () => {
  it("toggles the read flag, or sets it when told", async () => {
    const [entry] = await entriesOf(orgId);
    const first = await call(`/organizer/${orgId}/contact-form/${entry!.id}/read`, { method: "PUT" });
    expect(first.json.is_read).toBe(true);
    const second = await call(`/organizer/${orgId}/contact-form/${entry!.id}/read`, { method: "PUT", as: "admin" });
    expect(second.json.is_read).toBe(false);
    const set = await call(`/organizer/${orgId}/contact-form/${entry!.id}/read`, {
      method: "PUT",
      body: { is_read: true },
    });
    expect(set.json.is_read).toBe(true);
    const again = await call(`/organizer/${orgId}/contact-form/${entry!.id}/read`, {
      method: "PUT",
      body: { is_read: true },
    });
    expect(again.json.is_read).toBe(true);
  });

  it("is 403 for event managers, 404 for another organization's entry; nothing changes", async () => {
    const [entry] = await entriesOf(orgId);
    expect(
      (await call(`/organizer/${orgId}/contact-form/${entry!.id}/read`, { method: "PUT", as: "manager" })).status,
    ).toBe(403);
    expect((await call(`/organizer/${orgId}/contact-form/${foreignEntryId}/read`, { method: "PUT" })).status).toBe(404);
    expect((await call(`/organizer/${foreignId}/contact-form/${foreignEntryId}/read`, { method: "PUT" })).status).toBe(
      404,
    );
    expect(
      (await call(`/organizer/${orgId}/contact-form/${entry!.id}/read`, { method: "PUT", as: "foreignOwner" })).status,
    ).toBe(404);
    const [foreignEntry] = await entriesOf(foreignId);
    expect(foreignEntry!.isRead).toBe(false);
    expect((await entriesOf(orgId)).find((e) => e.id === entry!.id)!.isRead).toBe(true);
  });
});

describe("the organizer page's contact form", () => {
  it("builds the email's link from APP_URL, never from the Host the request names", async () => {
    const context = new RouterContextProvider();
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    context.set(serverContext, {
      env: { ...env, APP_URL: "https://billetterie.example.org" },
      ctx,
      db,
      appVersion: "contact-form-test",
      cspNonce: "nonce",
    });
    const form = new URLSearchParams({ ...message({ first_name: "Hôte", last_name: "Piégé" }), returnTo: "/" });
    const request = new Request(`https://evil.example/organizers/${orgId}/nuits`, {
      method: "POST",
      body: form,
      headers: { "CF-Connecting-IP": "203.0.113.77" },
    });
    const response = (await organizerPageAction({
      params: { id: String(orgId), slug: "nuits" },
      request,
      context,
    } as never)) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toContain("contact=sent");
    const mails = await db.select().from(devMailbox).where(eq(devMailbox.to, "bonjour@nuits.test"));
    const mail = mails.find((m) => m.text.includes("Hôte Piégé"));
    expect(mail!.text).toContain("https://billetterie.example.org/organization/contact-entries");
    expect(mail!.text + mail!.html).not.toContain("evil.example");
  });
});
