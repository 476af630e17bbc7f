import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { getPublicEventVersion } from "#domain/public-events/get-public-event";
import { zonedDateTimeToUtc } from "#domain/events/event-time-zone";
import { insertEvent, insertOrder, insertOrganization, insertTicket } from "../support/fixtures";

/*
 * Issue 30 §3: the public API and page of a multi-date event list its upcoming dates by month (in the event's time
 * zone) with their availability. The dates are the organizer's configuration, inserted here directly.
 */

const db = createD1Database(env.DB);
const get = (path: string) => exports.default.fetch(`http://localhost${path}`);
const YEAR = new Date().getUTCFullYear() + 1;
const TIMEZONE = "Europe/Paris";
const paris = (local: string) => zonedDateTimeToUtc(local, TIMEZONE)!;

type DateJson = { id: number; start_at: string; status: string; few_places_left: number | null };
type Body = {
  tickets: { id: number; title: string; status: string; pass?: boolean; pass_date_ids?: number[] | null }[];
  dates?: {
    months: { month: string; count: number }[];
    month: string | null;
    page: number;
    has_more: boolean;
    items: DateJson[];
    selected: DateJson | null;
  };
};

let eventId: number;
let event: { id: number; organizationId: number };
let perDateTicketId: number;
let passId: number;
const ids: Record<string, number> = {};

async function insertDate(values: Partial<typeof schema.eventDates.$inferInsert> & { startAt: Date }) {
  const [row] = await db
    .insert(schema.eventDates)
    .values({ organizationId: 0, eventId: 0, ...values })
    .returning();
  return row!;
}

beforeAll(async () => {
  const organization = await insertOrganization(db);
  const first = paris(`${YEAR}-03-05T20:00`);
  const last = paris(`${YEAR}-05-01T00:30`);
  event = await insertEvent(db, organization.id, {
    title: "Le Misanthrope",
    status: "published",
    timezone: TIMEZONE,
    startAt: first,
    endAt: last,
  });
  eventId = event.id;
  perDateTicketId = (await insertTicket(db, event, { title: "Plein tarif", price: 2500, maxPerOrder: 10 })).id;
  passId = (await insertTicket(db, event, { title: "Pass deux soirs", price: 4000, sort: 1 })).id;
  const at = { organizationId: organization.id, eventId: event.id };
  ids.march5 = (await insertDate({ ...at, startAt: first, endAt: paris(`${YEAR}-03-05T22:30`) })).id;
  ids.march6 = (await insertDate({ ...at, startAt: paris(`${YEAR}-03-06T20:00`), status: "sold_out" })).id;
  ids.march7 = (await insertDate({ ...at, startAt: paris(`${YEAR}-03-07T20:00`), capacity: 12 })).id;
  ids.march8 = (await insertDate({ ...at, startAt: paris(`${YEAR}-03-08T20:00`), status: "cancelled" })).id;
  ids.march9 = (await insertDate({ ...at, startAt: paris(`${YEAR}-03-09T20:00`), capacity: 200, sold: 185 })).id;
  ids.april = (await insertDate({ ...at, startAt: paris(`${YEAR}-04-11T20:00`), addressName: "Salle Rameau" })).id;
  // 22:30 UTC on 30 April: 00:30 on 1 May in Paris, so a May date.
  ids.may = (await insertDate({ ...at, startAt: last })).id;
  ids.past = (await insertDate({ ...at, startAt: new Date(Date.now() - 86_400_000) })).id;
  await db.insert(schema.ticketDates).values([
    { ticketId: passId, dateId: ids.march5! },
    { ticketId: passId, dateId: ids.april! },
  ]);
});

async function body(query = ""): Promise<Body> {
  const response = await get(`/api/public/events/${eventId}${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

describe("GET /api/public/events/:id of a multi-date event", () => {
  it("lists the months that have upcoming dates and the first month's dates with their availability", async () => {
    const { dates, tickets } = await body();
    expect(dates!.months).toEqual([
      { month: `${YEAR}-03`, count: 4 },
      { month: `${YEAR}-04`, count: 1 },
      { month: `${YEAR}-05`, count: 1 },
    ]);
    expect(dates!.month).toBe(`${YEAR}-03`);
    // Cancelled and past dates are not listed; a date closed by the organizer is listed as sold out.
    expect(dates!.items.map((date) => [date.id, date.status, date.few_places_left])).toEqual([
      [ids.march5, "on_sale", null],
      [ids.march6, "sold_out", null],
      [ids.march7, "on_sale", null],
      // 15 of 200 left: 7.5 %, few.
      [ids.march9, "on_sale", 15],
    ]);
    expect(dates!.has_more).toBe(false);
    expect(dates!.selected).toBeNull();
    expect(tickets.map((ticket) => [ticket.title, ticket.pass, ticket.pass_date_ids])).toEqual([
      ["Plein tarif", false, null],
      ["Pass deux soirs", true, [ids.march5, ids.april]],
    ]);
  });

  it("filters by month in the event's time zone", async () => {
    const april = (await body(`?month=${YEAR}-04`)).dates!;
    expect(april.month).toBe(`${YEAR}-04`);
    expect(april.items.map((date) => date.id)).toEqual([ids.april]);
    const may = (await body(`?month=${YEAR}-05`)).dates!;
    expect(may.items.map((date) => date.id)).toEqual([ids.may]);
    const empty = (await body(`?month=${YEAR}-07`)).dates!;
    expect(empty.items).toEqual([]);
    expect(empty.months).toHaveLength(3);
  });

  it("shows few places, then sold out, on a date whose places are held by an unpaid order, and its tickets sold out", async () => {
    // An unpaid order holding 10 places on that date for 30 minutes (what the booking writes once it takes date_id).
    const order = await insertOrder(db, event, { status: "pending", places: [] });
    await db.insert(schema.orderItems).values({
      organizationId: event.organizationId,
      eventId,
      orderId: order.order.id,
      ticketId: perDateTicketId,
      ticketType: "ticket",
      quantity: 10,
      unitPrice: 2500,
      heldUntil: new Date(Date.now() + 30 * 60_000),
      dateId: ids.march7!,
    });

    const held = (await body()).dates!.items.find((date) => date.id === ids.march7)!;
    expect([held.status, held.few_places_left]).toEqual(["on_sale", 2]);

    await db.update(schema.eventDates).set({ capacity: 10 }).where(eq(schema.eventDates.id, ids.march7!));
    const full = await body(`?date=${ids.march7}`);
    expect(full.dates!.items.find((date) => date.id === ids.march7)!.status).toBe("sold_out");
    expect(full.dates!.selected).toMatchObject({ id: ids.march7, status: "sold_out" });
    expect(full.tickets.find((ticket) => ticket.id === perDateTicketId)!.status).toBe("sold_out");

    const open = await body(`?date=${ids.march5}`);
    expect(open.dates!.selected).toMatchObject({ id: ids.march5, status: "on_sale" });
    expect(open.tickets.find((ticket) => ticket.id === perDateTicketId)!.status).toBe("on_sale");
  });

  it("makes a pass sold out when one of its dates is", async () => {
    await db.update(schema.eventDates).set({ status: "sold_out" }).where(eq(schema.eventDates.id, ids.april!));
    const { tickets } = await body();
    expect(tickets.find((ticket) => ticket.id === passId)!.status).toBe("sold_out");
    await db.update(schema.eventDates).set({ status: "on_sale" }).where(eq(schema.eventDates.id, ids.april!));
    expect((await body()).tickets.find((ticket) => ticket.id === passId)!.status).toBe("on_sale");
  });

  it("changes the edge cache version when a date's status changes", async () => {
    const before = await getPublicEventVersion(db, eventId);
    await db.update(schema.eventDates).set({ status: "sold_out" }).where(eq(schema.eventDates.id, ids.may!));
    const after = await getPublicEventVersion(db, eventId);
    expect(after).not.toBe(before);
    await db.update(schema.eventDates).set({ status: "on_sale" }).where(eq(schema.eventDates.id, ids.may!));
  });
});

describe("GET /api/public/events/:id of a single-date event", () => {
  it("answers as before: no dates, no pass fields", async () => {
    const organization = await insertOrganization(db);
    const single = await insertEvent(db, organization.id, {
      status: "published",
      startAt: new Date(Date.now() + 30 * 86_400_000),
    });
    await insertTicket(db, single, { title: "Entrée" });
    const response = await get(`/api/public/events/${single.id}?month=${YEAR}-03`);
    const json = (await response.json()) as Record<string, unknown> & { tickets: Record<string, unknown>[] };
    expect("dates" in json).toBe(false);
    expect(Object.keys(json.tickets[0]!)).not.toContain("pass");
    expect(await getPublicEventVersion(db, single.id)).toMatch(/^public-\d+-[^-]*-$/);
  });
});
