import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { readFigures, recountTotals, runFiguresScenario } from "../../tests/support/sales-figures-scenario";
import { insertEvent, insertOrder, insertOrganization, insertTicket } from "../../tests/support/fixtures";
import { figureDay, figuresByDay, orderFigureChanges, salesFigureStatements } from "./sales-figures";
import { rebuildSalesFigures } from "./rebuild-sales-figures";

let t: LibsqlTestDatabase;

beforeAll(async () => {
  t = await createLibsqlTestDatabase();
});
afterAll(() => t.close());

describe("sales figures kept in the write batches (libSQL)", () => {
  it("end equal to a rebuild from the rows after confirmations, refunds, cancellations and deletions", async () => {
    const { event } = await runFiguresScenario(t.db);
    const incremental = await readFigures(t.db, event.id);

    // Totals: 2 + 1 + 3 + 1 + 2 ticket places confirmed, 1 refunded, 2 cancelled, 1 free deleted → 5.
    expect(incremental.totals).toEqual([{ participants: 5, orders: 3, gross: 8100, fees: 172, net: 7928 }]);
    expect(incremental.totals[0]).toEqual(await recountTotals(t.db, event.id));
    // Days in Paris: 23:30 on 28 March, 00:30 on 30 March after the DST change (refunded back to nothing), 2 April.
    expect(incremental.days).toEqual([
      { day: "2026-03-28", participants: 2, orders: 1, gross: 5300, fees: 105, net: 5195 },
      { day: "2026-04-02", participants: 3, orders: 2, gross: 2800, fees: 67, net: 2733 },
    ]);

    await rebuildSalesFigures(t.db, { eventId: event.id });
    expect(await readFigures(t.db, event.id)).toEqual(incremental);
    await rebuildSalesFigures(t.db);
    expect(await readFigures(t.db, event.id)).toEqual(incremental);
  });

  it("rebuilds every event with orders, and clears figures left on an event whose orders are gone", async () => {
    const organization = await insertOrganization(t.db);
    const event = await insertEvent(t.db, organization.id, { timezone: "America/New_York" });
    const ticket = await insertTicket(t.db, event, { price: 1000 });
    // 02:00 UTC on 5 May is still 4 May in New York.
    await insertOrder(t.db, event, {
      status: "paid",
      createdAt: new Date("2026-05-05T02:00:00Z"),
      places: [{ ticket, count: 2 }],
      fees: 40,
    });
    await insertOrder(t.db, event, {
      status: "pending",
      createdAt: new Date("2026-05-06T15:00:00Z"),
      places: [{ ticket, count: 1 }],
    });
    const empty = await insertEvent(t.db, organization.id);
    await t.db.batch([
      ...(salesFigureStatements(t.db, {
        organizationId: organization.id,
        eventId: empty.id,
        timezone: "UTC",
        changes: [{ at: 0, participants: 4 }],
      }) as [never, ...never[]]),
    ]);

    const rebuilt = await rebuildSalesFigures(t.db);
    expect(rebuilt.events).toBeGreaterThanOrEqual(2);
    expect(await readFigures(t.db, event.id)).toEqual({
      totals: [{ participants: 3, orders: 1, gross: 2000, fees: 40, net: 1960 }],
      days: [
        { day: "2026-05-04", participants: 2, orders: 1, gross: 2000, fees: 40, net: 1960 },
        { day: "2026-05-06", participants: 1, orders: 0, gross: 0, fees: 0, net: 0 },
      ],
    });
    expect(await readFigures(t.db, empty.id)).toEqual({ totals: [], days: [] });
  });

  it("adds nothing when the guard is false at its turn in the batch, and adds when it is true", async () => {
    const organization = await insertOrganization(t.db);
    const event = await insertEvent(t.db, organization.id);
    const delta = {
      organizationId: organization.id,
      eventId: event.id,
      timezone: event.timezone,
      changes: [{ at: new Date("2026-02-01T12:00:00Z"), orders: 1, gross: 100 }],
    };
    await t.db.batch(salesFigureStatements(t.db, { ...delta, onlyIf: sql`0` }) as [never, ...never[]]);
    expect(await readFigures(t.db, event.id)).toEqual({ totals: [], days: [] });
    await t.db.batch(salesFigureStatements(t.db, { ...delta, onlyIf: sql`1` }) as [never, ...never[]]);
    await t.db.batch(salesFigureStatements(t.db, delta) as [never, ...never[]]);
    expect(await readFigures(t.db, event.id)).toEqual({
      totals: [{ participants: 0, orders: 2, gross: 200, fees: 0, net: 0 }],
      days: [{ day: "2026-02-01", participants: 0, orders: 2, gross: 200, fees: 0, net: 0 }],
    });
  });
});

describe("figure changes", () => {
  it("counts a sale on its paid day and ticket participants on theirs, add-ons and pending sales left out", () => {
    const paidAt = new Date("2026-06-01T12:00:00Z");
    const createdAt = new Date("2026-05-31T12:00:00Z");
    const order = { status: "paid" as const, amount: 1000, fees: 40, netAmount: 960, paidAt, createdAt };
    const people = [
      { createdAt: paidAt, ticketType: "ticket" as const },
      { createdAt: paidAt, ticketType: "addon" as const },
    ];
    expect(orderFigureChanges(order, people)).toEqual([
      { at: paidAt, orders: 1, gross: 1000, fees: 40, net: 960 },
      { at: paidAt, participants: 1 },
    ]);
    expect(orderFigureChanges({ ...order, status: "pending" }, people, -1)).toEqual([{ at: paidAt, participants: -1 }]);
    expect(orderFigureChanges({ ...order, status: "refunded" }, people)).toEqual([]);
  });

  it("sums changes per local day and drops the days that net to zero", () => {
    const days = figuresByDay(
      [
        { at: new Date("2026-07-01T21:59:00Z"), participants: 1 },
        { at: new Date("2026-07-01T22:01:00Z"), participants: 1 },
        { at: new Date("2026-07-01T22:30:00Z"), participants: -1 },
      ],
      "Europe/Paris",
    );
    expect([...days]).toEqual([["2026-07-01", { participants: 1, orders: 0, gross: 0, fees: 0, net: 0 }]]);
    expect(figureDay(new Date("2026-07-01T23:00:00Z"), "Not/AZone")).toBe("2026-07-01");
  });
});
