import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { failure } from "../../tests/support/failure";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import { formQuestion } from "../../tests/support/form-questions";
import { rateLimitRules } from "../auth/rate-limit";
import { privateEventHash } from "../events/private-event-link";
import { cancelOrder } from "./cancel-order";
import { confirmOrder } from "./confirm-order";
import { expireOrder, releaseExpiredHolds } from "./expire-order";
import { getPublicOrder } from "./get-public-order";
import { heldPlacesByTicket, heldPlacesQuery } from "./held-places";
import type { PlaceOrderBody } from "./order-input-schema";
import { suiteSale, type SuiteInventoryFactory } from "./sale-suite";
import { HOLD_MS, placeOrder, type PlaceOrderDeps } from "./place-order";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const ENV: PlaceOrderDeps["env"] = { ENVIRONMENT: "test", SESSION_SECRET: "booking-suite-secret-0123456789abcdef" };
const FUTURE = new Date(NOW + 30 * 86_400_000);

let buyerSequence = 0;
function body(items: PlaceOrderBody["items"], extra: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  buyerSequence += 1;
  return {
    items,
    buyer: { first_name: "Élise", last_name: "Núñez", email: `buyer${buyerSequence}@exemple.test` },
    answers: {},
    locale: "fr",
    ...extra,
  };
}

/** Rows of every table a booking writes: a refusal must leave them all unchanged. */
async function rowCounts(db: Database) {
  const tables = [
    schema.orders,
    schema.orderItems,
    schema.participants,
    schema.formAnswers,
    schema.bookingGuards,
  ] as const;
  const counts = await Promise.all(tables.map((table) => db.select({ n: count() }).from(table)));
  return counts.map((rows) => rows[0]?.n ?? 0);
}

async function soldFor(db: Database, ticketId: number, now: number) {
  const [row] = await db.all<{ taken: number }>(
    sql`select (select purchased from tickets where id = ${ticketId}) + coalesce((select sum(quantity) from order_items where ticket_id = ${ticketId} and held_until > ${now}), 0) as taken`,
  );
  return Number(row?.taken ?? 0);
}

/**
 * Booking on a database from `open` (libSQL in booking.test.ts, D1 in booking.worker-test.ts): the same conditional
 * SQL must hold on both. Its rushes are `defineBookingRushSuite`.
 */
export function defineBookingSuite(name: string, open: () => Promise<{ db: Database; close?: () => void }>) {
  describe(`booking (${name})`, () => {
    let t: { db: Database; close?: () => void };
    let organizationId: number;
    const deps = (now = NOW): PlaceOrderDeps => ({ env: ENV, now });

    beforeAll(async () => {
      t = await open();
      organizationId = (await insertOrganization(t.db)).id;
    });
    afterAll(() => t.close?.());

    async function published(values: Partial<typeof schema.events.$inferInsert> = {}) {
      return insertEvent(t.db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE, ...values });
    }

    it("counts the rate limits in the read round trip and refuses an order over a limit, writing nothing", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 100 });
      const limited = (): PlaceOrderDeps => ({
        ...deps(),
        rateLimits: [{ name: "bookingPerEmailAndIp", subject: `limited-${event.id}@exemple.test|203.0.113.9` }],
      });
      const items = [{ ticket_id: ticket.id, quantity: 1 }];
      for (let i = 0; i < rateLimitRules.bookingPerEmailAndIp.limit; i++)
        await placeOrder(t.db, limited(), { eventId: event.id, body: body(items) });
      const before = await rowCounts(t.db);
      expect(await failure(placeOrder(t.db, limited(), { eventId: event.id, body: body(items) }))).toMatchObject({
        code: "rate_limited",
        messageKey: "errors:rate-limited",
      });
      expect(await rowCounts(t.db)).toEqual(before);
      expect(await soldFor(t.db, ticket.id, NOW)).toBe(rateLimitRules.bookingPerEmailAndIp.limit);
    });

    it("confirms a free order at once: participants, purchased, no hold", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 10 });
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: ticket.id, quantity: 2 }], {
          participants: [
            { ticket_id: ticket.id, first_name: "Zoé", last_name: "Lefèvre", email: "zoe@exemple.test", answers: {} },
            { ticket_id: ticket.id, first_name: "Hugo", last_name: "Petit", email: "hugo@exemple.test", answers: {} },
          ],
        }),
      });
      expect(placed).toMatchObject({ status: "paid", amount: 0, fees: 0, checkoutUrl: null, payableUntil: null });
      const people = await t.db.select().from(schema.participants).where(eq(schema.participants.orderId, placed.id));
      expect(people.map((p) => p.searchText).sort()).toEqual([
        "hugo petit hugo@exemple.test",
        "zoe lefevre zoe@exemple.test",
      ]);
      expect(new Set(people.map((p) => p.accessToken)).size).toBe(2);
      const [row] = await t.db.select().from(schema.tickets).where(eq(schema.tickets.id, ticket.id));
      expect(row!.purchased).toBe(2);
      const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
      expect(order).toMatchObject({ status: "paid", draft: null });
      expect(order!.paidAt?.getTime()).toBe(NOW);
      const items = await t.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, placed.id));
      expect(items).toHaveLength(1);
      expect(items[0]!.heldUntil).toBeNull();

      const json = await getPublicOrder(t.db, ENV, { orderId: placed.id, token: placed.accessToken });
      expect(json.participants).toHaveLength(2);
      expect(json.participants[0]!.ticket_token).toMatch(new RegExp(`^G1\\.${event.id}\\.\\d+\\.`));
      expect(json.tickets_url).toBe(`/orders/${placed.id}?token=${placed.accessToken}`);
      expect(await failure(getPublicOrder(t.db, ENV, { orderId: placed.id, token: "wrong" }))).toMatchObject({
        code: "not_found",
      });
    });

    it("confirms a large free order in chunks under D1's 100 bound parameters, answers and figures included", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 0, maxPerOrder: 20 });
      const questions = [
        formQuestion("q1q1q1q1q1q1q1q1", { title: "Ville", mandatory: true }),
        formQuestion("q2q2q2q2q2q2q2q2", {
          title: "Repas",
          type: "unique-choice",
          options: [
            { id: "o1o1o1o1o1o1o1o1", title: "Oui" },
            { id: "o2o2o2o2o2o2o2o2", title: "Non" },
          ],
        }),
      ];
      await t.db.insert(schema.participationForms).values({
        organizationId,
        eventId: event.id,
        formType: "before-tickets",
        questions: JSON.stringify(questions),
      });
      const participants = Array.from({ length: 17 }, (_, i) => ({
        ticket_id: ticket.id,
        first_name: `Prénom${i}`,
        last_name: "Dupré",
        email: `p${i}@exemple.test`,
        answers: {
          q1q1q1q1q1q1q1q1: `Ville ${i}`,
          q2q2q2q2q2q2q2q2: i % 2 ? "o1o1o1o1o1o1o1o1" : ["o2o2o2o2o2o2o2o2"],
        },
      }));
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: ticket.id, quantity: 17 }], { participants }),
      });
      expect(placed.status).toBe("paid");
      const people = await t.db.select().from(schema.participants).where(eq(schema.participants.orderId, placed.id));
      expect(people).toHaveLength(17);
      const answers = await t.db.select().from(schema.formAnswers).where(eq(schema.formAnswers.orderId, placed.id));
      expect(answers).toHaveLength(34);
      expect(answers.every((answer) => people.some((person) => person.id === answer.participantId))).toBe(true);
      expect(
        answers
          .filter((answer) => answer.questionId === "q2q2q2q2q2q2q2q2")
          .map((a) => a.value)
          .sort(),
      ).toEqual(
        [
          ...Array(9).fill(JSON.stringify(["o2o2o2o2o2o2o2o2"])),
          ...Array(8).fill(JSON.stringify(["o1o1o1o1o1o1o1o1"])),
        ].sort(),
      );
      const [figures] = await t.db.all<{ participants: number; orders: number }>(
        sql`select participants, orders from sales_figures where event_id = ${event.id}`,
      );
      expect(figures).toMatchObject({ participants: 17, orders: 1 });
    });

    it("writes each line's VAT as sold: its ticket's rate, else the default, an added fee at its line's rate", async () => {
      const seller = await insertOrganization(t.db);
      const [reduced] = await t.db
        .insert(schema.taxRates)
        .values([
          { organizationId: seller.id, name: "TVA 5,5 %", rate: 550 },
          { organizationId: seller.id, name: "TVA 20 %", rate: 2000, isDefault: true },
        ])
        .returning();
      const event = await insertEvent(t.db, seller.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
      const seat = await insertTicket(t.db, event, { price: 1000, amount: 5, feesType: "included" });
      await t.db.update(schema.tickets).set({ taxRateId: reduced!.id }).where(eq(schema.tickets.id, seat.id));
      const dinner = await insertTicket(t.db, event, {
        price: 1000,
        amount: 5,
        feesType: "added",
        ticketType: "addon",
      });
      await t.db.insert(schema.promoCodes).values({
        organizationId: seller.id,
        eventId: event.id,
        code: "MOITIE",
        discountType: "percent",
        discountValue: 5000,
      });
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body(
          [
            { ticket_id: seat.id, quantity: 2 },
            { ticket_id: dinner.id, quantity: 1 },
          ],
          { promo_code: "moitie" },
        ),
      });
      const lines = await t.db
        .select()
        .from(schema.orderItems)
        .where(eq(schema.orderItems.orderId, placed.id))
        .orderBy(schema.orderItems.id);
      // Seats: 2 × 500 at 5.5 % → VAT 1000 × 550 / 10550 = 52.13 → 52. Dinner: 500 at 20 % → 83.33 → 83, and its
      // added fee of 33 at 20 % → 5.5 → 6 (half away from zero).
      expect(
        lines.map(({ taxRate, taxRateName, net, vat, feesNet, feesVat }) => ({
          taxRate,
          taxRateName,
          net,
          vat,
          feesNet,
          feesVat,
        })),
      ).toEqual([
        { taxRate: 550, taxRateName: "TVA 5,5 %", net: 948, vat: 52, feesNet: 0, feesVat: 0 },
        { taxRate: 2000, taxRateName: "TVA 20 %", net: 417, vat: 83, feesNet: 27, feesVat: 6 },
      ]);
      expect(placed.amount).toBe(1533);
      expect(lines.reduce((sum, line) => sum + line.net + line.vat + line.feesNet + line.feesVat, 0)).toBe(
        placed.amount,
      );

      // A rate changed after the sale changes nothing sold.
      await t.db.update(schema.taxRates).set({ rate: 1000 }).where(eq(schema.taxRates.id, reduced!.id));
      const [after] = await t.db.select().from(schema.orderItems).where(eq(schema.orderItems.id, lines[0]!.id));
      expect(after).toMatchObject({ taxRate: 550, vat: 52 });
    });

    it("sells without VAT for an organization that is not VAT-registered", async () => {
      const seller = await insertOrganization(t.db);
      await t.db
        .insert(schema.taxRates)
        .values({ organizationId: seller.id, name: "TVA 20 %", rate: 2000, isDefault: true });
      await t.db.insert(schema.organizationBilling).values({ organizationId: seller.id, vatRegistered: false });
      const event = await insertEvent(t.db, seller.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
      const seat = await insertTicket(t.db, event, { price: 1200, amount: 5, feesType: "included" });
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: seat.id, quantity: 1 }]),
      });
      const [line] = await t.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, placed.id));
      expect(line).toMatchObject({ taxRate: 0, taxRateName: "", net: 1200, vat: 0 });
    });

    it("holds a paid order until payable_until, prices fees per fees_type and a promo code", async () => {
      const event = await published();
      const included = await insertTicket(t.db, event, { price: 2000, amount: 5, feesType: "included" });
      const added = await insertTicket(t.db, event, { price: 1000, amount: 5, feesType: "added" });
      await t.db.insert(schema.promoCodes).values({
        organizationId,
        eventId: event.id,
        code: "MOITIE",
        discountType: "percent",
        discountValue: 5000,
      });
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body(
          [
            { ticket_id: included.id, quantity: 1 },
            { ticket_id: added.id, quantity: 2 },
          ],
          { promo_code: "moitie" },
        ),
      });
      // included: 1000 after discount, fee 15 + 25 absorbed; added: 2 × (500 + 33) paid by the buyer.
      expect(placed).toMatchObject({ status: "pending", amount: 1000 + 2 * 533, fees: 40 + 2 * 33 });
      expect(placed.payableUntil).toBe(NOW + HOLD_MS);
      expect(await soldFor(t.db, included.id, NOW)).toBe(1);
      expect(await soldFor(t.db, added.id, NOW)).toBe(2);
      const held = heldPlacesByTicket(await heldPlacesQuery(t.db, event.id, NOW));
      expect([...held.entries()].sort()).toEqual(
        [
          [included.id, 1],
          [added.id, 2],
        ].sort(),
      );
      expect(heldPlacesByTicket(await heldPlacesQuery(t.db, event.id, NOW + HOLD_MS)).size).toBe(0);
      expect(await soldFor(t.db, added.id, NOW + HOLD_MS)).toBe(0);
      const people = await t.db.select().from(schema.participants).where(eq(schema.participants.orderId, placed.id));
      expect(people).toHaveLength(0);

      const first = await confirmOrder(t.db, { orderId: placed.id, paidAt: NOW + 60_000, now: NOW + 60_000 });
      expect(first).toMatchObject({ outcome: "confirmed" });
      if (first.outcome === "confirmed") expect(first.participantIds).toHaveLength(3);
      const again = await confirmOrder(t.db, { orderId: placed.id, paidAt: NOW + 90_000, now: NOW + 90_000 });
      expect(again).toEqual({ outcome: "already_confirmed", orderId: placed.id });
      const tickets = await t.db.select().from(schema.tickets).where(eq(schema.tickets.eventId, event.id));
      expect(tickets.map((ticket) => ticket.purchased).sort()).toEqual([1, 2]);
      const [promo] = await t.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.eventId, event.id));
      expect(promo!.useCount).toBe(1);
      const people2 = await t.db.select().from(schema.participants).where(eq(schema.participants.orderId, placed.id));
      expect(people2).toHaveLength(3);
      expect(people2.filter((p) => p.promoCodeKey === "MOITIE")).toHaveLength(3);
    });

    it("reads a promo code's ticket targets: the discount goes to those tickets only", async () => {
      const event = await published();
      const targeted = await insertTicket(t.db, event, { price: 3000 });
      const other = await insertTicket(t.db, event, { price: 3000 });
      const [code] = await t.db
        .insert(schema.promoCodes)
        .values({
          organizationId,
          eventId: event.id,
          code: "CIBLE",
          discountType: "amount",
          discountValue: 1000,
          appliesToAllTickets: false,
        })
        .returning();
      await t.db.insert(schema.promoCodeTickets).values({ promoCodeId: code!.id, ticketId: targeted.id });
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body(
          [
            { ticket_id: targeted.id, quantity: 1 },
            { ticket_id: other.id, quantity: 1 },
          ],
          { promo_code: " cible " },
        ),
      });
      expect(placed.amount).toBe(2000 + 3000);
      const error = await failure(
        placeOrder(t.db, deps(), {
          eventId: event.id,
          body: body([{ ticket_id: other.id, quantity: 1 }], { promo_code: "CIBLE" }),
        }),
      );
      expect(error.fields).toEqual({ promo_code: "booking:errors.promo-not-applicable" });
    });

    it("refuses bad input naming each field, and writes nothing", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1500, maxPerOrder: 4 });
      const addon = await insertTicket(t.db, event, { price: 500, ticketType: "addon" });
      const questions = [formQuestion("a1b2c3d4e5f6g7h8", { title: "Régime", mandatory: true })];
      await t.db.insert(schema.participationForms).values([
        { organizationId, eventId: event.id, formType: "before-tickets", questions: JSON.stringify(questions) },
        { organizationId, eventId: event.id, formType: "before", questions: JSON.stringify(questions) },
      ]);
      const before = await rowCounts(t.db);
      const error = await failure(
        placeOrder(t.db, deps(), {
          eventId: event.id,
          body: body(
            [
              { ticket_id: ticket.id, quantity: 5 },
              { ticket_id: addon.id, quantity: 1 },
            ],
            { promo_code: "NOPE" },
          ),
        }),
      );
      expect(error).toMatchObject({ code: "validation" });
      expect(error.fields).toMatchObject({
        "items.0.quantity": "booking:errors.max-per-order",
        promo_code: "booking:errors.promo-invalid",
        "answers.a1b2c3d4e5f6g7h8": "booking:errors.answer-required",
      });
      const missing = await failure(
        placeOrder(t.db, deps(), {
          eventId: event.id,
          body: body([{ ticket_id: ticket.id, quantity: 1 }], {
            answers: { a1b2c3d4e5f6g7h8: "Végétarien" },
            participants: [
              { ticket_id: ticket.id, first_name: "A", last_name: "B", email: "ab@exemple.test", answers: {} },
            ],
          }),
        }),
      );
      expect(missing.fields).toEqual({ "participants.0.answers.a1b2c3d4e5f6g7h8": "booking:errors.answer-required" });
      expect(await rowCounts(t.db)).toEqual(before);

      const ok = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: ticket.id, quantity: 1 }], {
          answers: { a1b2c3d4e5f6g7h8: "Végétarien" },
          participants: [
            {
              ticket_id: ticket.id,
              first_name: "A",
              last_name: "B",
              email: "ab@exemple.test",
              answers: { a1b2c3d4e5f6g7h8: "Sans gluten" },
            },
          ],
        }),
      });
      await confirmOrder(t.db, { orderId: ok.id, paidAt: NOW, now: NOW });
      const answers = await t.db.select().from(schema.formAnswers).where(eq(schema.formAnswers.orderId, ok.id));
      expect(answers.map((a) => [a.formType, a.value, a.participantId === null]).sort()).toEqual([
        ["before", JSON.stringify("Végétarien"), true],
        ["before-tickets", JSON.stringify("Sans gluten"), false],
      ]);
    });

    it("books only published events, and private ones with their t", async () => {
      const draft = await insertEvent(t.db, organizationId, { status: "draft", startAt: FUTURE, endAt: FUTURE });
      const draftTicket = await insertTicket(t.db, draft, { price: 0 });
      expect(
        await failure(
          placeOrder(t.db, deps(), { eventId: draft.id, body: body([{ ticket_id: draftTicket.id, quantity: 1 }]) }),
        ),
      ).toMatchObject({ code: "not_found" });
      const hidden = await published({ visibility: "private" });
      const ticket = await insertTicket(t.db, hidden, { price: 0 });
      const items = [{ ticket_id: ticket.id, quantity: 1 }];
      expect(await failure(placeOrder(t.db, deps(), { eventId: hidden.id, body: body(items) }))).toMatchObject({
        code: "not_found",
      });
      const placed = await placeOrder(t.db, deps(), {
        eventId: hidden.id,
        body: body(items, { t: privateEventHash(ENV, hidden) }),
      });
      expect(placed.status).toBe("paid");
    });

    it("gives expired holds back, confirms a late payment only while stock allows", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: 1 });
      const items = [{ ticket_id: ticket.id, quantity: 1 }];
      const first = await placeOrder(t.db, deps(), { eventId: event.id, body: body(items) });
      const before = await rowCounts(t.db);
      expect(
        await failure(placeOrder(t.db, deps(NOW + 60_000), { eventId: event.id, body: body(items) })),
      ).toMatchObject({
        code: "conflict",
        details: { ticketId: ticket.id },
      });
      expect(await rowCounts(t.db)).toEqual(before);

      const later = NOW + HOLD_MS + 1;
      const second = await placeOrder(t.db, deps(later), { eventId: event.id, body: body(items) });
      expect(second.status).toBe("pending");
      // The first buyer pays after the hold expired and the place went to someone else: refund, nothing written.
      expect(await confirmOrder(t.db, { orderId: first.id, paidAt: later, now: later })).toEqual({
        outcome: "needs_refund",
        orderId: first.id,
        reason: "sold_out",
      });
      expect((await releaseExpiredHolds(t.db, later)).orders).toBeGreaterThanOrEqual(1);
      const [expired] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, first.id));
      expect(expired!.status).toBe("expired");
      expect(await releaseExpiredHolds(t.db, later)).toEqual({ orders: 0, items: 0 });

      // The second order expires by webhook; the first buyer's late payment now fits and confirms.
      expect(await expireOrder(t.db, { orderId: second.id, now: later })).toEqual({ expired: true });
      expect(await expireOrder(t.db, { orderId: second.id, now: later })).toEqual({ expired: false });
      expect(await confirmOrder(t.db, { orderId: first.id, paidAt: later, now: later })).toMatchObject({
        outcome: "confirmed",
      });
      expect(await soldFor(t.db, ticket.id, later)).toBe(1);
    });

    it("cancels a pending order for an organizer of its event only", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: 3 });
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: ticket.id, quantity: 3 }]),
      });
      const owner = await insertUser(t.db);
      await insertMember(t.db, organizationId, owner.id, "owner");
      const other = await insertOrganization(t.db);
      const stranger = await insertUser(t.db);
      await insertMember(t.db, other.id, stranger.id, "owner");
      expect(
        await failure(cancelOrder(t.db, actorOf(stranger, other.id, "owner"), { orderId: placed.id })),
      ).toMatchObject({
        code: "not_found",
      });
      await cancelOrder(t.db, actorOf(owner, organizationId, "owner"), { orderId: placed.id, now: NOW });
      expect(await soldFor(t.db, ticket.id, NOW)).toBe(0);
      expect(
        await failure(cancelOrder(t.db, actorOf(owner, organizationId, "owner"), { orderId: placed.id })),
      ).toMatchObject({
        code: "conflict",
      });
      expect(await confirmOrder(t.db, { orderId: placed.id, paidAt: NOW, now: NOW })).toMatchObject({
        outcome: "needs_refund",
        reason: "cancelled",
      });
    });

    it("records no webhook delivery for an organization without endpoints (nothing to hand to the queue)", async () => {
      const org = await insertOrganization(t.db);
      const event = await insertEvent(t.db, org.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
      const free = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 2 });
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: free.id, quantity: 1 }]),
      });
      expect(placed.status).toBe("paid");
      expect(placed.webhookDeliveriesRecorded).toBe(0);
    });

    it("reports orders and participants to the organization's webhooks in the batches that make them", async () => {
      const org = await insertOrganization(t.db);
      const event = await insertEvent(t.db, org.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
      const [endpoint] = await t.db
        .insert(schema.webhookEndpoints)
        .values({ organizationId: org.id, url: "https://hooks.example.org/x", secret: "whsec_c2VjcmV0" })
        .returning();
      const recorded = async () =>
        (
          await t.db
            .select()
            .from(schema.webhookDeliveries)
            .where(eq(schema.webhookDeliveries.endpointId, endpoint!.id))
            .orderBy(schema.webhookDeliveries.id)
        ).map((d) => {
          const payload = JSON.parse(d.payload) as { type: string; data: { id: number; status?: string } };
          expect(payload.type).toBe(d.eventType);
          return { type: d.eventType, id: payload.data.id, status: payload.data.status };
        });

      const free = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 2 });
      const placed = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: free.id, quantity: 2 }]),
      });
      const people = await t.db.select().from(schema.participants).where(eq(schema.participants.orderId, placed.id));
      expect(await recorded()).toEqual([
        { type: "order.created", id: placed.id, status: "pending" },
        { type: "order.paid", id: placed.id, status: "paid" },
        ...people.map((p) => ({ type: "participant.created", id: p.id, status: undefined })),
      ]);
      // What the booking route decides the queue hand-off on (workers/middleware/webhook-dispatch.ts).
      expect(placed.webhookDeliveriesRecorded).toBe(4);

      // A refused order records nothing.
      await failure(placeOrder(t.db, deps(), { eventId: event.id, body: body([{ ticket_id: free.id, quantity: 1 }]) }));
      expect(await recorded()).toHaveLength(4);

      const paid = await insertTicket(t.db, event, { price: 1500, amount: 5 });
      const pending = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: paid.id, quantity: 1 }]),
      });
      await confirmOrder(t.db, { orderId: pending.id, paidAt: NOW + 1000, now: NOW + 1000 });
      await confirmOrder(t.db, { orderId: pending.id, paidAt: NOW + 2000, now: NOW + 2000 });
      expect(pending.webhookDeliveriesRecorded).toBe(1);
      const afterPayment = (await recorded()).slice(4);
      expect(afterPayment.map((e) => e.type)).toEqual(["order.created", "order.paid", "participant.created"]);

      const owner = await insertUser(t.db);
      await insertMember(t.db, org.id, owner.id, "owner");
      const abandoned = await placeOrder(t.db, deps(), {
        eventId: event.id,
        body: body([{ ticket_id: paid.id, quantity: 1 }]),
      });
      await cancelOrder(t.db, actorOf(owner, org.id, "owner"), { orderId: abandoned.id, now: NOW });
      await failure(cancelOrder(t.db, actorOf(owner, org.id, "owner"), { orderId: abandoned.id, now: NOW }));
      expect((await recorded()).slice(7)).toEqual([
        { type: "order.created", id: abandoned.id, status: "pending" },
        { type: "order.cancelled", id: abandoned.id, status: "cancelled" },
      ]);
    });
  });
}

/**
 * The rushes of the booking suite: buyers in parallel for the last places of a ticket, of the event capacity, of a
 * promo code's uses. On the D1 path (libSQL, D1), and through the events' inventory objects when `inventory` is given
 * (decision 0072): the rush events are then counted by their object and checked after the queue is drained.
 */
export function defineBookingRushSuite(
  name: string,
  open: () => Promise<{ db: Database; close?: () => void }>,
  options: { parallel: number; inventory?: SuiteInventoryFactory },
) {
  describe(`booking rushes (${name})`, () => {
    const sale = suiteSale(open, ENV, NOW, options.inventory);
    const { deps, settle } = sale;

    const t = {
      get db() {
        return sale.t.db;
      },
    };
    async function published(values: Partial<typeof schema.events.$inferInsert> = {}) {
      return insertEvent(t.db, sale.organizationId, {
        status: "published",
        startAt: FUTURE,
        endAt: FUTURE,
        ...sale.mode(),
        ...values,
      });
    }

    it(`sells exactly the last 100 places of a ticket to ${options.parallel} parallel buyers`, async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: 130, purchased: 30 });
      const results = await Promise.allSettled(
        Array.from({ length: options.parallel }, () =>
          placeOrder(t.db, deps(), { eventId: event.id, body: body([{ ticket_id: ticket.id, quantity: 1 }]) }),
        ),
      );
      await settle();
      const placed = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
      expect(placed).toHaveLength(100);
      expect(refused.every((e) => e.code === "conflict" && e.messageKey === "booking:errors.sold-out")).toBe(true);
      expect(await soldFor(t.db, ticket.id, NOW)).toBe(130);
      const [orders] = await t.db.select({ n: count() }).from(schema.orders).where(eq(schema.orders.eventId, event.id));
      expect(orders!.n).toBe(100);
    });

    it(`keeps the event capacity against ${options.parallel} parallel buyers of two tickets, add-ons apart`, async () => {
      const event = await published({ eventCapacity: 100 });
      const a = await insertTicket(t.db, event, { price: 1000 });
      const b = await insertTicket(t.db, event, { price: 0 });
      const addon = await insertTicket(t.db, event, { price: 300, ticketType: "addon" });
      const results = await Promise.allSettled(
        Array.from({ length: options.parallel }, (_, i) =>
          placeOrder(t.db, deps(), {
            eventId: event.id,
            body: body([
              { ticket_id: i % 2 ? a.id : b.id, quantity: 1 },
              { ticket_id: addon.id, quantity: 1 },
            ]),
          }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(100);
      await settle();
      const taken = (await soldFor(t.db, a.id, NOW)) + (await soldFor(t.db, b.id, NOW));
      expect(taken).toBe(100);
      expect(await soldFor(t.db, addon.id, NOW)).toBe(100);
    });

    it(`lets a promo code limited to 10 uses serve exactly 10 of ${options.parallel} parallel buyers`, async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1000 });
      await t.db.insert(schema.promoCodes).values({
        organizationId: sale.organizationId,
        eventId: event.id,
        code: "DIX",
        discountType: "amount",
        discountValue: 200,
        maxUses: 10,
        useCount: 0,
      });
      const results = await Promise.allSettled(
        Array.from({ length: options.parallel }, () =>
          placeOrder(t.db, deps(), {
            eventId: event.id,
            body: body([{ ticket_id: ticket.id, quantity: 1 }], { promo_code: "DIX" }),
          }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
      await settle();
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      // The code ran short, not the ticket: the refusal names the code.
      expect(refused.reason).toMatchObject({
        code: "conflict",
        messageKey: "booking:errors.promo-used-up",
        fields: { promo_code: "booking:errors.promo-used-up" },
      });
      const [orders] = await t.db.select({ n: count() }).from(schema.orders).where(eq(schema.orders.eventId, event.id));
      expect(orders!.n).toBe(10);
    });
  });
}
