import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProviderFromEnv, type PaymentProvider } from "#adapters/payments";
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
import { confirmOrder } from "../booking/confirm-order";
import type { PlaceOrderBody } from "../booking/order-input-schema";
import { placeOrder, type PlaceOrderDeps } from "../booking/place-order";
import { refundOrder } from "../payments/refund-order";
import { rebuildSalesFigures } from "../sales-figures/rebuild-sales-figures";
import type { Actor } from "../shared/actor";
import { refundOrderPart } from "./refund-order-part";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const ENV: PlaceOrderDeps["env"] = { ENVIRONMENT: "test", SESSION_SECRET: "partial-refund-suite-secret-0123456789" };
const FUTURE = new Date(NOW + 30 * 86_400_000);

let buyers = 0;
function body(items: PlaceOrderBody["items"]): PlaceOrderBody {
  buyers += 1;
  return {
    items,
    buyer: { first_name: "Inès", last_name: "Moreau", email: `refund${buyers}@exemple.test` },
    answers: {},
    locale: "fr",
  };
}

let keys = 0;
const freshKey = () => `test-key-${++keys}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The organizer's partial refunds (issue 28 §2, decision 0058) on a database from `open`: libSQL in
 * refund-order-part.test.ts, D1 in refund-order-part.worker-test.ts. `parallel` requests race on one order.
 */
export function definePartialRefundSuite(
  name: string,
  open: () => Promise<{ db: Database; close?: () => void }>,
  options: { parallel: number },
) {
  describe(`refundOrderPart (${name})`, () => {
    let t: { db: Database; close?: () => void };
    let provider: PaymentProvider;
    let organizationId: number;
    let owner: Actor;
    let foreignOwner: Actor;

    beforeAll(async () => {
      t = await open();
      provider = paymentProviderFromEnv({ ENVIRONMENT: "test" }, t.db);
      organizationId = (await insertOrganization(t.db)).id;
      const user = await insertUser(t.db);
      await insertMember(t.db, organizationId, user.id, "owner");
      owner = actorOf(user, organizationId, "owner");
      const foreign = await insertOrganization(t.db);
      const other = await insertUser(t.db);
      await insertMember(t.db, foreign.id, other.id, "owner");
      foreignOwner = actorOf(other, foreign.id, "owner");
    });
    afterAll(() => t.close?.());

    /** An event with a 20 € ticket whose fees are added (0.55 € a unit) and a 5 € add-on with fees included. */
    async function setup() {
      const event = await insertEvent(t.db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE });
      const ticket = await insertTicket(t.db, event, { price: 2000, amount: 50, feesType: "added", maxPerOrder: 30 });
      const addon = await insertTicket(t.db, event, { title: "Vestiaire", price: 500, ticketType: "addon" });
      return { event, ticket, addon };
    }

    /** A paid sale through the booking, paid by a demo payment. */
    async function sell(eventId: number, items: PlaceOrderBody["items"]) {
      const placed = await placeOrder(t.db, { env: ENV, now: NOW }, { eventId, body: body(items) });
      await confirmOrder(t.db, { orderId: placed.id, paidAt: NOW, paymentIntentId: `pi_demo_${placed.id}`, now: NOW });
      const holders = await t.db
        .select()
        .from(schema.participants)
        .where(eq(schema.participants.orderId, placed.id))
        .orderBy(asc(schema.participants.id));
      return { orderId: placed.id, holders };
    }

    const orderRow = async (id: number) =>
      (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
    const purchased = async (ticketId: number) =>
      (await t.db.select().from(schema.tickets).where(eq(schema.tickets.id, ticketId)))[0]!.purchased;
    const ledger = (orderId: number) =>
      t.db
        .select({ amount: schema.transactions.amount, fee: schema.transactions.fee, net: schema.transactions.net })
        .from(schema.transactions)
        .where(and(eq(schema.transactions.orderId, orderId), eq(schema.transactions.type, "refund")))
        .orderBy(asc(schema.transactions.id));
    const figures = async (eventId: number) => {
      const [row] = await t.db.select().from(schema.salesFigures).where(eq(schema.salesFigures.eventId, eventId));
      return row
        ? { participants: row.participants, orders: row.orders, gross: row.gross, fees: row.fees, net: row.net }
        : null;
    };

    it("refunds one ticket with its fees, frees its place, and the second refund closes the order", async () => {
      const { event, ticket } = await setup();
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      expect((await orderRow(sale.orderId)).amount).toBe(4110);
      expect(await purchased(ticket.id)).toBe(2);
      const key = freshKey();
      const first = await refundOrderPart(t.db, { provider, now: NOW }, owner, {
        orderId: sale.orderId,
        idempotencyKey: key,
        request: { kind: "units", participantIds: [sale.holders[0]!.id], withFees: true },
      });
      expect(first).toMatchObject({ amount: 2055, fee: 55, units: 1, closesOrder: false, replayed: false });
      expect(await purchased(ticket.id)).toBe(1);
      const order = await orderRow(sale.orderId);
      expect([order.status, order.refundedAmount, order.refundedFees]).toEqual(["paid", 2055, 55]);
      const left = await t.db.select().from(schema.participants).where(eq(schema.participants.orderId, sale.orderId));
      expect(left.map((p) => p.id)).toEqual([sale.holders[1]!.id]);
      expect(await ledger(sale.orderId)).toEqual([{ amount: -2055, fee: -55, net: -2000 }]);
      expect(await figures(event.id)).toEqual({ participants: 1, orders: 1, gross: 2055, fees: 55, net: 2000 });

      // A double click: the same key is the same refund, nothing moves twice.
      const again = await refundOrderPart(t.db, { provider, now: NOW }, owner, {
        orderId: sale.orderId,
        idempotencyKey: key,
        request: { kind: "units", participantIds: [sale.holders[0]!.id], withFees: true },
      });
      expect(again).toMatchObject({ refundId: first.refundId, amount: 2055, replayed: true });
      expect(await ledger(sale.orderId)).toHaveLength(1);
      expect(await purchased(ticket.id)).toBe(1);

      // The refunded ticket cannot be refunded again under another key.
      const twice = await failure(
        refundOrderPart(t.db, { provider, now: NOW }, owner, {
          orderId: sale.orderId,
          idempotencyKey: freshKey(),
          request: { kind: "units", participantIds: [sale.holders[0]!.id], withFees: true },
        }),
      );
      expect(twice.messageKey).toBe("orders:errors.partial-refund.unknown-line");

      const last = await refundOrderPart(t.db, { provider, now: NOW }, owner, {
        orderId: sale.orderId,
        idempotencyKey: freshKey(),
        request: { kind: "units", participantIds: [sale.holders[1]!.id], withFees: false },
      });
      expect(last).toMatchObject({ amount: 2000, fee: 0, closesOrder: true });
      const closed = await orderRow(sale.orderId);
      expect([closed.status, closed.refundedAmount, closed.refundedFees]).toEqual(["refunded", 4055, 55]);
      expect(await purchased(ticket.id)).toBe(0);
      expect(await ledger(sale.orderId)).toEqual([
        { amount: -2055, fee: -55, net: -2000 },
        { amount: -2000, fee: 0, net: -2000 },
      ]);
      expect(await figures(event.id)).toEqual({ participants: 0, orders: 0, gross: 0, fees: 0, net: 0 });
      await rebuildSalesFigures(t.db, { eventId: event.id });
      expect(await figures(event.id)).toEqual({ participants: 0, orders: 0, gross: 0, fees: 0, net: 0 });
    });

    it("refunds an amount, keeps the tickets, refuses more than is left, and the full refund gives back the rest", async () => {
      const { event, ticket, addon } = await setup();
      const other = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
      const sale = await sell(event.id, [
        { ticket_id: ticket.id, quantity: 3 },
        { ticket_id: addon.id, quantity: 1 },
      ]);
      // 3 × 20.55 € + 5 € (its 0.33 € fee included).
      expect((await orderRow(sale.orderId)).amount).toBe(6665);
      expect(await purchased(ticket.id)).toBe(4);
      const part = await refundOrderPart(t.db, { provider, now: NOW }, owner, {
        orderId: sale.orderId,
        idempotencyKey: freshKey(),
        request: { kind: "amount", amount: 1001 },
      });
      expect(part).toMatchObject({ amount: 1001, fee: 0, units: 0, closesOrder: false });
      expect(await purchased(ticket.id)).toBe(4);
      const refund = (
        await t.db.select().from(schema.orderRefunds).where(eq(schema.orderRefunds.id, part.refundId))
      )[0]!;
      expect(refund.status).toBe("succeeded");
      expect(JSON.parse(refund.lines)).toEqual([
        { orderItemId: expect.any(Number), units: 0, amount: 926, fee: 0 },
        { orderItemId: expect.any(Number), units: 0, amount: 75, fee: 0 },
      ]);
      const above = await failure(
        refundOrderPart(t.db, { provider, now: NOW }, owner, {
          orderId: sale.orderId,
          idempotencyKey: freshKey(),
          request: { kind: "amount", amount: 6665 - 1001 + 1 },
        }),
      );
      expect([above.code, above.messageKey]).toEqual(["validation", "orders:errors.partial-refund.amount-above-left"]);
      const before = await figures(event.id);
      expect(before).toEqual({
        participants: 4,
        orders: 2,
        gross: 2055 + 6665 - 1001,
        fees: 55 + 165 + 33,
        net: 2000 + 6665 - 1001 - 165 - 33,
      });

      expect(await refundOrder(t.db, { provider, now: NOW }, owner, { orderId: sale.orderId })).toMatchObject({
        refunded: true,
      });
      expect(await ledger(sale.orderId)).toEqual([
        { amount: -1001, fee: 0, net: -1001 },
        { amount: -5664, fee: -198, net: -5466 },
      ]);
      // Only this order's three places went back; the other sale keeps its own.
      expect(await purchased(ticket.id)).toBe(1);
      expect(await figures(event.id)).toEqual({ participants: 1, orders: 1, gross: 2055, fees: 55, net: 2000 });
      await rebuildSalesFigures(t.db, { eventId: event.id });
      expect(await figures(event.id)).toEqual({ participants: 1, orders: 1, gross: 2055, fees: 55, net: 2000 });
      expect((await orderRow(other.orderId)).status).toBe("paid");
    });

    it("a full refund after a tickets refund frees only the places left", async () => {
      const { event, ticket } = await setup();
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 3 }]);
      await refundOrderPart(t.db, { provider, now: NOW }, owner, {
        orderId: sale.orderId,
        idempotencyKey: freshKey(),
        request: { kind: "units", participantIds: [sale.holders[2]!.id], withFees: true },
      });
      const kept = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      expect(await purchased(ticket.id)).toBe(4);
      await refundOrder(t.db, { provider, now: NOW }, owner, { orderId: sale.orderId });
      expect(await purchased(ticket.id)).toBe(2);
      expect((await orderRow(kept.orderId)).status).toBe("paid");
      const rows = await ledger(sale.orderId);
      expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(-6165);
    });

    it("answers 404 to another organization and leaves the order alone", async () => {
      const { event, ticket } = await setup();
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
      const refused = await failure(
        refundOrderPart(t.db, { provider, now: NOW }, foreignOwner, {
          orderId: sale.orderId,
          idempotencyKey: freshKey(),
          request: { kind: "amount", amount: 100 },
        }),
      );
      expect(refused.code).toBe("not_found");
      expect((await orderRow(sale.orderId)).refundedAmount).toBe(0);
    });

    it("a refusal by the provider releases the reservation", async () => {
      const { event, ticket } = await setup();
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      const refusing: PaymentProvider = {
        ...provider,
        refund: () => Promise.reject(new Error("card_declined")),
      };
      const refused = await failure(
        refundOrderPart(t.db, { provider: refusing, now: NOW }, owner, {
          orderId: sale.orderId,
          idempotencyKey: freshKey(),
          request: { kind: "units", participantIds: [sale.holders[0]!.id], withFees: true },
        }),
      );
      expect(refused.messageKey).toBe("orders:errors.refund-failed");
      expect(await purchased(ticket.id)).toBe(2);
      // The same ticket can be refunded once the provider answers.
      const done = await refundOrderPart(t.db, { provider, now: NOW }, owner, {
        orderId: sale.orderId,
        idempotencyKey: freshKey(),
        request: { kind: "units", participantIds: [sale.holders[0]!.id], withFees: true },
      });
      expect(done.amount).toBe(2055);
      expect(await purchased(ticket.id)).toBe(1);
    });

    it("the full refund waits while a partial refund is with the provider, then gives back what is left", async () => {
      const { event, ticket } = await setup();
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      let answer: (() => void) | undefined;
      const asked = new Promise<void>((resolve) => {
        answer = resolve;
      });
      let started: () => void = () => {};
      const calling = new Promise<void>((resolve) => {
        started = resolve;
      });
      const slow: PaymentProvider = {
        ...provider,
        refund: async (request) => {
          started();
          await asked;
          return provider.refund(request);
        },
      };
      const partial = refundOrderPart(t.db, { provider: slow, now: NOW }, owner, {
        orderId: sale.orderId,
        idempotencyKey: freshKey(),
        request: { kind: "units", participantIds: [sale.holders[0]!.id], withFees: true },
      });
      await calling;
      const busy = await failure(refundOrder(t.db, { provider, now: NOW }, owner, { orderId: sale.orderId }));
      expect([busy.code, busy.messageKey]).toEqual(["conflict", "orders:errors.partial-refund.busy"]);
      answer!();
      expect((await partial).amount).toBe(2055);
      await refundOrder(t.db, { provider, now: NOW }, owner, { orderId: sale.orderId });
      expect(-(await ledger(sale.orderId)).reduce((sum, row) => sum + row.amount, 0)).toBe(4110);
      expect(await purchased(ticket.id)).toBe(0);
    });

    it(`${options.parallel} simultaneous partial refunds of one order never refund more than was paid`, async () => {
      const { event, ticket } = await setup();
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 6 }]);
      const paid = (await orderRow(sale.orderId)).amount;
      expect(paid).toBe(6 * 2055);
      // Half ask for an amount of 15 € (more than all of them together could get), half for tickets, several for the
      // same one.
      const results = await Promise.allSettled(
        Array.from({ length: options.parallel }, (_, i) =>
          refundOrderPart(t.db, { provider, now: NOW }, owner, {
            orderId: sale.orderId,
            idempotencyKey: freshKey(),
            request:
              i % 2 === 0
                ? { kind: "amount", amount: 1500 }
                : { kind: "units", participantIds: [sale.holders[i % 6]!.id], withFees: true },
          }),
        ),
      );
      const succeeded = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      for (const result of results)
        if (result.status === "rejected")
          expect((result.reason as { code?: string }).code).toMatch(/conflict|validation/);
      expect(succeeded.length).toBeGreaterThan(0);
      const total = succeeded.reduce((sum, refund) => sum + refund.amount, 0);
      expect(total).toBeLessThanOrEqual(paid);
      const order = await orderRow(sale.orderId);
      expect(order.refundedAmount).toBe(total);
      const rows = await ledger(sale.orderId);
      expect(-rows.reduce((sum, row) => sum + row.amount, 0)).toBe(total);
      // Each ticket was refunded once at most, and exactly the refunded tickets' places went back.
      const units = await t.db
        .select()
        .from(schema.orderRefundUnits)
        .innerJoin(schema.orderRefunds, eq(schema.orderRefunds.id, schema.orderRefundUnits.refundId))
        .where(eq(schema.orderRefunds.orderId, sale.orderId));
      const refundedPeople = units.map((row) => row.order_refund_units.participantId);
      expect(new Set(refundedPeople).size).toBe(refundedPeople.length);
      const pending = await t.db
        .select()
        .from(schema.orderRefunds)
        .where(and(eq(schema.orderRefunds.orderId, sale.orderId), eq(schema.orderRefunds.status, "pending")));
      expect(pending).toEqual([]);
      const people = await t.db.select().from(schema.participants).where(eq(schema.participants.orderId, sale.orderId));
      if (order.status === "paid") {
        expect(people).toHaveLength(6 - refundedPeople.length);
        expect(await purchased(ticket.id)).toBe(6 - refundedPeople.length);
      } else {
        expect(order.status).toBe("refunded");
        expect(people).toHaveLength(0);
        expect(await purchased(ticket.id)).toBe(0);
      }
      const live = await figures(event.id);
      await rebuildSalesFigures(t.db, { eventId: event.id });
      expect(await figures(event.id)).toEqual(live);
    });
  });
}
