import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventDates, events, orderItems, participants, quotas, tickets } from "#db/schema";
import { AppError } from "#domain/shared/app-error";
import {
  insertEvent,
  insertEventsWorld,
  insertHold,
  insertOrder,
  insertTicket,
  type Ticket,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { listQuotas } from "./list-quotas";
import { putQuotas } from "./put-quotas";
import type { QuotaInput } from "./quota-input-schema";
import { setTicketDates } from "./set-ticket-dates";
import { getTicketDates } from "./get-ticket-dates";

// Quota arithmetic of decision 0068: sold (kept by the triggers, recounted on edits), held (unexpired holds that draw
// on the quota) and remaining, for per-date tickets and a pass counting on each of its dates.

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let event: { id: number; organizationId: number };
let day: Ticket;
let pass: Ticket;
let saturday: number;
let sunday: number;
let monday: number;
const now = new Date("2026-06-10T12:00:00Z");
const HOLD_MS = 30 * 60_000;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

async function insertDate(startAt: string, status: "on_sale" | "cancelled" = "on_sale") {
  const [row] = await test.db
    .insert(eventDates)
    .values({ organizationId: event.organizationId, eventId: event.id, startAt: new Date(startAt), status })
    .returning({ id: eventDates.id });
  return row!.id;
}

beforeEach(async () => {
  event = await insertEvent(test.db, world.organization.id, {
    title: "Festival",
    status: "published",
    startAt: new Date("2026-06-20T10:00:00Z"),
    endAt: new Date("2026-06-22T23:00:00Z"),
  });
  saturday = await insertDate("2026-06-20T10:00:00Z");
  sunday = await insertDate("2026-06-21T10:00:00Z");
  monday = await insertDate("2026-06-22T10:00:00Z", "cancelled");
  day = await insertTicket(test.db, event, { title: "Entrée du jour", sort: 0 });
  pass = await insertTicket(test.db, event, { title: "Pass week-end", sort: 1 });
});

/** A paid order of `count` places of the ticket on the date (null: a pass, or a single-date event). */
async function sell(ticket: Ticket, dateId: number | null, count: number) {
  const { participants: sold } = await insertOrder(test.db, event, { status: "paid", places: [{ ticket, count }] });
  if (dateId !== null)
    await test.db
      .update(participants)
      .set({ dateId })
      .where(
        inArray(
          participants.id,
          sold.map((p) => p.id),
        ),
      );
  await test.db
    .update(tickets)
    .set({ purchased: sql`${tickets.purchased} + ${count}` })
    .where(eq(tickets.id, ticket.id));
  return sold;
}

async function hold(ticket: Ticket, dateId: number | null, quantity: number, until = now.getTime() + HOLD_MS) {
  const order = await insertHold(test.db, ticket, quantity, new Date(until));
  await test.db.update(orderItems).set({ dateId }).where(eq(orderItems.orderId, order.id));
}

const festivalQuotas = (): QuotaInput[] => [
  { name: "Samedi", size: 10, dateId: saturday, ticketIds: [day.id, pass.id] },
  { name: "Dimanche", size: 10, dateId: sunday, ticketIds: [day.id, pass.id] },
  { name: "Tout le festival", size: 100, dateId: null, ticketIds: [day.id, pass.id] },
  { name: "Lundi", size: 5, dateId: monday, ticketIds: [day.id] },
];

async function counts() {
  const listed = await listQuotas(test.db, world.actors.owner, { eventId: event.id, now });
  return Object.fromEntries(listed.quotas.map((q) => [q.name, [q.sold, q.held, q.remaining]]));
}

async function datesSold() {
  const rows = await test.db
    .select({ id: eventDates.id, sold: eventDates.sold })
    .from(eventDates)
    .where(eq(eventDates.eventId, event.id));
  return Object.fromEntries(rows.map((row) => [row.id, row.sold]));
}

describe("quota arithmetic", () => {
  it("counts sold and held per date, a pass on each of its dates, nothing left on a cancelled date", async () => {
    await setTicketDates(test.db, world.actors.owner, {
      eventId: event.id,
      ticketId: pass.id,
      dateIds: [saturday, sunday],
    });
    await putQuotas(test.db, world.actors.owner, { eventId: event.id, quotas: festivalQuotas(), now });

    await sell(day, saturday, 2);
    await sell(day, sunday, 1);
    const [passSold] = await sell(pass, null, 1);
    await sell(day, monday, 1);
    await hold(day, saturday, 2);
    await hold(pass, null, 1);
    // Ran out already: takes nothing.
    await hold(day, saturday, 5, now.getTime() - 1);

    expect(await counts()).toEqual({
      Samedi: [3, 3, 4],
      Dimanche: [2, 1, 7],
      "Tout le festival": [5, 3, 92],
      Lundi: [1, 0, 0],
    });
    expect(await datesSold()).toEqual({ [saturday]: 3, [sunday]: 2, [monday]: 1 });

    // Refunded: the participant is deleted and the triggers give the place back on both dates of the pass.
    await test.db.delete(participants).where(eq(participants.id, passSold!.id));
    expect(await counts()).toEqual({
      Samedi: [2, 3, 5],
      Dimanche: [1, 1, 8],
      "Tout le festival": [4, 3, 93],
      Lundi: [1, 0, 0],
    });
    expect(await datesSold()).toEqual({ [saturday]: 2, [sunday]: 1, [monday]: 1 });
  });

  it("shows the event capacity first as the simplest quota: ticket purchases and holds, add-ons aside", async () => {
    await test.db.update(events).set({ eventCapacity: 20 }).where(eq(events.id, event.id));
    const parking = await insertTicket(test.db, event, { title: "Parking", ticketType: "addon" });
    await sell(day, saturday, 3);
    await sell(parking, null, 4);
    await hold(day, sunday, 2);
    await hold(parking, null, 6);
    const listed = await listQuotas(test.db, world.actors.owner, { eventId: event.id, now });
    expect(listed.eventCapacity).toEqual({ size: 20, sold: 3, held: 2, remaining: 15 });

    const unlimited = await putQuotas(test.db, world.actors.owner, {
      eventId: event.id,
      eventCapacity: -1,
      quotas: [],
      now,
    });
    expect(unlimited.eventCapacity).toEqual({ size: -1, sold: 3, held: 2, remaining: null });
  });

  it("recounts sold when a quota's tickets or date change, and keeps, inserts and deletes quotas", async () => {
    await setTicketDates(test.db, world.actors.owner, {
      eventId: event.id,
      ticketId: pass.id,
      dateIds: [saturday, sunday],
    });
    const first = await putQuotas(test.db, world.actors.owner, { eventId: event.id, quotas: festivalQuotas(), now });
    await sell(day, saturday, 2);
    await sell(pass, null, 3);
    const [samedi, dimanche] = first.quotas;

    const second = await putQuotas(test.db, world.actors.owner, {
      eventId: event.id,
      quotas: [
        // The pass leaves Saturday's quota: only the day tickets count there now.
        { id: samedi!.id, name: "Samedi (jour)", size: 10, dateId: saturday, ticketIds: [day.id] },
        // Sunday's quota moves to Saturday.
        { id: dimanche!.id, name: "Dimanche", size: 10, dateId: saturday, ticketIds: [pass.id] },
        { name: "Passes", size: 3, dateId: null, ticketIds: [pass.id] },
      ],
      now,
    });
    expect(second.quotas.map((q) => [q.id, q.name, q.sold, q.tickets.map((t) => t.title)])).toEqual([
      [samedi!.id, "Samedi (jour)", 2, ["Entrée du jour"]],
      [dimanche!.id, "Dimanche", 3, ["Pass week-end"]],
      [expect.any(Number), "Passes", 3, ["Pass week-end"]],
    ]);
    expect(await test.db.select().from(quotas).where(eq(quotas.eventId, event.id))).toHaveLength(3);
    // The triggers keep the recounted rows right afterwards.
    await sell(day, saturday, 1);
    expect(await counts()).toMatchObject({ "Samedi (jour)": [3, 0, 7], Dimanche: [3, 0, 7], Passes: [3, 0, 0] });
  });

  it("refuses a size below what the quota sold, an unknown ticket or date, and another event's ticket", async () => {
    await sell(day, saturday, 4);
    const other = await insertEvent(test.db, world.organization.id, { title: "Autre" });
    const otherTicket = await insertTicket(test.db, other, { title: "Ailleurs" });
    const deleted = await insertTicket(test.db, event, { title: "Ancien", visibility: "deleted" });
    const refusal = await putQuotas(test.db, world.actors.owner, {
      eventId: event.id,
      quotas: [
        { name: "Samedi", size: 3, dateId: saturday, ticketIds: [day.id] },
        { name: "Ailleurs", size: 3, dateId: null, ticketIds: [otherTicket.id] },
        { name: "Ancien", size: 3, dateId: null, ticketIds: [deleted.id] },
        { name: "Date", size: 3, dateId: 999_999, ticketIds: [day.id] },
      ],
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).fields).toEqual({
      "quotas.1.ticket_ids": "quotas:errors.ticket-unknown",
      "quotas.2.ticket_ids": "quotas:errors.ticket-unknown",
      "quotas.3.date_id": "quotas:errors.date-unknown",
    });
    const below = await putQuotas(test.db, world.actors.owner, {
      eventId: event.id,
      quotas: [{ name: "Samedi", size: 3, dateId: saturday, ticketIds: [day.id] }],
    }).catch((error: unknown) => error);
    expect(below).toMatchObject({ code: "validation", fields: { "quotas.0.size": "quotas:errors.size-below-sold" } });
    expect(await test.db.select().from(quotas).where(eq(quotas.eventId, event.id))).toEqual([]);
  });

  it("answers not found across tenants", async () => {
    await expect(listQuotas(test.db, world.actors.foreignOwner, { eventId: event.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      putQuotas(test.db, world.actors.foreignOwner, { eventId: event.id, quotas: [] }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("pass dates", () => {
  it("sets and clears a pass's dates while unsold, recounting the dates' and quotas' sold, then refuses a change", async () => {
    await putQuotas(test.db, world.actors.owner, { eventId: event.id, quotas: festivalQuotas(), now });
    expect(
      await setTicketDates(test.db, world.actors.owner, {
        eventId: event.id,
        ticketId: pass.id,
        dateIds: [sunday, saturday],
      }),
    ).toEqual({ dateIds: [sunday, saturday] });
    const listed = await listQuotas(test.db, world.actors.owner, { eventId: event.id, now });
    expect(listed.choices.tickets.find((t) => t.id === pass.id)?.dateIds).toEqual([saturday, sunday]);

    await sell(pass, null, 2);
    expect(await datesSold()).toEqual({ [saturday]: 2, [sunday]: 2, [monday]: 0 });
    await expect(
      setTicketDates(test.db, world.actors.owner, { eventId: event.id, ticketId: pass.id, dateIds: [saturday] }),
    ).rejects.toMatchObject({ code: "conflict", messageKey: "quotas:errors.pass-dates-sold" });
    // The same dates again change nothing and pass.
    await setTicketDates(test.db, world.actors.owner, {
      eventId: event.id,
      ticketId: pass.id,
      dateIds: [saturday, sunday],
    });
  });

  it("refuses another event's date and answers not found for another organization", async () => {
    const other = await insertEvent(test.db, world.organization.id, { title: "Autre" });
    const [foreignDate] = await test.db
      .insert(eventDates)
      .values({ organizationId: other.organizationId, eventId: other.id, startAt: new Date("2026-07-01T10:00:00Z") })
      .returning({ id: eventDates.id });
    await expect(
      setTicketDates(test.db, world.actors.owner, { eventId: event.id, ticketId: pass.id, dateIds: [foreignDate!.id] }),
    ).rejects.toMatchObject({ code: "validation", fields: { date_ids: "quotas:errors.date-unknown" } });
    await expect(
      setTicketDates(test.db, world.actors.foreignOwner, { eventId: event.id, ticketId: pass.id, dateIds: [] }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("the ticket form's « Valable pour »", () => {
  it("lists the event's dates and the pass's, locked once the ticket has sold", async () => {
    await setTicketDates(test.db, world.actors.owner, { eventId: event.id, ticketId: pass.id, dateIds: [sunday] });
    expect(await getTicketDates(test.db, world.actors.owner, { eventId: event.id, ticketId: pass.id })).toEqual({
      dates: [
        { id: saturday, startAt: new Date("2026-06-20T10:00:00Z"), status: "on_sale" },
        { id: sunday, startAt: new Date("2026-06-21T10:00:00Z"), status: "on_sale" },
        { id: monday, startAt: new Date("2026-06-22T10:00:00Z"), status: "cancelled" },
      ],
      dateIds: [sunday],
      locked: false,
    });
    await sell(day, saturday, 1);
    expect(await getTicketDates(test.db, world.actors.owner, { eventId: event.id, ticketId: day.id })).toMatchObject({
      dateIds: [],
      locked: true,
    });
    await expect(
      getTicketDates(test.db, world.actors.foreignOwner, { eventId: event.id, ticketId: day.id }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
