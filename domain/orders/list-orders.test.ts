import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { listOrders } from "./list-orders";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let eventId: number;
const counts = new Map<number, number>();

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
  const event = await insertEvent(test.db, world.organization.id, { title: "Billets comptés" });
  eventId = event.id;
  const ticket = await insertTicket(test.db, event, { title: "Plein tarif", price: 1500 });
  // Another event's orders share the participants table: their places must never count here.
  const other = await insertEvent(test.db, world.organization.id, { title: "Voisin" });
  const otherTicket = await insertTicket(test.db, other, { price: 1000 });
  await insertOrder(test.db, other, { status: "paid", places: [{ ticket: otherTicket, count: 4 }] });
  for (const count of [6, 2, 0]) {
    const { order } = await insertOrder(test.db, event, {
      status: count === 0 ? "cancelled" : "paid",
      places: count === 0 ? [] : [{ ticket, count }],
      amount: count * 1500,
    });
    counts.set(order.id, count);
  }
});
afterAll(() => test?.close());

describe("listOrders", () => {
  it("counts each order's own participants in the tickets column", async () => {
    const result = await listOrders(test.db, world.actors.owner, { eventId, offset: 0, limit: 10, sort: null });
    expect(result.total).toBe(3);
    expect(new Map(result.rows.map((row) => [row.id, row.participants]))).toEqual(counts);
  });

  it("keeps the counts when sorted and searched by order id", async () => {
    const [six] = [...counts].find(([, count]) => count === 6)!;
    const sorted = await listOrders(test.db, world.actors.owner, {
      eventId,
      offset: 0,
      limit: 10,
      sort: { id: "amount", desc: true },
    });
    expect(sorted.rows.map((row) => row.participants)).toEqual([6, 2, 0]);
    const found = await listOrders(test.db, world.actors.owner, {
      eventId,
      offset: 0,
      limit: 10,
      sort: null,
      search: `#${six}`,
    });
    expect(found.rows.map((row) => [row.id, row.participants])).toEqual([[six, 6]]);
  });
});
