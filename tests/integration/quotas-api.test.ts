import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { eventDates, events, orderItems, participants, quotas, ticketDates } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { apiClient } from "./api-client";
import {
  insertEvent,
  insertEventsWorld,
  insertHold,
  insertOrder,
  insertTicket,
  type Ticket,
} from "../support/fixtures";

// Issue 30 §6: GET/PUT /api/events/:id/quotas and `date_ids` on tickets, through the Worker and D1 (one batch each
// write: D1 binds no parameter of a raw statement inside a batch, which libSQL would let pass).

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users)) tokens[key] = (await createSession(db, user.id)).token;
});

async function festival() {
  const event = await insertEvent(db, world.organization.id, {
    title: "Festival",
    status: "published",
    startAt: new Date(Date.now() + 30 * 86_400_000),
    endAt: new Date(Date.now() + 32 * 86_400_000),
    eventCapacity: 300,
  });
  const [saturday, sunday] = await db
    .insert(eventDates)
    .values([
      { organizationId: event.organizationId, eventId: event.id, startAt: new Date(Date.now() + 30 * 86_400_000) },
      { organizationId: event.organizationId, eventId: event.id, startAt: new Date(Date.now() + 31 * 86_400_000) },
    ])
    .returning({ id: eventDates.id });
  const day = await insertTicket(db, event, { title: "Entrée du jour", sort: 0 });
  const pass = await insertTicket(db, event, { title: "Pass week-end", sort: 1 });
  return { event, saturday: saturday!.id, sunday: sunday!.id, day, pass };
}

async function sell(
  event: { id: number; organizationId: number },
  ticket: Ticket,
  dateId: number | null,
  count: number,
) {
  const { participants: sold } = await insertOrder(db, event, { status: "paid", places: [{ ticket, count }] });
  for (const participant of sold)
    await db.update(participants).set({ dateId }).where(eq(participants.id, participant.id));
}

describe("GET and PUT /api/events/:id/quotas", () => {
  it("saves quotas and a pass's dates, then answers sold, held and remaining per quota", async () => {
    const { event, saturday, sunday, day, pass } = await festival();
    const passDates = await call(`/events/${event.id}/tickets/${pass.id}`, {
      method: "PUT",
      body: { date_ids: [saturday, sunday] },
    });
    expect(passDates.status).toBe(200);
    expect(passDates.json).toMatchObject({ id: pass.id, title: "Pass week-end", date_ids: [saturday, sunday] });

    const put = await call(`/events/${event.id}/quotas`, {
      method: "PUT",
      body: {
        event_capacity: 250,
        quotas: [
          { name: "Samedi", size: 100, date_id: saturday, ticket_ids: [day.id, pass.id] },
          { name: "Dimanche", size: 80, date_id: sunday, ticket_ids: [day.id, pass.id] },
        ],
      },
    });
    expect(put.status).toBe(200);
    const [samedi, dimanche] = put.json.quotas;
    expect(put.json).toEqual({
      event_capacity: { size: 250, sold: 0, held: 0, remaining: 250 },
      quotas: [
        {
          id: expect.any(Number),
          name: "Samedi",
          size: 100,
          date_id: saturday,
          ticket_ids: [day.id, pass.id],
          sold: 0,
          held: 0,
          remaining: 100,
        },
        {
          id: expect.any(Number),
          name: "Dimanche",
          size: 80,
          date_id: sunday,
          ticket_ids: [day.id, pass.id],
          sold: 0,
          held: 0,
          remaining: 80,
        },
      ],
    });

    await sell(event, day, saturday, 3);
    await sell(event, pass, null, 2);
    const held = await insertHold(db, day, 4, new Date(Date.now() + 20 * 60_000));
    await db.update(orderItems).set({ dateId: sunday }).where(eq(orderItems.orderId, held.id));

    const get = await call(`/events/${event.id}/quotas`);
    expect(get.status).toBe(200);
    expect(get.json.quotas.map((q: Record<string, unknown>) => [q.name, q.sold, q.held, q.remaining])).toEqual([
      ["Samedi", 5, 0, 95],
      ["Dimanche", 2, 4, 74],
    ]);

    // Kept by id, renamed; Sunday's is deleted; a new one for every date.
    const second = await call(`/events/${event.id}/quotas`, {
      method: "PUT",
      body: {
        quotas: [
          { id: samedi.id, name: "Samedi soir", size: 5, date_id: saturday, ticket_ids: [day.id, pass.id] },
          { name: "Passes", size: 10, date_id: null, ticket_ids: [pass.id] },
        ],
      },
    });
    expect(second.status).toBe(200);
    expect(second.json.event_capacity.size).toBe(250);
    expect(second.json.quotas.map((q: Record<string, unknown>) => [q.id, q.name, q.sold, q.remaining])).toEqual([
      [samedi.id, "Samedi soir", 5, 0],
      [expect.any(Number), "Passes", 2, 8],
    ]);
    expect(
      (await db.select({ id: quotas.id }).from(quotas).where(eq(quotas.eventId, event.id))).map((q) => q.id),
    ).not.toContain(dimanche.id);

    // A new pass is created with its dates; the list answers every ticket's.
    const created = await call(`/events/${event.id}/tickets`, {
      method: "POST",
      body: { title: "Pass samedi", price: 0, date_ids: [saturday] },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: "Pass samedi", date_ids: [saturday] });
    const listed = await call(`/events/${event.id}/tickets`);
    expect(listed.json.map((t: Record<string, unknown>) => [t.title, t.date_ids])).toEqual([
      // Sold per date: no date_ids.
      ["Entrée du jour", undefined],
      ["Pass week-end", [saturday, sunday]],
      ["Pass samedi", [saturday]],
    ]);

    // The pass has sold: its dates are fixed.
    const locked = await call(`/events/${event.id}/tickets/${pass.id}`, {
      method: "PUT",
      body: { title: "Pass", date_ids: [saturday] },
    });
    expect(locked.status).toBe(409);
    expect(locked.json.code).toBe("pass_dates_sold");
    expect((await db.select().from(ticketDates).where(eq(ticketDates.ticketId, pass.id))).length).toBe(2);
  });

  it("refuses bad input with the field named and writes nothing", async () => {
    const { event, saturday, day } = await festival();
    await sell(event, day, saturday, 4);
    const other = await insertEvent(db, world.organization.id, { title: "Autre" });
    const otherTicket = await insertTicket(db, other, { title: "Ailleurs" });

    const shape = await call(`/events/${event.id}/quotas`, {
      method: "PUT",
      body: { quotas: [{ name: "", size: -2, date_id: null, ticket_ids: [] }] },
    });
    expect(shape.status).toBe(400);
    expect(shape.json.fields).toEqual({
      "quotas.0.name": "name_required",
      "quotas.0.size": "size_invalid",
      "quotas.0.ticket_ids": "tickets_required",
    });

    const foreign = await call(`/events/${event.id}/quotas`, {
      method: "PUT",
      body: {
        quotas: [
          { name: "Ailleurs", size: 10, date_id: null, ticket_ids: [otherTicket.id] },
          { name: "Date", size: 10, date_id: 999_999, ticket_ids: [day.id] },
        ],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields).toEqual({
      "quotas.0.ticket_ids": "ticket_unknown",
      "quotas.1.date_id": "date_unknown",
    });

    const below = await call(`/events/${event.id}/quotas`, {
      method: "PUT",
      body: { event_capacity: 10, quotas: [{ name: "Samedi", size: 3, date_id: saturday, ticket_ids: [day.id] }] },
    });
    expect(below.status).toBe(400);
    expect(below.json.fields).toEqual({ "quotas.0.size": "size_below_sold" });

    const badDate = await call(`/events/${event.id}/tickets`, {
      method: "POST",
      body: { title: "Pass", date_ids: [999_999] },
    });
    expect(badDate.status).toBe(400);
    expect(badDate.json.fields).toEqual({ date_ids: "date_unknown" });

    expect(await db.select().from(quotas).where(eq(quotas.eventId, event.id))).toEqual([]);
    const [row] = await db.select({ capacity: events.eventCapacity }).from(events).where(eq(events.id, event.id));
    expect(row!.capacity).toBe(300);
    const list = await call(`/events/${event.id}/tickets`);
    expect(list.json.map((t: Record<string, unknown>) => t.title)).toEqual(["Entrée du jour", "Pass week-end"]);
  });

  it("answers 404 for another organization's event and for a validator, who may not open the event", async () => {
    const { event, day } = await festival();
    const body = { quotas: [{ name: "Tous", size: 10, date_id: null, ticket_ids: [day.id] }] };
    expect((await call(`/events/${event.id}/quotas`, { as: "foreignOwner" })).status).toBe(404);
    expect((await call(`/events/${event.id}/quotas`, { method: "PUT", body, as: "foreignOwner" })).status).toBe(404);
    expect((await call(`/events/${world.event.id}/quotas`, { as: "guestValidator" })).status).toBe(404);
    expect((await call(`/events/${world.event.id}/quotas`, { method: "PUT", body, as: "guestValidator" })).status).toBe(
      404,
    );
    expect(await db.select().from(quotas).where(eq(quotas.eventId, event.id))).toEqual([]);
    expect(await db.select().from(quotas).where(eq(quotas.eventId, world.event.id))).toEqual([]);
  });

  it("writes and deletes the most quotas an event may have, within D1's limits", async () => {
    const { event, day, pass } = await festival();
    const many = Array.from({ length: 100 }, (_, i) => ({
      name: `Créneau ${i + 1}`,
      size: 30,
      date_id: null,
      ticket_ids: [day.id, pass.id],
    }));
    const put = await call(`/events/${event.id}/quotas`, { method: "PUT", body: { quotas: many } });
    expect(put.status).toBe(200);
    expect(put.json.quotas).toHaveLength(100);
    const tooMany = await call(`/events/${event.id}/quotas`, {
      method: "PUT",
      body: { quotas: [...many, many[0]] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.fields).toEqual({ quotas: "too_many_quotas" });
    const cleared = await call(`/events/${event.id}/quotas`, { method: "PUT", body: { quotas: [] } });
    expect(cleared.status).toBe(200);
    expect(await db.select().from(quotas).where(eq(quotas.eventId, event.id))).toEqual([]);
  });

  it("keeps the tickets calls of a single-date event as they were, without date_ids", async () => {
    const event = await insertEvent(db, world.organization.id, { title: "Concert" });
    const created = await call(`/events/${event.id}/tickets`, { method: "POST", body: { title: "Plein tarif" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title: "Plein tarif" });
    // A single-date event's ticket answers as before: no date_ids.
    expect(created.json).not.toHaveProperty("date_ids");
    const list = await call(`/events/${event.id}/tickets`);
    expect(list.json).toEqual([expect.objectContaining({ id: created.json.id })]);
    expect(list.json[0]).not.toHaveProperty("date_ids");
    const quotasOfEvent = await call(`/events/${event.id}/quotas`);
    expect(quotasOfEvent.json).toEqual({
      event_capacity: { size: -1, sold: 0, held: 0, remaining: null },
      quotas: [],
    });
  });
});
