import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, tickets } from "#db/schema";
import { getEvent } from "#domain/events/get-event";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { insertEvent, insertEventsWorld, insertHold, insertTicket, type Ticket } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { listTickets, ticketsWithHoldsQuery } from "./list-tickets";

// The back office reckons places held by unpaid orders as the public page and the booking do: sold out there is
// exactly "every buyer is refused", and on sale again once the hold runs out.

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let event: { id: number; organizationId: number };
const now = new Date("2026-06-10T12:00:00Z");
const HOLD_MS = 30 * 60_000;
const afterHold = new Date(now.getTime() + HOLD_MS + 1);

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());
beforeEach(async () => {
  event = await insertEvent(test.db, world.organization.id, {
    title: "Concert d'été",
    status: "published",
    startAt: new Date("2026-06-21T18:00:00Z"),
    endAt: new Date("2026-06-21T23:00:00Z"),
  });
});

/** A pending order holding `quantity` units of the ticket, until the end of the booking's hold unless `until` says. */
const hold = (ticket: Ticket, quantity: number, until = now.getTime() + HOLD_MS) =>
  insertHold(test.db, ticket, quantity, new Date(until));

async function backOffice(at: Date) {
  const { tickets: listed } = await listTickets(test.db, world.actors.owner, { eventId: event.id, now: at });
  return listed.map((t) => [t.title, t.derived.status, t.remaining, t.held]);
}

describe("back-office ticket statuses count places held by unpaid orders", () => {
  it("shows a ticket whose remaining places are all held as sold out, and on sale again when the hold runs out", async () => {
    const ticket = await insertTicket(test.db, event, { title: "Plein tarif", amount: 10, purchased: 4 });
    await hold(ticket, 2);
    await hold(ticket, 4);
    // Ran out already (the cron has not released it yet): takes nothing.
    await hold(ticket, 3, now.getTime() - 1);

    expect(await backOffice(now)).toEqual([["Plein tarif", "sold_out", 0, 6]]);
    expect(await backOffice(afterHold)).toEqual([["Plein tarif", "on_sale", 6, 0]]);
    // The event's detail (GET /api/events/:id, the dashboard API) says the same.
    const detail = await getEvent(test.db, world.actors.owner, { eventId: event.id, now });
    expect(detail.tickets.map((t) => [t.title, t.derived.status, t.remaining])).toEqual([
      ["Plein tarif", "sold_out", 0],
    ]);
    expect(detail.counts.ticketsPurchased).toBe(4);
    // What `purchased` means does not change: sales only.
    const { tickets: listed } = await listTickets(test.db, world.actors.owner, { eventId: event.id, now });
    expect(listed[0]).toMatchObject({ purchased: 4, held: 6 });
  });

  it("counts holds of every ticket, deleted ones included, against the event capacity; add-ons keep their own stock", async () => {
    await test.db.update(events).set({ eventCapacity: 8 }).where(eq(events.id, event.id));
    const full = await insertTicket(test.db, event, { title: "Plein tarif", purchased: 3, sort: 0 });
    await insertTicket(test.db, event, { title: "Tarif réduit", amount: 20, sort: 1 });
    const old = await insertTicket(test.db, event, { title: "Ancien tarif", visibility: "deleted", sort: 2 });
    const parking = await insertTicket(test.db, event, { title: "Parking", ticketType: "addon", amount: 5, sort: 0 });
    await hold(full, 2);
    await hold(parking, 4);
    expect(await backOffice(now)).toEqual([
      ["Plein tarif", "on_sale", 3, 2],
      ["Tarif réduit", "on_sale", 3, 0],
      ["Parking", "on_sale", 1, 4],
    ]);
    await hold(old, 3);
    expect(await backOffice(now)).toEqual([
      ["Plein tarif", "sold_out", 0, 2],
      ["Tarif réduit", "sold_out", 0, 0],
      ["Parking", "on_sale", 1, 4],
    ]);
    expect(await backOffice(afterHold)).toEqual([
      ["Plein tarif", "on_sale", 5, 0],
      ["Tarif réduit", "on_sale", 5, 0],
      ["Parking", "on_sale", 5, 0],
    ]);
  });

  it("reports the capacity taken with the sales of deleted tickets and the unpaid holds", async () => {
    await test.db.update(events).set({ eventCapacity: 20 }).where(eq(events.id, event.id));
    const full = await insertTicket(test.db, event, { title: "Plein tarif", purchased: 3, sort: 0 });
    await insertTicket(test.db, event, { title: "Ancien tarif", visibility: "deleted", purchased: 4, sort: 1 });
    await insertTicket(test.db, event, { title: "Parking", ticketType: "addon", purchased: 9, sort: 0 });
    await hold(full, 2);
    const taken = async (at: Date) =>
      (await listTickets(test.db, world.actors.owner, { eventId: event.id, now: at })).capacityTaken;
    expect(await taken(now)).toEqual({ purchased: 7, held: 2 });
    expect(await taken(afterHold)).toEqual({ purchased: 7, held: 0 });
  });

  it("says what the public page says, a ticket turned add-on while held included", async () => {
    await test.db.update(events).set({ eventCapacity: 12 }).where(eq(events.id, event.id));
    const limited = await insertTicket(test.db, event, { title: "Limité", amount: 6, purchased: 1, sort: 0 });
    const open = await insertTicket(test.db, event, { title: "Libre", purchased: 2, sort: 1 });
    const addon = await insertTicket(test.db, event, { title: "Option", ticketType: "addon", amount: 3, sort: 2 });
    // Nothing sold, so the organizer may still make it an add-on: its holds were taken as tickets, and stay so.
    const switched = await insertTicket(test.db, event, { title: "Devenu option", amount: 5, sort: 3 });
    await hold(limited, 3);
    await hold(open, 1);
    await hold(addon, 3);
    await hold(switched, 3);
    await test.db.update(tickets).set({ ticketType: "addon" }).where(eq(tickets.id, switched.id));
    await test.db.update(tickets).set({ showRemainingCount: true }).where(eq(tickets.eventId, event.id));

    for (const at of [now, afterHold]) {
      const found = await getPublicEvent(
        test.db,
        event.id,
        { mode: "public", env: { ENVIRONMENT: "test" }, hash: null },
        at,
      );
      if (found.kind !== "found") throw new Error("public event not found");
      const shown = [...found.event.tickets, ...found.event.addons].map((t) => [t.id, t.sale.status, t.remaining]);
      const { tickets: listed } = await listTickets(test.db, world.actors.owner, { eventId: event.id, now: at });
      const byId = (a: (number | string | null)[], b: (number | string | null)[]) => Number(a[0]) - Number(b[0]);
      expect(listed.map((t) => [t.id, t.derived.status, t.remaining]).sort(byId)).toEqual(shown.sort(byId));
    }
    // The switched ticket's 3 held places taken as tickets: sales 1 + 2 and holds 3 + 1 + 3, 10 of 12.
    expect(
      (await listTickets(test.db, world.actors.owner, { eventId: event.id, now })).tickets.map((t) => t.remaining),
    ).toEqual([2, 2, 0, 2]);
  });

  it("reads the holds on the covering indexes of order_items, never scanning it", async () => {
    const query = ticketsWithHoldsQuery(test.db, event, now.getTime()).getSQL();
    const plan = await test.db.all<{ detail: string }>(sql`explain query plan ${query}`);
    const details = plan.map((row) => String(row.detail));
    expect(details).toContainEqual(
      expect.stringMatching(/order_items USING COVERING INDEX order_items_ticket_held_idx/),
    );
    expect(details).toContainEqual(
      expect.stringMatching(/order_items USING COVERING INDEX order_items_event_held_idx/),
    );
    expect(details).toContainEqual(expect.stringMatching(/SEARCH tickets USING INDEX tickets_event_type_sort_idx/));
    expect(details.filter((detail) => /SCAN (order_items|tickets)/.test(detail))).toEqual([]);
    // The event's holds do not depend on the row: reckoned once, not per ticket.
    expect(details).toContainEqual(expect.stringMatching(/^SCALAR SUBQUERY/));
  });
});
