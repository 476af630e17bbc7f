import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { failure } from "../../tests/support/failure";
import { insertEvent, insertTicket } from "../../tests/support/fixtures";
import { confirmOrder } from "./confirm-order";
import type { PlaceOrderBody } from "./order-input-schema";
import { placeOrder, type PlaceOrderDeps } from "./place-order";
import { suiteSale, type SuiteInventoryFactory } from "./sale-suite";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const ENV: PlaceOrderDeps["env"] = { ENVIRONMENT: "test", SESSION_SECRET: "dates-suite-secret-0123456789abcdef" };

let buyerSequence = 0;
function body(items: PlaceOrderBody["items"]): PlaceOrderBody {
  buyerSequence += 1;
  return {
    items,
    buyer: { first_name: "Inès", last_name: "Martin", email: `dates${buyerSequence}@exemple.test` },
    answers: {},
    locale: "fr",
  };
}

/** Places a quota or a date holds now: its sold counter (kept by triggers) checked against a recount of its rows. */
async function quotaUse(db: Database, quotaId: number) {
  const [row] = await db.all<{ sold: number; recount: number; held: number; size: number }>(sql`
    select q.sold as sold, q.size as size,
      (select count(*) from participants p where p.ticket_id in (select ticket_id from quota_tickets where quota_id = q.id)
        and (q.date_id is null or p.date_id = q.date_id
          or (p.date_id is null and exists (select 1 from ticket_dates td where td.ticket_id = p.ticket_id and td.date_id = q.date_id)))) as recount,
      coalesce((select sum(h.quantity) from order_items h where h.ticket_id in (select ticket_id from quota_tickets where quota_id = q.id)
        and h.held_until > ${NOW}
        and (q.date_id is null or h.date_id = q.date_id
          or (h.date_id is null and exists (select 1 from ticket_dates td where td.ticket_id = h.ticket_id and td.date_id = q.date_id)))), 0) as held
    from quotas q where q.id = ${quotaId}`);
  return { sold: Number(row!.sold), recount: Number(row!.recount), held: Number(row!.held), size: Number(row!.size) };
}

/**
 * Booking on a multi-date event (issue 30, docs/decisions/0068-event-dates-and-quotas.md) on a database from `open`
 * (libSQL and D1): the date and quota guards of stock-sql.ts under parallel buyers, and the rules of a date.
 */
export function defineDatesBookingSuite(
  name: string,
  open: () => Promise<{ db: Database; close?: () => void }>,
  options: { passes: number; slot: number; inventory?: SuiteInventoryFactory },
) {
  describe(`booking on dates (${name})`, () => {
    const sale = suiteSale(open, ENV, NOW, options.inventory);
    const { deps, settle } = sale;
    const t = {
      get db() {
        return sale.t.db;
      },
    };

    async function multiDateEvent(dates: { at: number; capacity?: number; status?: schema.EventDateStatus }[]) {
      const event = await insertEvent(t.db, sale.organizationId, {
        ...sale.mode(),
        status: "published",
        startAt: new Date(dates[0]!.at),
        endAt: new Date(dates.at(-1)!.at + 3 * 3_600_000),
      });
      const rows = await t.db
        .insert(schema.eventDates)
        .values(
          dates.map((date) => ({
            organizationId: sale.organizationId,
            eventId: event.id,
            startAt: new Date(date.at),
            endAt: new Date(date.at + 3 * 3_600_000),
            capacity: date.capacity ?? -1,
            status: date.status ?? "on_sale",
          })),
        )
        .returning();
      return { event, dates: rows };
    }

    async function quota(
      eventId: number,
      values: { name: string; size: number; dateId: number | null },
      ticketIds: number[],
    ) {
      const [row] = await t.db
        .insert(schema.quotas)
        .values({ organizationId: sale.organizationId, eventId, ...values })
        .returning();
      await t.db.insert(schema.quotaTickets).values(ticketIds.map((ticketId) => ({ quotaId: row!.id, ticketId })));
      return row!;
    }

    it(`keeps two shared quotas against ${options.passes} parallel buyers of a weekend pass and two day passes`, async () => {
      const { event, dates } = await multiDateEvent([{ at: NOW + 10 * DAY }, { at: NOW + 11 * DAY }]);
      const [saturday, sunday] = dates as [schema.EventDate, schema.EventDate];
      const saturdayPass = await insertTicket(t.db, event, { title: "Samedi", price: 0, isFree: true });
      const sundayPass = await insertTicket(t.db, event, { title: "Dimanche", price: 0, isFree: true });
      // Paid: its places are holds (order items awaiting payment) that the quotas count too.
      const weekend = await insertTicket(t.db, event, { title: "Week-end", price: 5000 });
      await t.db.insert(schema.ticketDates).values([
        { ticketId: saturdayPass.id, dateId: saturday.id },
        { ticketId: sundayPass.id, dateId: sunday.id },
        { ticketId: weekend.id, dateId: saturday.id },
        { ticketId: weekend.id, dateId: sunday.id },
      ]);
      const saturdayQuota = await quota(event.id, { name: "Samedi", size: 120, dateId: saturday.id }, [
        saturdayPass.id,
        weekend.id,
      ]);
      const sundayQuota = await quota(event.id, { name: "Dimanche", size: 90, dateId: sunday.id }, [
        sundayPass.id,
        weekend.id,
      ]);
      const choices = [saturdayPass.id, sundayPass.id, weekend.id];
      const results = await Promise.allSettled(
        Array.from({ length: options.passes }, (_, i) =>
          placeOrder(t.db, deps(), {
            eventId: event.id,
            body: body([{ ticket_id: choices[i % 3]!, quantity: 1 + (i % 2) }]),
          }),
        ),
      );
      const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
      expect(refused.length).toBeGreaterThan(0);
      await settle();
      expect(refused.every((e) => e.code === "conflict" && e.details?.reason === undefined)).toBe(true);
      for (const [id, size] of [
        [saturdayQuota.id, 120],
        [sundayQuota.id, 90],
      ] as const) {
        const use = await quotaUse(t.db, id);
        // The counter is the rows' count, and sold + held never passes the size; the rush fills it.
        expect(use.sold).toBe(use.recount);
        expect(use.sold + use.held).toBeLessThanOrEqual(size);
        expect(use.sold + use.held).toBeGreaterThanOrEqual(size - 1);
      }
    });

    it(`sells exactly a slot's ${options.slot > 100 ? 30 : 20} places to ${options.slot} parallel buyers`, async () => {
      const places = options.slot > 100 ? 30 : 20;
      const { event, dates } = await multiDateEvent([
        { at: NOW + 2 * DAY, capacity: places },
        { at: NOW + 2 * DAY + 30 * 60_000, capacity: places },
      ]);
      const visit = await insertTicket(t.db, event, { title: "Visite", price: 0, isFree: true });
      const [slot, next] = dates as [schema.EventDate, schema.EventDate];
      const results = await Promise.allSettled(
        Array.from({ length: options.slot }, () =>
          placeOrder(t.db, deps(), {
            eventId: event.id,
            body: body([{ ticket_id: visit.id, quantity: 1, date_id: slot.id }]),
          }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(places);
      await settle();
      const refusal = (results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason;
      expect(refusal).toMatchObject({ code: "conflict", messageKey: "booking:errors.date-sold-out" });
      const [after] = await t.db.select().from(schema.eventDates).where(eq(schema.eventDates.id, slot.id));
      expect(after!.sold).toBe(places);
      const [rows] = await t.db
        .select({ n: count() })
        .from(schema.participants)
        .where(and(eq(schema.participants.eventId, event.id), eq(schema.participants.dateId, slot.id)));
      expect(rows!.n).toBe(places);
      // The next slot still sells.
      await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: visit.id, quantity: 2, date_id: next.id }]),
      });
      await settle();
      const [nextAfter] = await t.db.select().from(schema.eventDates).where(eq(schema.eventDates.id, next.id));
      expect(nextAfter!.sold).toBe(2);
    });

    it("writes the date on the lines, the order and the participants, with the date's start as event_date", async () => {
      const { event, dates } = await multiDateEvent([{ at: NOW + 5 * DAY }, { at: NOW + 6 * DAY }]);
      const [first, second] = dates as [schema.EventDate, schema.EventDate];
      const show = await insertTicket(t.db, event, { title: "Plein tarif", price: 2500 });
      const one = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: show.id, quantity: 2, date_id: first.id }]),
      });
      const two = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([
          { ticket_id: show.id, quantity: 1, date_id: first.id },
          { ticket_id: show.id, quantity: 1, date_id: second.id },
        ]),
      });
      await settle();
      const orders = await t.db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id));
      expect(orders.find((o) => o.id === one.id)!.dateId).toBe(first.id);
      // Two evenings in one order: two lines, no single date for the order.
      expect(orders.find((o) => o.id === two.id)!.dateId).toBeNull();
      const lines = await t.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, two.id));
      expect(lines.map((line) => line.dateId).sort()).toEqual([first.id, second.id].sort());

      await confirmOrder(t.db, { orderId: two.id, paidAt: NOW + 60_000, now: NOW + 60_000 });
      const people = await t.db.select().from(schema.participants).where(eq(schema.participants.orderId, two.id));
      expect(people.map((p) => [p.dateId, p.eventDate?.getTime()]).sort()).toEqual(
        [
          [first.id, first.startAt.getTime()],
          [second.id, second.startAt.getTime()],
        ].sort(),
      );
      const after = await t.db.select().from(schema.eventDates).where(eq(schema.eventDates.eventId, event.id));
      expect(after.map((d) => d.sold)).toEqual([1, 1]);
      // A refund deletes the participants: the dates' counters follow.
      await t.db.delete(schema.participants).where(eq(schema.participants.orderId, two.id));
      const refunded = await t.db.select().from(schema.eventDates).where(eq(schema.eventDates.eventId, event.id));
      expect(refunded.map((d) => d.sold)).toEqual([0, 0]);
    });

    it("refuses a missing, foreign, cancelled or past date and a date on a single-date event, writing nothing", async () => {
      const { event, dates } = await multiDateEvent([
        { at: NOW - DAY },
        { at: NOW + 3 * DAY, status: "cancelled" },
        { at: NOW + 4 * DAY },
      ]);
      const [past, cancelled] = dates as [schema.EventDate, schema.EventDate];
      const other = await multiDateEvent([{ at: NOW + 4 * DAY }]);
      const show = await insertTicket(t.db, event, { price: 0, isFree: true });
      const refusal = async (item: PlaceOrderBody["items"][number], eventId = event.id) =>
        (await failure(placeOrder(t.db, deps(), { eventId, body: body([item]) }))) as {
          fields?: Record<string, string>;
        };
      expect((await refusal({ ticket_id: show.id, quantity: 1 })).fields).toEqual({
        "items.0.date_id": "booking:errors.date-required",
      });
      expect((await refusal({ ticket_id: show.id, quantity: 1, date_id: other.dates[0]!.id })).fields).toEqual({
        "items.0.date_id": "booking:errors.date-invalid",
      });
      expect((await refusal({ ticket_id: show.id, quantity: 1, date_id: cancelled.id })).fields).toEqual({
        "items.0.date_id": "booking:errors.date-not-on-sale",
      });
      expect((await refusal({ ticket_id: show.id, quantity: 1, date_id: past.id })).fields).toEqual({
        "items.0.date_id": "booking:errors.date-not-on-sale",
      });
      const single = await insertEvent(t.db, sale.organizationId, {
        status: "published",
        startAt: new Date(NOW + DAY),
      });
      const singleTicket = await insertTicket(t.db, single, { price: 0, isFree: true });
      expect(
        (await refusal({ ticket_id: singleTicket.id, quantity: 1, date_id: dates[2]!.id }, single.id)).fields,
      ).toEqual({ "items.0.date_id": "booking:errors.date-invalid" });
      const [written] = await t.db
        .select({ n: count() })
        .from(schema.orders)
        .where(and(eq(schema.orders.eventId, event.id), isNotNull(schema.orders.id)));
      expect(written!.n).toBe(0);
    });

    it("stops a date closed as sold out, and a pass whose date is, while other dates sell", async () => {
      const { event, dates } = await multiDateEvent([{ at: NOW + 7 * DAY }, { at: NOW + 8 * DAY }]);
      const [closed, open] = dates as [schema.EventDate, schema.EventDate];
      const show = await insertTicket(t.db, event, { price: 0, isFree: true });
      const pass = await insertTicket(t.db, event, { title: "Pass", price: 0, isFree: true });
      await t.db.insert(schema.ticketDates).values([
        { ticketId: pass.id, dateId: closed.id },
        { ticketId: pass.id, dateId: open.id },
      ]);
      await t.db.update(schema.eventDates).set({ status: "sold_out" }).where(eq(schema.eventDates.id, closed.id));
      expect(
        await failure(
          placeOrder(t.db, deps(), {
            eventId: event.id,
            body: body([{ ticket_id: show.id, quantity: 1, date_id: closed.id }]),
          }),
        ),
      ).toMatchObject({ code: "conflict", messageKey: "booking:errors.date-sold-out" });
      expect(
        await failure(
          placeOrder(t.db, deps(), { eventId: event.id, body: body([{ ticket_id: pass.id, quantity: 1 }]) }),
        ),
      ).toMatchObject({ code: "conflict", messageKey: "booking:errors.sold-out" });
      await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: show.id, quantity: 1, date_id: open.id }]),
      });
    });
  });
}
