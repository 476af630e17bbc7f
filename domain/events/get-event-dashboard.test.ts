import { createClient, type InStatement } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { entries } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { createEventsWorld, createOrder, createTestEvent, createTicket } from "../../tests/support/event-fixtures";
import { recountTotals, runFiguresScenario } from "../../tests/support/sales-figures-scenario";
import { rebuildSalesFigures } from "../sales-figures/rebuild-sales-figures";
import { chartDays, getEventDashboard } from "./get-event-dashboard";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;
let eventId = 0;
const now = new Date("2026-04-10T10:00:00Z");

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
  const db = test.db;
  const event = await createTestEvent(db, world.organization.id, {
    timezone: "Europe/Paris",
    startAt: new Date("2026-05-01T18:00:00Z"),
    endAt: new Date("2026-05-01T23:00:00Z"),
  });
  eventId = event.id;
  const a = await createTicket(db, event, { title: "A", price: 2000, amount: 100, purchased: 5 });
  const b = await createTicket(db, event, { title: "B", price: 0, amount: 50, purchased: 2 });
  const c = await createTicket(db, event, { title: "C", ticketType: "addon", price: 500, purchased: 1 });
  const d = await createTicket(db, event, { title: "D", price: 1000, visibility: "deleted", purchased: 1 });

  // 23:30 in Paris on 9 April.
  const first = await createOrder(db, event, {
    status: "paid",
    createdAt: new Date("2026-04-09T21:30:00Z"),
    places: [
      { ticket: a, count: 2 },
      { ticket: c, count: 1 },
    ],
    fees: 300,
  });
  // 00:30 in Paris on 10 April.
  const second = await createOrder(db, event, {
    status: "manual",
    createdAt: new Date("2026-04-09T22:30:00Z"),
    places: [{ ticket: b, count: 2 }],
  });
  await createOrder(db, event, {
    status: "pending",
    createdAt: new Date("2026-04-01T10:00:00Z"),
    places: [{ ticket: a, count: 1 }],
  });
  await createOrder(db, event, {
    status: "cancelled",
    createdAt: new Date("2026-04-05T10:00:00Z"),
    places: [{ ticket: a, count: 3 }],
  });
  await createOrder(db, event, {
    status: "expired",
    createdAt: new Date("2026-04-06T10:00:00Z"),
    places: [{ ticket: a, count: 1 }],
  });
  await createOrder(db, event, {
    status: "refunded",
    createdAt: new Date("2026-04-07T10:00:00Z"),
    places: [{ ticket: a, count: 1 }],
  });
  // 01:30 in Paris on 29 March, before the switch to summer time at 03:00.
  await createOrder(db, event, {
    status: "paid",
    createdAt: new Date("2026-03-29T00:30:00Z"),
    places: [{ ticket: d, count: 1 }],
    fees: 100,
  });
  // 00:30 in Paris (summer time) on 30 March: a fixed winter offset would put it on the 29th.
  await createOrder(db, event, {
    status: "pending",
    createdAt: new Date("2026-03-29T22:30:00Z"),
    places: [{ ticket: a, count: 1 }],
  });

  const entry = (participantId: number, ticketId: number, isIn: boolean, minutes: number) => ({
    organizationId: event.organizationId,
    eventId: event.id,
    participantId,
    ticketId,
    isIn,
    validatedAt: new Date(now.getTime() + minutes * 60_000),
  });
  await db
    .insert(entries)
    .values([
      entry(first.participants[0]!.id, a.id, true, 0),
      entry(first.participants[0]!.id, a.id, false, 30),
      entry(first.participants[1]!.id, a.id, false, 5),
      entry(second.participants[0]!.id, b.id, true, 10),
    ]);
});
afterAll(() => test?.close());

describe("getEventDashboard", () => {
  it("computes the figures from the orders, participants, tickets and entries", async () => {
    const dashboard = await getEventDashboard(test.db, world.actors.owner, { eventId, now });
    expect(dashboard).toMatchObject({
      // Ticket holders in pending, paid and manual orders: 2 + 2 + 1 + 1 + 1 (the add-on excluded).
      participantsCount: 7,
      // Paid and manual orders: 4 500 + 0 + 1 000.
      grossSales: 5500,
      netSales: 5100,
      ordersCount: 3,
      // Two participants entered; one only went out.
      checkInsCount: 2,
      // purchased of the 'ticket' tickets, the deleted one included: 5 + 2 + 1.
      ticketsSold: 8,
      // Unlimited event capacity: the stocks of the live tickets, 100 + 50.
      capacity: 150,
      timezone: "Europe/Paris",
      actions: ["unpublished", "payment-account-missing", "no-description", "no-banner"],
    });
  });

  it("counts participants per day in the event's time zone over the last 30 days, zero-filled", async () => {
    const { participantsPerDay } = await getEventDashboard(test.db, world.actors.owner, { eventId, now });
    expect(participantsPerDay).toHaveLength(30);
    expect(participantsPerDay[0]!.date).toBe("2026-03-12");
    expect(participantsPerDay.at(-1)!.date).toBe("2026-04-10");
    const nonZero = Object.fromEntries(participantsPerDay.filter((d) => d.count > 0).map((d) => [d.date, d.count]));
    expect(nonZero).toEqual({ "2026-03-29": 1, "2026-03-30": 1, "2026-04-01": 1, "2026-04-09": 2, "2026-04-10": 2 });
    expect(participantsPerDay.reduce((sum, d) => sum + d.count, 0)).toBe(7);
  });

  it("shows the figures kept by the write batches, equal to a recount and to a rebuild of the rows", async () => {
    const { event } = await runFiguresScenario(test.db, { organizationId: world.organization.id });
    const at = new Date("2026-04-03T10:00:00Z");
    const kept = await getEventDashboard(test.db, world.actors.owner, { eventId: event.id, now: at });
    const recount = await recountTotals(test.db, event.id);
    expect({
      participants: kept.participantsCount,
      gross: kept.grossSales,
      net: kept.netSales,
      orders: kept.ordersCount,
    }).toEqual({ participants: recount.participants, gross: recount.gross, net: recount.net, orders: recount.orders });
    // First sale on 28 March: the chart still covers the last 30 days.
    expect(kept.participantsPerDay).toHaveLength(30);
    expect(kept.participantsPerDay.filter((day) => day.count > 0)).toEqual([
      { date: "2026-03-28", count: 2 },
      { date: "2026-04-02", count: 3 },
    ]);
    await rebuildSalesFigures(test.db, { eventId: event.id });
    expect(await getEventDashboard(test.db, world.actors.owner, { eventId: event.id, now: at })).toEqual(kept);
  });

  it("reads the sales figures, never the orders or participants", async () => {
    const client = createClient({ url: test.url });
    const statements: string[] = [];
    // Every statement the client runs, batched ones included (drizzle's logger does not see batches).
    const sqlOf = (statement: InStatement) => (typeof statement === "string" ? statement : statement.sql);
    const execute = client.execute.bind(client);
    const batch = client.batch.bind(client);
    client.execute = ((statement: InStatement) => {
      statements.push(sqlOf(statement));
      return execute(statement);
    }) as typeof client.execute;
    client.batch = ((batched: InStatement[], mode) => {
      statements.push(...batched.map(sqlOf));
      return batch(batched, mode);
    }) as typeof client.batch;
    const logged = drizzle(client, { schema }) as unknown as Database;
    try {
      await getEventDashboard(logged, world.actors.owner, { eventId, now });
      expect(statements.filter((sql) => /from "sales_figures?(_days)?"/.test(sql))).toHaveLength(3);
      expect(statements.filter((sql) => /(from|join) "(orders|participants)"/.test(sql))).toEqual([]);
    } finally {
      client.close();
    }
  });

  it("starts the chart at the first sale when earlier, at most 90 days back", () => {
    expect(chartDays("Europe/Paris", now, null)).toHaveLength(30);
    const fromFirstSale = chartDays("Europe/Paris", now, new Date("2026-02-20T12:00:00Z"));
    expect(fromFirstSale[0]).toBe("2026-02-20");
    expect(fromFirstSale.at(-1)).toBe("2026-04-10");
    const capped = chartDays("Europe/Paris", now, new Date("2025-10-01T12:00:00Z"));
    expect(capped).toHaveLength(90);
    expect(capped[0]).toBe("2026-01-11");
    expect(chartDays("Pacific/Kiritimati", new Date("2026-04-10T23:00:00Z"), null).at(-1)).toBe("2026-04-11");
  });

  it("lists the actions to be taken for an empty draft", async () => {
    const empty = await createTestEvent(test.db, world.organization.id, { startAt: null });
    const dashboard = await getEventDashboard(test.db, world.actors.owner, { eventId: empty.id, now });
    expect(dashboard).toMatchObject({
      participantsCount: 0,
      grossSales: 0,
      netSales: 0,
      ordersCount: 0,
      checkInsCount: 0,
      ticketsSold: 0,
      capacity: null,
      actions: ["no-tickets", "unpublished", "no-description", "no-banner", "no-start-date"],
    });
    expect(dashboard.participantsPerDay.every((d) => d.count === 0)).toBe(true);
  });

  it("has no action left for a complete published event with free tickets", async () => {
    const ready = await createTestEvent(test.db, world.organization.id, {
      status: "published",
      description: "<p>Programme</p>",
      mainPicture: "/images/events/1/banner-00000000-1280.webp",
      startAt: new Date("2026-05-01T18:00:00Z"),
      eventCapacity: 40,
    });
    await createTicket(test.db, ready, { price: 0, amount: -1 });
    const dashboard = await getEventDashboard(test.db, world.actors.owner, { eventId: ready.id, now });
    expect(dashboard.actions).toEqual([]);
    expect(dashboard.capacity).toBe(40);
  });

  it("answers 404 to other organizations and to guests without access", async () => {
    for (const actor of [world.actors.foreignOwner, world.actors.guestNone]) {
      await expect(getEventDashboard(test.db, actor, { eventId, now })).rejects.toMatchObject({ code: "not_found" });
    }
  });
});
