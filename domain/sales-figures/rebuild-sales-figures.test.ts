import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { seedDatabase } from "../../scripts/lib/seed-data";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { readFigures, recountTotals } from "../../tests/support/sales-figures-scenario";
import { zonedDayKey } from "../events/event-time-zone";
import { rebuildSalesFigures } from "./rebuild-sales-figures";

let t: LibsqlTestDatabase;
const now = new Date("2026-05-12T00:00:00Z");

beforeAll(async () => {
  t = await createLibsqlTestDatabase();
  await seedDatabase(t.db, { now });
  await rebuildSalesFigures(t.db);
}, 120_000);
afterAll(() => t.close());

describe("rebuildSalesFigures on the demo data", () => {
  it("leaves every event's totals equal to a recount of its rows, and its days adding up to them", async () => {
    const events = await t.db.all<{ id: number }>(sql`select id from events where id in (select event_id from orders)`);
    expect(events.length).toBeGreaterThan(3);
    for (const { id } of events) {
      const figures = await readFigures(t.db, id);
      const recount = await recountTotals(t.db, id);
      expect({ id, totals: figures.totals[0] }).toEqual({ id, totals: recount });
      const summed = { participants: 0, orders: 0, gross: 0, fees: 0, net: 0 };
      for (const day of figures.days)
        for (const key of Object.keys(summed) as (keyof typeof summed)[]) summed[key] += day[key];
      expect({ id, summed }).toEqual({ id, summed: recount });
    }
  });

  it("puts each participant on its calendar day in the event's time zone, across the DST changes", async () => {
    const rows = await t.db.all<{ eventId: number; timezone: string; createdAt: number }>(sql`
      select p.event_id as eventId, e.timezone as timezone, p.created_at as createdAt
      from participants p join orders o on o.id = p.order_id join events e on e.id = p.event_id
      where p.ticket_type = 'ticket' and o.status in ('paid', 'manual', 'pending')`);
    const expected = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.eventId} ${zonedDayKey(Number(row.createdAt), row.timezone)}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const stored = await t.db.all<{ eventId: number; day: string; participants: number }>(sql`
      select event_id as eventId, day, participants from sales_figure_days where participants <> 0`);
    expect(new Map(stored.map((row) => [`${row.eventId} ${row.day}`, Number(row.participants)]))).toEqual(expected);
  });

  it("puts each sale on the calendar day of its payment (else its creation) in the event's time zone", async () => {
    const rows = await t.db.all<{ eventId: number; timezone: string; at: number; amount: number }>(sql`
      select o.event_id as eventId, e.timezone as timezone, coalesce(o.paid_at, o.created_at) as at, o.amount as amount
      from orders o join events e on e.id = o.event_id where o.status in ('paid', 'manual')`);
    const expected = new Map<string, string>();
    const sums = new Map<string, { orders: number; gross: number }>();
    for (const row of rows) {
      const key = `${row.eventId} ${zonedDayKey(Number(row.at), row.timezone)}`;
      const sum = sums.get(key) ?? { orders: 0, gross: 0 };
      sum.orders += 1;
      sum.gross += Number(row.amount);
      sums.set(key, sum);
    }
    for (const [key, sum] of sums) expected.set(key, `${sum.orders}/${sum.gross}`);
    const stored = await t.db.all<{ eventId: number; day: string; orders: number; gross: number }>(sql`
      select event_id as eventId, day, orders, gross from sales_figure_days where orders <> 0`);
    expect(new Map(stored.map((row) => [`${row.eventId} ${row.day}`, `${row.orders}/${row.gross}`]))).toEqual(expected);
  });

  it("gives the same figures when run again", async () => {
    const before = await t.db.all(sql`select * from sales_figure_days order by event_id, day`);
    await rebuildSalesFigures(t.db);
    expect(await t.db.all(sql`select * from sales_figure_days order by event_id, day`)).toEqual(before);
  });
});
