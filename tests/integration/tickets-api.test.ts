import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, tickets } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { apiClient } from "./api-client";
import { createEventsWorld, createTestEvent, createTicket, type TestUser } from "../support/event-fixtures";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof createEventsWorld>>;
const tokens: Record<string, string> = {};

type Json = Record<string, unknown> & Record<string, unknown>[];
const call = apiClient<Json>(tokens);

const rowsOf = (eventId: number) =>
  db.select().from(tickets).where(eq(tickets.eventId, eventId)).orderBy(asc(tickets.sort), asc(tickets.id));

async function freshEvent() {
  return createTestEvent(db, world.organization.id, {
    startAt: new Date(Date.now() + 30 * 86_400_000),
    endAt: new Date(Date.now() + 30 * 86_400_000 + 5 * 3_600_000),
  });
}

beforeAll(async () => {
  world = await createEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, TestUser][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
});

describe("POST /api/events/:id/tickets", () => {
  it("creates a ticket with every spec field and answers 201 with its id and derived status", async () => {
    const event = await freshEvent();
    const sellStart = new Date(Date.now() - 86_400_000).toISOString();
    const sellEnd = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const { status, json } = await call(`/events/${event.id}/tickets`, {
      method: "POST",
      body: {
        title: "Plein tarif",
        description: "Entrée",
        detailed_description: "<p>Accès <strong>complet</strong></p><script>x()</script>",
        price: 2500,
        amount: 100,
        sell_start_at: sellStart,
        sell_end_at: sellEnd,
        min_per_order: 1,
        max_per_order: 4,
        visibility: "visible",
        restricted: false,
        fees_type: "added",
        ticket_type: "ticket",
        show_remaining_count: true,
      },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      id: expect.any(Number),
      event: event.id,
      title: "Plein tarif",
      detailed_description: "<p>Accès <strong>complet</strong></p>",
      price: 2500,
      amount: 100,
      purchased: 0,
      sell_start_at: sellStart,
      sell_end_at: sellEnd,
      max_per_order: 4,
      fees_type: "added",
      ticket_type: "ticket",
      show_remaining_count: true,
      status: "on_sale",
      status_explanation: null,
      status_color: "green",
      remaining: 100,
    });
    const addon = await call(`/events/${event.id}/tickets`, {
      method: "POST",
      body: { title: "Parking", ticket_type: "addon", price: 0 },
    });
    expect(addon.json).toMatchObject({ ticket_type: "addon", is_free: true, sort: 0, status: "on_sale" });
  });

  it("answers 400 naming the field for a negative price, min above max, a sale end before its start; writes nothing", async () => {
    const event = await freshEvent();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: "A", price: -100 }, { price: "price_invalid" }],
      [{ title: "A", min_per_order: 5, max_per_order: 2 }, { max_per_order: "max_below_min" }],
      [{ title: "A", min_per_order: 20 }, { max_per_order: "max_below_min" }],
      [
        { title: "A", sell_start_at: "2026-06-02T10:00:00Z", sell_end_at: "2026-06-01T10:00:00Z" },
        { sell_end_at: "sell_end_before_start" },
      ],
      [{ price: 100 }, { title: "title_required" }],
      [
        { title: "A", amount: 0, fees_type: "absorbed" },
        { amount: "amount_invalid", fees_type: "fees_type_invalid" },
      ],
    ];
    for (const [body, fields] of cases) {
      const { status, json } = await call(`/events/${event.id}/tickets`, { method: "POST", body });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.fields).toEqual(fields);
    }
    expect((await call(`/events/${event.id}/tickets`, { method: "POST", body: "{nope" })).status).toBe(400);
    expect(await rowsOf(event.id)).toHaveLength(0);
  });

  it("answers 404 to other organizations and guests without access, and writes nothing", async () => {
    const event = await freshEvent();
    for (const as of ["foreignOwner", "guestNone", "guestValidator"]) {
      expect((await call(`/events/${event.id}/tickets`, { method: "POST", body: { title: "X" }, as })).status).toBe(
        404,
      );
      expect((await call(`/events/${event.id}/tickets`, { as })).status).toBe(404);
    }
    expect((await call(`/events/999999/tickets`, { method: "POST", body: { title: "X" } })).status).toBe(404);
    expect(await rowsOf(event.id)).toHaveLength(0);
  });
});

describe("GET, PUT, DELETE /api/events/:id/tickets/:ticket_id", () => {
  it("lists, updates, soft-deletes; GET /api/events/:id shows the tickets with their derived status", async () => {
    const event = await freshEvent();
    const sold = await createTicket(db, event, { title: "Prévente", amount: 2, purchased: 2, sort: 0 });
    const open = await createTicket(db, event, { title: "Sur place", sort: 1 });
    const addon = await createTicket(db, event, { title: "Vestiaire", ticketType: "addon" });

    const list = await call(`/events/${event.id}/tickets`);
    expect(list.json.map((t) => [t.id, t.status, t.status_color])).toEqual([
      [sold.id, "sold_out", "gray"],
      [open.id, "on_sale", "green"],
      [addon.id, "on_sale", "green"],
    ]);
    expect((await call(`/events/${event.id}/tickets?type=addon`)).json.map((t) => t.id)).toEqual([addon.id]);

    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const updated = await call(`/events/${event.id}/tickets/${open.id}`, {
      method: "PUT",
      body: { sell_start_at: later, price: 1500 },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      price: 1500,
      status: "not_on_sale",
      status_explanation: "sales_havent_started_yet",
      status_color: "red",
    });
    const hidden = await call(`/events/${event.id}/tickets/${addon.id}`, {
      method: "PUT",
      body: { visibility: "hidden" },
    });
    expect(hidden.json).toMatchObject({ status: "hidden", status_color: "red" });

    const bad = await call(`/events/${event.id}/tickets/${sold.id}`, {
      method: "PUT",
      body: { amount: 1, title: "Changé" },
    });
    expect(bad).toMatchObject({ status: 400, json: { fields: { amount: "amount_below_purchased" } } });
    expect((await rowsOf(event.id)).find((t) => t.id === sold.id)).toMatchObject({ title: "Prévente", amount: 2 });

    const capacity = await call(`/events/${event.id}/capacity`, { method: "PUT", body: { event_capacity: 2 } });
    expect(capacity.json).toEqual({ event_capacity: 2 });
    expect(
      (await call(`/events/${event.id}/capacity`, { method: "PUT", body: { event_capacity: -2 } })).json.fields,
    ).toEqual({
      event_capacity: "event_capacity_negative",
    });

    const deleted = await call(`/events/${event.id}/tickets/${sold.id}`, { method: "DELETE" });
    expect(deleted).toMatchObject({ status: 200, json: { id: sold.id, deleted: true } });
    expect((await rowsOf(event.id)).find((t) => t.id === sold.id)).toMatchObject({
      visibility: "deleted",
      purchased: 2,
    });
    expect((await call(`/events/${event.id}/tickets/${sold.id}`, { method: "DELETE" })).status).toBe(404);
    expect(
      (await call(`/events/${event.id}/tickets/${sold.id}`, { method: "PUT", body: { title: "Revenu" } })).status,
    ).toBe(404);

    const detail = await call(`/events/${event.id}`);
    expect(
      (detail.json.tickets as unknown as Record<string, unknown>[]).map((t) => [t.id, t.status, t.status_explanation]),
    ).toEqual([
      // The deleted ticket's two sales still fill the capacity of 2.
      [open.id, "sold_out", null],
      [addon.id, "hidden", null],
    ]);
    expect(detail.json.event_capacity).toBe(2);
  });

  it("answers 404 for another organization's event or a ticket of another event, and changes nothing", async () => {
    const event = await freshEvent();
    const ticket = await createTicket(db, event, { title: "Mien" });
    const foreign = await createTicket(db, world.foreignEvent, { title: "Étranger" });
    expect(
      (
        await call(`/events/${event.id}/tickets/${ticket.id}`, {
          method: "PUT",
          body: { title: "Volé" },
          as: "foreignOwner",
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(`/events/${event.id}/tickets/${ticket.id}`, { method: "DELETE", as: "foreignOwner" })).status,
    ).toBe(404);
    expect(
      (await call(`/events/${event.id}/tickets/${foreign.id}`, { method: "PUT", body: { title: "Volé" } })).status,
    ).toBe(404);
    expect((await call(`/events/${world.foreignEvent.id}/tickets/${foreign.id}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect(
      (await call(`/events/${event.id}/capacity`, { method: "PUT", body: { event_capacity: 1 }, as: "foreignOwner" }))
        .status,
    ).toBe(404);
    expect((await rowsOf(event.id))[0]?.title).toBe("Mien");
    expect((await rowsOf(world.foreignEvent.id))[0]).toMatchObject({ title: "Étranger", visibility: "visible" });
    expect((await db.select().from(events).where(eq(events.id, event.id)))[0]?.eventCapacity).toBe(-1);
  });
});

describe("PUT /api/events/:id/tickets/order", () => {
  it("reorders in one go, and refuses an incomplete or foreign list writing nothing", async () => {
    const event = await freshEvent();
    const a = await createTicket(db, event, { title: "A", sort: 0 });
    const b = await createTicket(db, event, { title: "B", sort: 1 });
    const c = await createTicket(db, event, { title: "C", sort: 2 });
    const foreign = await createTicket(db, world.foreignEvent);
    const ordered = await call(`/events/${event.id}/tickets/order`, {
      method: "PUT",
      body: { ids: [c.id, a.id, b.id] },
    });
    expect(ordered.status).toBe(200);
    expect(ordered.json.map((t) => t.id)).toEqual([c.id, a.id, b.id]);
    expect(
      (await call(`/events/${event.id}/tickets/order`, { method: "PUT", body: [b.id, c.id, a.id] })).json.map(
        (t) => t.id,
      ),
    ).toEqual([b.id, c.id, a.id]);
    for (const body of [
      { ids: [a.id, b.id] },
      { ids: [a.id, b.id, c.id, foreign.id] },
      { ids: [a.id, a.id, b.id, c.id] },
      { ids: "x" },
      {},
    ]) {
      const refused = await call(`/events/${event.id}/tickets/order`, { method: "PUT", body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json.fields as object)).toEqual(["ids"]);
    }
    expect(
      (
        await call(`/events/${event.id}/tickets/order`, {
          method: "PUT",
          body: { ids: [a.id, b.id, c.id] },
          as: "foreignOwner",
        })
      ).status,
    ).toBe(404);
    expect((await rowsOf(event.id)).map((t) => t.id)).toEqual([b.id, c.id, a.id]);
  });
});
