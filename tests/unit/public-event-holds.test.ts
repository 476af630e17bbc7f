import { eq, getTableColumns, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { events, orderItems, tickets } from "#db/schema";
import { eventHeldFingerprintSql, heldOfEventTicketsSql, ticketHeldColumn } from "#domain/booking/held-places";
import { stockAllows } from "#domain/booking/stock-sql";
import { getPublicEvent, getPublicEventVersion, type PublicTicket } from "#domain/public-events/get-public-event";
import { withTicketStatuses } from "#domain/tickets/ticket-status";
import { insertHold } from "../support/fixtures";
import { insertOrganization } from "../support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../support/libsql-test-db";

const env = { ENVIRONMENT: "test" };
const now = new Date("2026-06-01T10:00:00Z");
const HOLD_MS = 30 * 60_000;
const afterHold = new Date(now.getTime() + HOLD_MS + 1);
const day = 86_400_000;

/** Places held by unpaid orders count as taken on the public page until the hold runs out (issue 10 §3). */
describe("public event: places held by unpaid orders", () => {
  let t: LibsqlTestDatabase;
  let organizationId: number;

  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
    organizationId = (await insertOrganization(t.db, { title: "Les Nuits", titleKey: "les nuits" })).id;
  });
  afterEach(() => t.close());

  async function makeEvent(values: Partial<typeof events.$inferInsert> = {}) {
    const [event] = await t.db
      .insert(events)
      .values({
        organizationId,
        title: "Concert",
        status: "published",
        startAt: new Date(now.getTime() + 10 * day),
        ...values,
      })
      .returning();
    return event!;
  }

  async function makeTicket(eventId: number, values: Partial<typeof tickets.$inferInsert>) {
    const [ticket] = await t.db
      .insert(tickets)
      .values({ organizationId, eventId, title: "Billet", price: 2500, showRemainingCount: true, ...values })
      .returning();
    return ticket!;
  }

  /** A pending order holding `quantity` units of the ticket, until the end of the booking's hold unless `until` says. */
  const hold = (ticket: typeof tickets.$inferSelect, quantity: number, until = now.getTime() + HOLD_MS) =>
    insertHold(t.db, ticket, quantity, new Date(until));

  async function publicTickets(eventId: number, at: Date) {
    const found = await getPublicEvent(t.db, eventId, { mode: "public", env, hash: null }, at);
    if (found.kind !== "found") throw new Error("not found");
    const view = (x: PublicTicket) => [x.title, x.sale.status, x.remaining];
    return { tickets: found.event.tickets.map(view), addons: found.event.addons.map(view) };
  }

  it("shows a ticket whose last places are held as sold out with nothing left, then back on sale once the hold runs out", async () => {
    const event = await makeEvent();
    const ticket = await makeTicket(event.id, { title: "Plein tarif", amount: 15, purchased: 3 });
    await hold(ticket, 5);
    await hold(ticket, 7);
    // A hold that already ran out (the cron has not released it yet) takes nothing.
    await hold(ticket, 2, now.getTime() - 1);

    expect((await publicTickets(event.id, now)).tickets).toEqual([["Plein tarif", "sold_out", 0]]);
    expect((await publicTickets(event.id, afterHold)).tickets).toEqual([["Plein tarif", "on_sale", 12]]);
    // One hold left at a time when the other ran out: its places only.
    await hold(ticket, 4, afterHold.getTime() + HOLD_MS);
    expect((await publicTickets(event.id, afterHold)).tickets).toEqual([["Plein tarif", "on_sale", 8]]);
  });

  it("counts places held on any ticket of the event, deleted ones included, against the event capacity; not those of add-ons", async () => {
    const event = await makeEvent({ eventCapacity: 10 });
    await makeTicket(event.id, { title: "Plein tarif", purchased: 6, sort: 1 });
    const reduced = await makeTicket(event.id, { title: "Tarif réduit", amount: 50, purchased: 1, sort: 2 });
    const old = await makeTicket(event.id, { title: "Ancien tarif", visibility: "deleted", sort: 3 });
    const cloakroom = await makeTicket(event.id, { title: "Vestiaire", ticketType: "addon", amount: 30, sort: 4 });
    await hold(reduced, 2);
    await hold(cloakroom, 25);
    expect(await publicTickets(event.id, now)).toEqual({
      tickets: [
        ["Plein tarif", "on_sale", 1],
        ["Tarif réduit", "on_sale", 1],
      ],
      addons: [["Vestiaire", "on_sale", 5]],
    });
    // The last place of the capacity held through a deleted ticket (an order placed before it was deleted).
    await hold(old, 1);
    expect(await publicTickets(event.id, now)).toEqual({
      tickets: [
        ["Plein tarif", "sold_out", 0],
        ["Tarif réduit", "sold_out", 0],
      ],
      // Add-ons have their own stock only.
      addons: [["Vestiaire", "on_sale", 5]],
    });
    expect((await publicTickets(event.id, afterHold)).tickets).toEqual([
      ["Plein tarif", "on_sale", 3],
      ["Tarif réduit", "on_sale", 3],
    ]);
  });

  it("leaves at least nothing, never less, when purchases and holds overrun a capacity lowered meanwhile", async () => {
    const event = await makeEvent({ eventCapacity: 20 });
    const ticket = await makeTicket(event.id, { title: "Plein tarif", amount: 10, purchased: 4 });
    await hold(ticket, 6);
    await t.db.update(events).set({ eventCapacity: 5 }).where(eq(events.id, event.id));
    expect((await publicTickets(event.id, now)).tickets).toEqual([["Plein tarif", "sold_out", 0]]);
  });

  it("changes the cache version when a hold is placed, moves to another ticket, is paid or runs out, and only then", async () => {
    const event = await makeEvent();
    const first = await makeTicket(event.id, { title: "Premier", amount: 10, sort: 1 });
    const second = await makeTicket(event.id, { title: "Second", amount: 10, sort: 2 });
    const version = (at: Date) => getPublicEventVersion(t.db, event.id, at.getTime());

    const empty = await version(now);
    expect(await version(now)).toBe(empty);
    const order = await hold(first, 2);
    const held = await version(now);
    expect(held).not.toBe(empty);
    expect(await version(new Date(now.getTime() + 60_000))).toBe(held);
    // The same units held on another ticket: the page differs, so does the version.
    await t.db.update(orderItems).set({ ticketId: second.id }).where(eq(orderItems.orderId, order.id));
    const moved = await version(now);
    expect(new Set([empty, held, moved]).size).toBe(3);
    // Run out: the stock shown is the one before the hold again.
    expect(await version(afterHold)).toBe(empty);
    // Paid: the hold is released and the purchase counted in the same batch (confirm-statements.ts).
    await t.db.update(orderItems).set({ heldUntil: null }).where(eq(orderItems.orderId, order.id));
    await t.db.update(tickets).set({ purchased: 2 }).where(eq(tickets.id, second.id));
    expect(new Set([empty, held, moved, await version(now)]).size).toBe(4);
  });

  it("offers exactly what the booking's conditional SQL lets pass: n units fit when n ≤ remaining", async () => {
    const event = await makeEvent({ eventCapacity: 20 });
    const limited = await makeTicket(event.id, { title: "Limité", amount: 8, purchased: 2, sort: 1 });
    const open = await makeTicket(event.id, { title: "Libre", purchased: 3, sort: 2 });
    const addon = await makeTicket(event.id, { title: "Option", ticketType: "addon", amount: 6, sort: 3 });
    const unlimitedAddon = await makeTicket(event.id, { title: "Option libre", ticketType: "addon", sort: 4 });
    const last = await makeTicket(event.id, { title: "Dernières places", amount: 4, purchased: 1, sort: 5 });
    await hold(last, 3);
    await hold(limited, 3);
    await hold(open, 1);
    await hold(addon, 2);
    await hold(open, 2, now.getTime() - 1);
    // Nothing sold yet, so the organizer may still make it an add-on: its holds were taken as tickets, and stay so.
    const switched = await makeTicket(event.id, { title: "Devenu option", amount: 5, sort: 6 });
    await hold(switched, 2);
    await t.db.update(tickets).set({ ticketType: "addon" }).where(eq(tickets.id, switched.id));

    for (const at of [now.getTime(), afterHold.getTime()]) {
      const found = await getPublicEvent(t.db, event.id, { mode: "public", env, hash: null }, new Date(at));
      if (found.kind !== "found") throw new Error("not found");
      const listed = [...found.event.tickets, ...found.event.addons];
      expect(listed).toHaveLength(6);
      for (const ticket of listed) {
        const { remaining } = ticket;
        for (let quantity = 1; quantity <= (remaining ?? 8) + 2; quantity++) {
          const [row] = await t.db.all<{ ok: number }>(
            sql`select case when ${stockAllows({ ticketId: ticket.id, eventId: event.id }, quantity, at)} then 1 else 0 end as ok`,
          );
          expect(Number(row!.ok) === 1, `${ticket.title} × ${quantity} at ${at}`).toBe(
            remaining === null || quantity <= remaining,
          );
        }
        expect(ticket.sale.status === "sold_out", ticket.title).toBe(remaining === 0);
      }
      expect(listed.find((x) => x.id === unlimitedAddon.id)!.remaining).toBeNull();
      // withTicketStatuses, given rows with their holds, reckons the same as long as no held ticket changed type.
      const rows = await t.db
        .select({ ...getTableColumns(tickets), held: ticketHeldColumn(at) })
        .from(tickets)
        .where(eq(tickets.eventId, event.id));
      const unswitched = rows.map((row) => (row.id === switched.id ? { ...row, ticketType: "ticket" as const } : row));
      const shared = withTicketStatuses(unswitched, event, at).filter((row) => row.id !== switched.id);
      const byId = (a: [number, ...unknown[]], b: [number, ...unknown[]]) => a[0] - b[0];
      expect(
        shared.map((row): [number, ...unknown[]] => [row.id, row.derived.status, row.remaining]).sort(byId),
      ).toEqual(
        listed
          .filter((x) => x.id !== switched.id)
          .map((x): [number, ...unknown[]] => [x.id, x.sale.status, x.remaining])
          .sort(byId),
      );
    }
  });

  it("reads each ticket's holds, and the cache version's, on the covering index of order_items by ticket", async () => {
    const event = await makeEvent();
    const query = t.db
      .select({ ...getTableColumns(tickets), held: ticketHeldColumn(now.getTime()) })
      .from(tickets)
      .where(eq(tickets.eventId, event.id))
      .getSQL();
    const plan = await t.db.all<{ detail: string }>(sql`explain query plan ${query}`);
    const details = plan.map((row) => String(row.detail));
    expect(details.some((detail) => /order_items USING COVERING INDEX order_items_ticket_held_idx/.test(detail))).toBe(
      true,
    );
    expect(details.some((detail) => /SCAN order_items/.test(detail))).toBe(false);

    // The event's holds against its capacity: on the covering index by event.
    const eventPlan = await t.db.all<{ detail: string }>(
      sql`explain query plan select ${heldOfEventTicketsSql(event.id, now.getTime())}`,
    );
    expect(eventPlan.map((row) => String(row.detail))).toContainEqual(
      expect.stringMatching(/order_items USING COVERING INDEX order_items_event_held_idx/),
    );

    // The cache version, asked on every request of the page, reads the same index.
    const versionPlan = await t.db.all<{ detail: string }>(
      sql`explain query plan select ${eventHeldFingerprintSql(event.id, now.getTime())}`,
    );
    const versionDetails = versionPlan.map((row) => String(row.detail));
    expect(versionDetails.some((detail) => /COVERING INDEX order_items_ticket_held_idx/.test(detail))).toBe(true);
    expect(versionDetails.some((detail) => /SCAN order_items/.test(detail))).toBe(false);
  });
});
