import { env, exports } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { auditLogs, events, organizations, participationForms, promoCodes, tickets } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import {
  createEventsWorld,
  createOrder,
  createTestEvent,
  createTicket,
  type TestUser,
} from "../support/event-fixtures";
import { apiClient } from "./api-client";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof createEventsWorld>>;
const tokens: Record<string, string> = {};

type Json = Record<string, unknown> & Record<string, unknown>[];
const call = apiClient<Json>(tokens);

const soon = new Date(Date.now() + 30 * 86_400_000);
const storedEvent = async (id: number) => (await db.select().from(events).where(eq(events.id, id)))[0];
const eventCount = async () => (await db.select({ n: count() }).from(events))[0]!.n;

beforeAll(async () => {
  world = await createEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, TestUser][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
});

describe("GET /api/dashboard/:organizer/events", () => {
  it("lists the organization's events, filtered and searched", async () => {
    const published = await createTestEvent(db, world.organization.id, {
      title: "Publié au soleil",
      status: "published",
    });
    const all = await call(`/dashboard/${world.organization.id}/events`);
    expect(all.status).toBe(200);
    expect(all.json.map((e) => e.id)).toEqual(expect.arrayContaining([world.event.id, published.id]));
    expect(all.json[0]).toHaveProperty("participants_count");
    const filtered = await call(`/dashboard/${world.organization.id}/events?filter=published&search=soleil`);
    expect(filtered.json.map((e) => e.id)).toEqual([published.id]);
    const fallback = await call(`/dashboard/${world.organization.id}/events?filter=nope`);
    expect(fallback.json).toHaveLength(all.json.length);
  });

  it("gives guests their events and answers 404 to non-members", async () => {
    const guest = await call(`/dashboard/${world.organization.id}/events-guest`, { as: "guestManager" });
    expect(guest.status).toBe(200);
    expect(guest.json.map((e) => e.id)).toEqual([world.event.id]);
    expect(
      (await call(`/dashboard/${world.organization.id}/events`, { as: "guestManager" })).json.map((e) => e.id),
    ).toEqual([world.event.id]);
    for (const path of ["events", "events-guest", `events/${world.event.id}`]) {
      const stranger = await call(`/dashboard/${world.organization.id}/${path}`, { as: "foreignOwner" });
      expect(stranger.status).toBe(404);
    }
    expect((await call(`/dashboard/999999/events`)).status).toBe(404);
    expect((await call(`/dashboard/abc/events`)).status).toBe(404);
  });

  it("needs a session", async () => {
    expect((await call(`/dashboard/${world.organization.id}/events`, { as: "nobody" })).status).toBe(401);
  });

  it("answers one page at a time (page zero-based, limit at most 100), the total in X-Total-Count", async () => {
    const path = `/dashboard/${world.organization.id}/events`;
    const fetchPage = (query: string) =>
      exports.default.fetch(`http://localhost/api${path}${query}`, {
        headers: { Authorization: `Bearer ${tokens.owner}` },
      });
    const all = await fetchPage("");
    const allIds = ((await all.json()) as { id: number }[]).map((e) => e.id);
    expect(all.headers.get("X-Total-Count")).toBe(String(allIds.length));
    expect(all.headers.get("X-Limit")).toBe("24");
    expect(allIds.length).toBeGreaterThan(1);
    const first = await fetchPage("?limit=1");
    expect(((await first.json()) as { id: number }[]).map((e) => e.id)).toEqual(allIds.slice(0, 1));
    const second = await fetchPage("?limit=1&page=1");
    expect(((await second.json()) as { id: number }[]).map((e) => e.id)).toEqual(allIds.slice(1, 2));
    expect(second.headers.get("X-Page")).toBe("1");
    expect((await fetchPage("?limit=100000")).headers.get("X-Limit")).toBe("100");
    expect((await fetchPage("?page=abc")).status).toBe(400);
    expect((await fetchPage("?page=-1")).status).toBe(400);
  });
});

describe("GET /api/dashboard/:organizer/events/:id and /api/events/:id", () => {
  it("returns the event with tickets, participants, payments and forms", async () => {
    const ticket = await createTicket(db, world.event, { title: "Entrée", price: 1200 });
    await createOrder(db, world.event, { status: "paid", places: [{ ticket, count: 2 }], fees: 100 });
    await db
      .insert(participationForms)
      .values({ organizationId: world.organization.id, eventId: world.event.id, formType: "before" });
    const { status, json } = await call(`/dashboard/${world.organization.id}/events/${world.event.id}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: world.event.id,
      organizer: world.organization.id,
      status: "draft",
      access_token: "preview-token",
    });
    expect(json.tickets).toEqual([
      expect.objectContaining({ title: "Entrée", price: 1200, status: "on_sale", status_color: "green" }),
    ]);
    expect(json.participants).toHaveLength(2);
    expect(json.payments).toEqual([
      expect.objectContaining({ amount: 2400, fees: 100, net_amount: 2300, status: "paid" }),
    ]);
    expect(json.participation_forms).toEqual([
      expect.objectContaining({ form_type: "before", questions: "[]", ticket_target: "all" }),
    ]);

    const full = await call(`/events/${world.event.id}`, { as: "guestManager" });
    expect(full.status).toBe(200);
    expect(full.json).toMatchObject({ id: world.event.id, permissions: { can_update: true, can_delete: false } });
    expect(full.json).not.toHaveProperty("participants");
  });

  it("answers 404 across organizations and for guests without access", async () => {
    expect((await call(`/dashboard/${world.organization.id}/events/${world.foreignEvent.id}`)).status).toBe(404);
    expect((await call(`/events/${world.event.id}`, { as: "foreignOwner" })).status).toBe(404);
    expect((await call(`/events/${world.event.id}`, { as: "guestNone" })).status).toBe(404);
    expect((await call(`/events/${world.event.id}`, { as: "guestValidator" })).status).toBe(404);
    expect((await call(`/events/424242`)).status).toBe(404);
  });

  it("serves the dashboard figures", async () => {
    const { status, json } = await call(`/dashboard/${world.organization.id}/events/${world.event.id}/stats`);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      participants_count: 2,
      gross_sales: 2400,
      net_sales: 2300,
      orders_count: 1,
      timezone: "Europe/Paris",
    });
    expect(json.participants_per_day).toHaveLength(30);
  });
});

describe("POST /api/events", () => {
  it("creates a draft from event fields in the named organization", async () => {
    const { status, json } = await call("/events", {
      method: "POST",
      body: {
        organizer: world.organization.id,
        title: "Nouvel an",
        description: "<p>Fête</p><script>alert(1)</script>",
        start_at: "2026-12-31T20:00:00Z",
        end_at: "2027-01-01T04:00:00Z",
        address_latitude: 48.85,
        meta_pixel_id: "123",
      },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      organizer: world.organization.id,
      title: "Nouvel an",
      description: "<p>Fête</p>",
      status: "draft",
      start_at: "2026-12-31T20:00:00.000Z",
      address_latitude: 48.85,
      meta_pixel_id: "123",
    });
    expect(await storedEvent(json.id as number)).toMatchObject({
      createdBy: world.users.owner.id,
      addressLatitude: 48_850_000,
    });
  });

  it("refuses bad input with field errors and writes nothing", async () => {
    const before = await eventCount();
    const bad = await call("/events", {
      method: "POST",
      body: {
        organizer: world.organization.id,
        title: "x".repeat(121),
        start_at: "2026-06-21T18:00:00Z",
        end_at: "2026-06-21T10:00:00Z",
        meta_pixel_id: "abc",
        primary_color: "blue",
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      type: "validation",
      fields: {
        title: "title_too_long",
        end_at: "end_before_start",
        meta_pixel_id: "meta_pixel_id_invalid",
        primary_color: "primary_color_invalid",
      },
    });
    expect((await call("/events", { method: "POST", body: "{not json" })).json).toMatchObject({
      type: "validation",
      code: "invalid_json",
    });
    expect((await call("/events", { method: "POST", body: ["title"] })).status).toBe(400);
    expect(
      (await call("/events", { method: "POST", body: { title: "Pirate", organizer: world.foreignOrganization.id } }))
        .status,
    ).toBe(404);
    expect((await call("/events", { method: "POST", body: { title: "Invité" }, as: "guestManager" })).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it("duplicates an event whole with duplicate_from", async () => {
    const source = await createTestEvent(db, world.organization.id, {
      title: "Original",
      status: "published",
      accessToken: null,
    });
    await createTicket(db, source, { title: "Place", purchased: 12 });
    await db.insert(promoCodes).values({
      organizationId: world.organization.id,
      eventId: source.id,
      code: "X",
      useCount: 9,
      appliesToAllTickets: false,
    });
    const { status, json } = await call("/events", { method: "POST", body: { duplicate_from: source.id } });
    expect(status).toBe(201);
    expect(json).toMatchObject({ title: "Original", status: "draft" });
    expect(json.access_token).toMatch(/^[a-z2-7]{32}$/);
    const [copiedTicket] = await db
      .select()
      .from(tickets)
      .where(eq(tickets.eventId, json.id as number));
    expect(copiedTicket).toMatchObject({ title: "Place", purchased: 0 });
    const [code] = await db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.eventId, json.id as number));
    expect(code).toMatchObject({ code: "X", useCount: 0, appliesToAllTickets: true });
    expect((await call("/events", { method: "POST", body: { duplicate_from: world.foreignEvent.id } })).status).toBe(
      404,
    );
  });
});

describe("PUT /api/events/:id", () => {
  it("saves the full event plus changes, ignoring unknown fields", async () => {
    const event = await createTestEvent(db, world.organization.id, { title: "Avant", accessToken: "tok" });
    const current = (await call(`/events/${event.id}`)).json;
    const { status, json } = await call(`/events/${event.id}`, {
      method: "PUT",
      body: {
        ...current,
        title: "Après",
        theme: "dark",
        access_token: "",
        description: '<p onmouseover="x">Salut</p>',
      },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      title: "Après",
      theme: "dark",
      description: "<p>Salut</p>",
      access_token: "tok",
      status: "draft",
    });
  });

  it("publishes with status and visibility in the same call, tickets or not; a title and a start date are required", async () => {
    const undated = await createTestEvent(db, world.organization.id, { title: "Sans date" });
    const refused = await call(`/events/${undated.id}`, {
      method: "PUT",
      body: { title: "Changé", status: "published", visibility: "private" },
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      type: "conflict",
      code: "publish_incomplete",
      fields: { start_at: "publish_needs_start_date" },
    });
    expect(await storedEvent(undated.id)).toMatchObject({ title: "Sans date", status: "draft" });

    const event = await createTestEvent(db, world.organization.id, { title: "À publier", startAt: soon });
    const { status, json } = await call(`/events/${event.id}`, {
      method: "PUT",
      body: { title: "Changé", status: "published", visibility: "private" },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ title: "Changé", status: "published", visibility: "private", access_token: "" });
  });

  it("refuses bad input (end before start, script-only pixel, unknown status) and writes nothing", async () => {
    const event = await createTestEvent(db, world.organization.id, {
      title: "Intact",
      startAt: new Date("2026-06-21T18:00:00Z"),
      updatedAt: new Date("2026-01-01T00:00:00Z"),
    });
    const cases: [unknown, Record<string, string>][] = [
      [{ end_at: "2026-06-21T17:00:00Z" }, { end_at: "end_before_start" }],
      [{ meta_pixel_id: "<script>" }, { meta_pixel_id: "meta_pixel_id_invalid" }],
      [{ status: "deleted" }, { status: "status_invalid" }],
      [
        { timezone: "Nowhere/City", event_capacity: -5 },
        { timezone: "timezone_invalid", event_capacity: "event_capacity_negative" },
      ],
      [{ description: "x".repeat(50_001) }, { description: "description_too_long" }],
    ];
    for (const [body, fields] of cases) {
      const response = await call(`/events/${event.id}`, {
        method: "PUT",
        body: { title: "Modifié", ...(body as object) },
      });
      expect(response.status).toBe(400);
      expect(response.json.fields).toMatchObject(fields);
    }
    expect(await storedEvent(event.id)).toMatchObject({ title: "Intact", updatedAt: new Date("2026-01-01T00:00:00Z") });
    expect(
      (await call(`/events/${event.id}`, { method: "PUT", body: { title: "Pirate" }, as: "foreignOwner" })).status,
    ).toBe(404);
    expect(
      (await call(`/events/${event.id}`, { method: "PUT", body: { title: "Pirate" }, as: "guestValidator" })).status,
    ).toBe(404);
  });
});

describe("PUT /api/events/:id/status/:status", () => {
  it("publishes an event without tickets with the plain call, no body (spec §4: the client asks first)", async () => {
    const event = await createTestEvent(db, world.organization.id, { title: "Sans billets", startAt: soon });
    const readiness = await call(`/events/${event.id}/publish-readiness`);
    expect(readiness.json).toEqual({
      has_tickets: false,
      needs_payment_account: false,
      missing: [],
      starts_in_past: false,
    });
    const published = await call(`/events/${event.id}/status/published`, { method: "PUT" });
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ status: "published", visibility: "public", access_token: "" });
  });

  it("refuses to publish without a title or a start date, saying which", async () => {
    const event = await createTestEvent(db, world.organization.id, { title: "" });
    const readiness = await call(`/events/${event.id}/publish-readiness`);
    expect(readiness.json).toMatchObject({ missing: ["title", "start-date"] });
    const refused = await call(`/events/${event.id}/status/published`, { method: "PUT" });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: "publish_incomplete",
      fields: { title: "publish_needs_title", start_at: "publish_needs_start_date" },
    });
    expect((await storedEvent(event.id))!.status).toBe("draft");
  });

  it("runs the lifecycle: publish, back to draft, archive, unarchive", async () => {
    const event = await createTestEvent(db, world.organization.id, {
      title: "Cycle",
      visibility: "private",
      startAt: soon,
    });
    await createTicket(db, event, { price: 0 });
    const published = await call(`/events/${event.id}/status/published`, { method: "PUT" });
    expect(published.json).toMatchObject({ status: "published", visibility: "private", access_token: "" });
    expect(published.json.published_at).toEqual(expect.any(String));
    const draft = await call(`/events/${event.id}/status/draft`, { method: "PUT" });
    expect(draft.json).toMatchObject({ status: "draft" });
    expect(draft.json.access_token).toMatch(/^[a-z2-7]{32}$/);
    expect((await call(`/events/${event.id}/status/archived`, { method: "PUT" })).json).toMatchObject({
      status: "archived",
    });
    expect((await call(`/events/${event.id}/status/archived`, { method: "PUT" })).json).toMatchObject({
      status: "archived",
    });
    expect((await call(`/events/${event.id}/status/draft`, { method: "PUT" })).json).toMatchObject({ status: "draft" });
    const publicAgain = await call(`/events/${event.id}/status/published`, {
      method: "PUT",
      body: { visibility: "public" },
    });
    expect(publicAgain.json).toMatchObject({ status: "published", visibility: "public" });
  });

  it("refuses a paid ticket without a valid payment account, then publishes once it is valid", async () => {
    const event = await createTestEvent(db, world.organization.id, { title: "Payant", startAt: soon });
    await createTicket(db, event, { price: 2500 });
    const readiness = await call(`/events/${event.id}/publish-readiness`);
    expect(readiness.json).toEqual({
      has_tickets: true,
      needs_payment_account: true,
      missing: [],
      starts_in_past: false,
    });
    const refused = await call(`/events/${event.id}/status/published`, { method: "PUT" });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("payment_account_required");
    await db
      .update(organizations)
      .set({ isConnectedAccountValid: true })
      .where(eq(organizations.id, world.organization.id));
    try {
      expect((await call(`/events/${event.id}/status/published`, { method: "PUT" })).json).toMatchObject({
        status: "published",
      });
    } finally {
      await db
        .update(organizations)
        .set({ isConnectedAccountValid: false })
        .where(eq(organizations.id, world.organization.id));
    }
  });

  it("refuses unknown statuses and strangers", async () => {
    const event = await createTestEvent(db, world.organization.id);
    const unknown = await call(`/events/${event.id}/status/past`, { method: "PUT" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields).toEqual({ status: "status_invalid" });
    expect((await call(`/events/${event.id}/status/published`, { method: "PUT", as: "foreignOwner" })).status).toBe(
      404,
    );
    expect((await call(`/events/${event.id}/status/published`, { method: "PUT", body: "[" })).status).toBe(400);
    expect((await storedEvent(event.id))!.status).toBe("draft");
  });
});

describe("POST /api/events/:id/private-link ('Régénérer le lien privé')", () => {
  it("gives a new private link; the old one stops matching; strangers and guests without publish rights get 404", async () => {
    const event = await createTestEvent(db, world.organization.id, {
      title: "Secret",
      status: "published",
      visibility: "private",
      startAt: soon,
    });
    const first = await call(`/events/${event.id}/private-link`, { method: "POST" });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      private_link_version: 1,
      public_path: expect.stringMatching(new RegExp(`^/events/${event.id}/secret\\?t=[\\w-]{22}$`)),
    });
    const second = await call(`/events/${event.id}/private-link`, { method: "POST" });
    expect(second.json.private_link_version).toBe(2);
    expect(second.json.public_path).not.toBe(first.json.public_path);
    expect((await call(`/events/${event.id}/private-link`, { method: "POST", as: "foreignOwner" })).status).toBe(404);
    expect((await call(`/events/${event.id}/private-link`, { method: "POST", as: "guestNone" })).status).toBe(404);
    expect((await storedEvent(event.id))!.privateLinkVersion).toBe(2);
  });
});

describe("settings and deletion", () => {
  it("updates the pixel id and allow_billing", async () => {
    const event = await createTestEvent(db, world.organization.id);
    const ok = await call(`/events/${event.id}/settings`, {
      method: "PUT",
      body: { meta_pixel_id: "0042", allow_billing: true },
    });
    expect(ok.json).toEqual({
      meta_pixel_id: "0042",
      allow_billing: true,
      self_service_edit: true,
      self_service_edit_before: 24,
      self_service_edit_unit: "hours",
      self_service_transfer: true,
      self_service_transfer_before: 24,
      self_service_transfer_unit: "hours",
      // The buyer's cancellation (docs/decisions/0060): off, 48 hours, refunded without the fees.
      self_service_cancel: false,
      self_service_cancel_before: 48,
      self_service_cancel_unit: "hours",
      self_service_cancel_refund: "full-minus-fees",
      self_service_cancel_percentage: 10_000,
      waiting_list_hold_hours: 24,
    });
    const cancel = await call(`/events/${event.id}/settings`, {
      method: "PUT",
      body: {
        self_service_cancel: true,
        self_service_cancel_before: 3,
        self_service_cancel_unit: "days",
        self_service_cancel_refund: "percentage",
        self_service_cancel_percentage: 7550,
      },
    });
    expect(cancel.json).toMatchObject({
      self_service_cancel: true,
      self_service_cancel_before: 3,
      self_service_cancel_unit: "days",
      self_service_cancel_refund: "percentage",
      self_service_cancel_percentage: 7550,
    });
    expect((await call(`/events/${event.id}`)).json).toMatchObject({
      self_service_cancel: true,
      self_service_cancel_refund: "percentage",
      self_service_cancel_percentage: 7550,
    });
    const badCancel = await call(`/events/${event.id}/settings`, {
      method: "PUT",
      body: { self_service_cancel_refund: "half", self_service_cancel_percentage: 0 },
    });
    expect(badCancel.json.fields).toEqual({
      self_service_cancel_refund: "self_service_refund_invalid",
      self_service_cancel_percentage: "self_service_percentage_invalid",
    });
    const bad = await call(`/events/${event.id}/settings`, { method: "PUT", body: { meta_pixel_id: "42-x" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ meta_pixel_id: "meta_pixel_id_invalid" });
    expect((await storedEvent(event.id))!.metaPixelId).toBe("0042");
  });

  it("deletes after DELETE typed exactly, refuses paid orders", async () => {
    const event = await createTestEvent(db, world.organization.id);
    const wrong = await call(`/events/${event.id}`, { method: "DELETE", body: { confirmation: "delete" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual({ confirmation: "delete_confirmation" });
    expect((await call(`/events/${event.id}`, { method: "DELETE" })).status).toBe(400);
    expect(
      (await call(`/events/${event.id}`, { method: "DELETE", body: { confirmation: "DELETE" }, as: "guestManager" }))
        .status,
    ).toBe(404);
    expect(await storedEvent(event.id)).toBeDefined();
    expect((await call(`/events/${event.id}`, { method: "DELETE", body: { confirmation: "DELETE" } })).json).toEqual({
      id: event.id,
      deleted: true,
    });
    expect(await storedEvent(event.id)).toBeUndefined();

    const paid = await createTestEvent(db, world.organization.id);
    const ticket = await createTicket(db, paid, { price: 900 });
    await createOrder(db, paid, { status: "paid", places: [{ ticket, count: 1 }] });
    const refused = await call(`/events/${paid.id}`, { method: "DELETE", body: { confirmation: "DELETE" } });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("has_paid_orders");
    expect(await storedEvent(paid.id)).toBeDefined();
    // On D1 too the audit row is written by the deleting batch, and only for the deleted event.
    const logs = await db
      .select({ targetId: auditLogs.targetId })
      .from(auditLogs)
      .where(eq(auditLogs.action, "event.deleted"));
    expect(logs.map((log) => log.targetId)).toContain(String(event.id));
    expect(logs.map((log) => log.targetId)).not.toContain(String(paid.id));
  });

  it("refuses bodies over the limit on the status, settings and delete calls, changing nothing", async () => {
    const event = await createTestEvent(db, world.organization.id);
    const padding = "x".repeat(64 * 1024);
    const publish = await call(`/events/${event.id}/status/published`, {
      method: "PUT",
      body: { visibility: "public", padding },
    });
    expect(publish.status).toBe(413);
    const settings = await call(`/events/${event.id}/settings`, {
      method: "PUT",
      body: { meta_pixel_id: "77", padding },
    });
    expect(settings.status).toBe(413);
    const deletion = await call(`/events/${event.id}`, { method: "DELETE", body: { confirmation: "DELETE", padding } });
    expect(deletion.status).toBe(413);
    expect(deletion.json.code).toBe("payload_too_large");
    expect(await storedEvent(event.id)).toMatchObject({ status: "draft", metaPixelId: "" });
  });
});

describe("what the spec's client sends and reads (§3 fields, §7 calls)", () => {
  it("PUT /api/events/:id saves the personalized messages of the full event, with the messages' own rules", async () => {
    const event = await createTestEvent(db, world.organization.id, { title: "Messages" });
    const current = (await call(`/events/${event.id}`)).json;
    expect(current).toMatchObject({
      confirmation_page_message: "",
      email_pdf_message: "",
      email_pdf_email_response: "",
    });
    const saved = await call(`/events/${event.id}`, {
      method: "PUT",
      body: {
        ...current,
        access_token: "",
        confirmation_page_message: "<p>Merci <strong>!</strong><script>alert(1)</script></p>",
        email_pdf_message: '<p onclick="x()">Présentez ce billet</p>',
        email_pdf_email_response: "billetterie@example.org",
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      confirmation_page_message: "<p>Merci <strong>!</strong></p>",
      email_pdf_message: "<p>Présentez ce billet</p>",
      email_pdf_email_response: "billetterie@example.org",
    });
    expect(await storedEvent(event.id)).toMatchObject({
      confirmationPageMessage: "<p>Merci <strong>!</strong></p>",
      emailPdfMessage: "<p>Présentez ce billet</p>",
      emailPdfEmailResponse: "billetterie@example.org",
    });
    expect((await call(`/events/${event.id}`)).json.email_pdf_message).toBe("<p>Présentez ce billet</p>");

    // Over the limit as sent, or once sanitized ("&" is stored as "&amp;"): refused, with nothing written.
    for (const [field, text] of [
      ["email_pdf_message", "x".repeat(20_001)],
      ["confirmation_page_message", "&".repeat(19_000)],
      ["email_pdf_email_response", "x".repeat(20_001)],
    ] as const) {
      const refused = await call(`/events/${event.id}`, { method: "PUT", body: { title: "Modifié", [field]: text } });
      expect(refused.status).toBe(400);
      expect(refused.json.fields).toEqual({ [field]: "too_long" });
    }
    expect(await storedEvent(event.id)).toMatchObject({
      title: "Messages",
      confirmationPageMessage: "<p>Merci <strong>!</strong></p>",
    });
  });

  it("POST /api/events duplicates with the source's fields, its status included, as a draft", async () => {
    const source = await createTestEvent(db, world.organization.id, {
      title: "Source publiée",
      status: "published",
      visibility: "private",
      accessToken: null,
      startAt: soon,
      confirmationPageMessage: "<p>Merci</p>",
    });
    await createTicket(db, source, { title: "Place" });
    const full = (await call(`/events/${source.id}`)).json;
    expect(full.status).toBe("published");
    const copy = await call("/events", { method: "POST", body: { ...full, title: "Copie de Source publiée" } });
    expect(copy.status).toBe(201);
    expect(copy.json).toMatchObject({
      organizer: world.organization.id,
      title: "Copie de Source publiée",
      status: "draft",
      visibility: "private",
      start_at: soon.toISOString(),
      confirmation_page_message: "<p>Merci</p>",
    });
    expect(copy.json.id).not.toBe(source.id);
    expect(copy.json.access_token).toMatch(/^[a-z2-7]{32}$/);

    await db.update(events).set({ status: "archived" }).where(eq(events.id, source.id));
    const whole = await call("/events", {
      method: "POST",
      body: { ...full, status: "archived", duplicate_from: source.id },
    });
    expect(whole.status).toBe(201);
    expect(whole.json).toMatchObject({ title: "Source publiée", status: "draft" });
    expect(await storedEvent(source.id)).toMatchObject({ status: "archived" });
  });

  it("gives the dashboard event's payments and participants the event and the order's access_token for 'Copy tickets link'", async () => {
    const event = await createTestEvent(db, world.organization.id, { title: "Billets à copier", startAt: soon });
    const ticket = await createTicket(db, event, { title: "Entrée", price: 1500 });
    const { order, participants } = await createOrder(db, event, { status: "paid", places: [{ ticket, count: 2 }] });
    const { status, json } = await call(`/dashboard/${world.organization.id}/events/${event.id}`);
    expect(status).toBe(200);
    expect(json.payments).toEqual([
      expect.objectContaining({ id: order.id, event: event.id, access_token: order.accessToken }),
    ]);
    expect(json.participants).toEqual(
      participants.map((participant) =>
        expect.objectContaining({
          id: participant.id,
          event: event.id,
          payment: order.id,
          access_token: order.accessToken,
        }),
      ),
    );
    // The link the client builds from the payment's id and access_token serves the order's tickets.
    const [payment] = json.payments as { id: number; access_token: string }[];
    const pdf = await exports.default.fetch(
      `http://localhost/orders/${payment!.id}/tickets.pdf?token=${encodeURIComponent(payment!.access_token)}`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    await pdf.arrayBuffer();
    // Only who may read the event's orders gets them: a validator or another organization gets nothing.
    for (const as of ["guestValidator", "guestNone", "foreignOwner"]) {
      expect((await call(`/dashboard/${world.organization.id}/events/${event.id}`, { as })).status).toBe(404);
    }
  });

  it("answers start_date / end_date beside start_at / end_at and takes them as input, start_at winning", async () => {
    const event = await createTestEvent(db, world.organization.id, {
      title: "Alias de dates",
      startAt: new Date("2027-03-01T18:00:00Z"),
    });
    const current = (await call(`/events/${event.id}`)).json;
    expect(current).toMatchObject({
      start_at: "2027-03-01T18:00:00.000Z",
      start_date: "2027-03-01T18:00:00.000Z",
      end_at: null,
      end_date: null,
    });
    const [listed] = (await call(`/dashboard/${world.organization.id}/events?search=Alias%20de%20dates`)).json;
    expect(listed).toMatchObject({
      id: event.id,
      start_at: "2027-03-01T18:00:00.000Z",
      start_date: "2027-03-01T18:00:00.000Z",
    });

    const aliased = await call(`/events/${event.id}`, {
      method: "PUT",
      body: { start_date: "2027-05-01T18:00:00Z", end_date: "2027-05-01T22:00:00Z" },
    });
    expect(aliased.status).toBe(200);
    expect(aliased.json).toMatchObject({
      start_at: "2027-05-01T18:00:00.000Z",
      end_at: "2027-05-01T22:00:00.000Z",
      start_date: "2027-05-01T18:00:00.000Z",
      end_date: "2027-05-01T22:00:00.000Z",
    });
    const both = await call(`/events/${event.id}`, {
      method: "PUT",
      body: { ...aliased.json, start_at: "2027-06-01T18:00:00Z", end_at: "2027-06-01T23:00:00Z" },
    });
    expect(both.json).toMatchObject({ start_at: "2027-06-01T18:00:00.000Z", end_at: "2027-06-01T23:00:00.000Z" });
    const backwards = await call(`/events/${event.id}`, {
      method: "PUT",
      body: { start_date: "2027-07-01T18:00:00Z", end_date: "2027-07-01T10:00:00Z" },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.fields).toEqual({ end_at: "end_before_start" });
    expect((await storedEvent(event.id))!.startAt).toEqual(new Date("2027-06-01T18:00:00Z"));

    const created = await call("/events", {
      method: "POST",
      body: { title: "Créé avec start_date", start_date: "2027-08-01T18:00:00Z", end_date: "2027-08-01T20:00:00Z" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ start_at: "2027-08-01T18:00:00.000Z", end_date: "2027-08-01T20:00:00.000Z" });
  });
});
