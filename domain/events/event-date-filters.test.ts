import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import { placeOrder } from "../booking/place-order";
import { listEntries } from "../entries/list-entries";
import { exportOrders } from "../orders/export-orders";
import { listOrders } from "../orders/list-orders";
import { listParticipants } from "../participants/list-participants";
import type { Actor } from "../shared/actor";
import { listEventDateChoices } from "./event-date-filters";
import { getEventDashboard } from "./get-event-dashboard";
import { placeManualOrders } from "../manual-orders/place-manual-orders";
import { failure } from "../../tests/support/failure";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const ENV = { ENVIRONMENT: "test", SESSION_SECRET: "date-filters-secret-0123456789abcdef" } as const;

describe("the date filter of participants, orders, entries and the orders CSV (issue 30 §4)", () => {
  let t: { db: Database; close?: () => void };
  let actor: Actor;
  let event: typeof schema.events.$inferSelect;
  let dates: (typeof schema.eventDates.$inferSelect)[];
  let buyer = 0;
  const book = (items: { ticket_id: number; quantity: number; date_id?: number }[]) =>
    placeOrder(
      t.db,
      { env: ENV, now: NOW },
      {
        eventId: event.id,
        body: {
          items,
          buyer: { first_name: "Nora", last_name: `Client${++buyer}`, email: `client${buyer}@exemple.test` },
          answers: {},
          locale: "fr",
        },
      },
    );

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    const organization = await insertOrganization(t.db);
    const user = await insertUser(t.db);
    await insertMember(t.db, organization.id, user.id, "owner");
    actor = actorOf(user, organization.id, "owner");
    event = await insertEvent(t.db, organization.id, { status: "published", startAt: new Date(NOW + 5 * DAY) });
    dates = await t.db
      .insert(schema.eventDates)
      .values(
        [5, 6, 7].map((day) => ({
          organizationId: organization.id,
          eventId: event.id,
          startAt: new Date(NOW + day * DAY),
        })),
      )
      .returning();
    const evening = await insertTicket(t.db, event, { title: "Soirée", price: 0, isFree: true });
    const pass = await insertTicket(t.db, event, { title: "Pass", price: 0, isFree: true });
    await t.db.insert(schema.ticketDates).values([
      { ticketId: pass.id, dateId: dates[1]!.id },
      { ticketId: pass.id, dateId: dates[2]!.id },
    ]);
    await book([{ ticket_id: evening.id, quantity: 2, date_id: dates[0]!.id }]);
    await book([{ ticket_id: evening.id, quantity: 1, date_id: dates[1]!.id }]);
    await book([{ ticket_id: pass.id, quantity: 1 }]);
    await book([
      { ticket_id: evening.id, quantity: 1, date_id: dates[0]!.id },
      { ticket_id: evening.id, quantity: 1, date_id: dates[2]!.id },
    ]);
    const people = await t.db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.eventId, event.id))
      .orderBy(asc(schema.participants.id));
    await t.db.insert(schema.entries).values(
      people.slice(0, 2).map((person) => ({
        organizationId: organization.id,
        eventId: event.id,
        participantId: person.id,
        ticketId: person.ticketId,
        isIn: true,
        validatedAt: new Date(NOW),
        dateId: person.dateId,
      })),
    );
  });
  afterAll(() => t.close?.());

  it("lists the event's dates as choices, first first", async () => {
    expect((await listEventDateChoices(t.db, event)).map((date) => date.id)).toEqual(dates.map((date) => date.id));
  });

  it("filters participants by date, pass holders on each date their pass covers", async () => {
    const page = (dateIds: number[]) =>
      listParticipants(t.db, actor, { eventId: event.id, offset: 0, limit: 50, sort: null, dateIds, now: NOW });
    expect((await page([dates[0]!.id])).total).toBe(3);
    const second = await page([dates[1]!.id]);
    expect(second.rows.map((row) => row.ticketTitle).sort()).toEqual(["Pass", "Soirée"]);
    expect((await page([dates[2]!.id])).total).toBe(2);
    expect((await page([])).total).toBe(6);
    // The date of a per-date holder is its event_date column.
    expect((await page([dates[0]!.id])).rows.every((row) => row.eventDate === dates[0]!.startAt.getTime())).toBe(true);
  });

  it("filters orders by date, gives the order's date, and puts it in the CSV", async () => {
    const page = (dateIds: number[]) =>
      listOrders(t.db, actor, { eventId: event.id, offset: 0, limit: 50, sort: null, dateIds, now: NOW });
    const first = await page([dates[0]!.id]);
    expect(first.total).toBe(2);
    expect(first.rows.map((row) => row.dateId).sort()).toEqual([dates[0]!.id, null].sort());
    expect((await page([dates[2]!.id])).total).toBe(2);
    const csv = await exportOrders(t.db, actor, { eventId: event.id, now: NOW, language: "fr" });
    const dateColumn = csv.header.indexOf(`date (${event.timezone})`);
    expect(dateColumn).toBeGreaterThan(0);
    const { rows } = await csv.nextPage(null);
    expect(rows.map((row) => row[dateColumn]).filter(Boolean)).toHaveLength(2);
  });

  it("filters entries by the date they were scanned for", async () => {
    const all = await listEntries(t.db, actor, { eventId: event.id, offset: 0, limit: 50 });
    const onFirst = await listEntries(t.db, actor, {
      eventId: event.id,
      offset: 0,
      limit: 50,
      dateIds: [dates[0]!.id],
    });
    expect(all.total).toBe(2);
    expect(onFirst.rows.every((row) => row.dateId === dates[0]!.id)).toBe(true);
    expect(onFirst.total).toBe(2);
    expect(
      (await listEntries(t.db, actor, { eventId: event.id, offset: 0, limit: 50, dateIds: [dates[2]!.id] })).total,
    ).toBe(0);
  });

  it("gives the dashboard's figures for one date: its participants, money, orders, scans and capacity", async () => {
    await t.db.update(schema.eventDates).set({ capacity: 40 }).where(eq(schema.eventDates.id, dates[0]!.id));
    const whole = await getEventDashboard(t.db, actor, { eventId: event.id, now: new Date(NOW) });
    const first = await getEventDashboard(t.db, actor, { eventId: event.id, now: new Date(NOW), dateId: dates[0]!.id });
    expect(whole.participantsCount).toBe(6);
    expect(first).toMatchObject({
      participantsCount: 3,
      ordersCount: 2,
      checkInsCount: 2,
      ticketsSold: 3,
      capacity: 40,
    });
    expect(first.participantsPerDay.at(-1)).toEqual({ date: "2026-06-15", count: 3 });
    const second = await getEventDashboard(t.db, actor, {
      eventId: event.id,
      now: new Date(NOW),
      dateId: dates[1]!.id,
    });
    // The pass holder counts on each date the pass covers.
    expect(second).toMatchObject({ participantsCount: 2, ticketsSold: 2, capacity: null, checkInsCount: 0 });
  });

  it("adds participants by hand on a date, refusing a missing date and one without room", async () => {
    const [evening] = await t.db
      .select()
      .from(schema.tickets)
      .where(and(eq(schema.tickets.eventId, event.id), eq(schema.tickets.title, "Soirée")));
    await t.db.update(schema.eventDates).set({ capacity: 3 }).where(eq(schema.eventDates.id, dates[2]!.id));
    const person = { firstName: "Ana", lastName: "Lopes", email: "ana.lopes@exemple.test" };
    const add = (dateId: number | null, count = 1) =>
      placeManualOrders(t.db, actor, {
        eventId: event.id,
        sendEmail: false,
        now: NOW,
        orders: [
          {
            buyer: person,
            participants: Array.from({ length: count }, () => ({ ...person, ticketId: evening!.id, dateId })),
          },
        ],
      });
    expect(await failure(add(null))).toMatchObject({
      code: "validation",
      fields: { "orders.0.participants.0.date_id": "booking:errors.date-required" },
    });
    // Date 3 has 2 of its 3 places taken already: the mixed order's evening and the pass.
    expect(await failure(add(dates[2]!.id, 2))).toMatchObject({ code: "conflict" });
    const { participantIds } = await add(dates[2]!.id);
    const [added] = await t.db.select().from(schema.participants).where(eq(schema.participants.id, participantIds[0]!));
    expect(added).toMatchObject({ dateId: dates[2]!.id, eventDate: dates[2]!.startAt });
    const [date] = await t.db.select().from(schema.eventDates).where(eq(schema.eventDates.id, dates[2]!.id));
    expect(date!.sold).toBe(3);
  });
});
