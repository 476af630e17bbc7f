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
import { getOrderRefunds } from "../refunds/get-order-refunds";
import { refundOrderPart } from "../refunds/refund-order-part";
import { rebuildSalesFigures } from "../sales-figures/rebuild-sales-figures";
import type { Actor } from "../shared/actor";
import { cancelOrderTickets } from "./cancel-order-tickets";
import { getOrderSelfService } from "./get-order-self-service";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const ENV: PlaceOrderDeps["env"] = { ENVIRONMENT: "test", SESSION_SECRET: "buyer-cancel-suite-secret-0123456789" };
// Saturday 18 July 2026, 20:00 in Paris (CEST) = 18:00 UTC.
const START = new Date("2026-07-18T18:00:00Z");

let buyers = 0;
let keys = 0;
const freshKey = () => `cancel-key-${++keys}-${Math.random().toString(36).slice(2, 10)}`;

type CancelEventOptions = Partial<typeof schema.events.$inferInsert>;

/**
 * The buyer's cancellation (issue 28 §2, docs/decisions/0060) on a database from `open`: libSQL in
 * cancel-order-tickets.test.ts, D1 in cancel-order-tickets.worker-test.ts.
 */
export function defineBuyerCancelSuite(name: string, open: () => Promise<{ db: Database; close?: () => void }>) {
  describe(`cancelOrderTickets (${name})`, () => {
    let t: { db: Database; close?: () => void };
    let provider: PaymentProvider & { calls: number };
    let organizationId: number;
    let owner: Actor;

    beforeAll(async () => {
      t = await open();
      const demo = paymentProviderFromEnv({ ENVIRONMENT: "test" }, t.db);
      // The demo provider itself, counted: a cancellation that gives nothing back never asks it.
      provider = Object.assign(Object.create(demo) as PaymentProvider, {
        calls: 0,
        refund(request: Parameters<PaymentProvider["refund"]>[0]) {
          provider.calls += 1;
          return demo.refund(request);
        },
      });
      organizationId = (await insertOrganization(t.db)).id;
      const user = await insertUser(t.db);
      await insertMember(t.db, organizationId, user.id, "owner");
      owner = actorOf(user, organizationId, "owner");
      await t.db.insert(schema.webhookEndpoints).values({
        organizationId,
        url: "https://hooks.exemple.test/cancel",
        secret: "whsec_YnV5ZXItY2FuY2VsLXRlc3Qtc2VjcmV0",
        eventTypes: "[]",
      });
    });
    afterAll(() => t.close?.());

    async function setup(options: CancelEventOptions = {}, ticket: Partial<typeof schema.tickets.$inferInsert> = {}) {
      const event = await insertEvent(t.db, organizationId, {
        status: "published",
        startAt: START,
        endAt: START,
        timezone: "Europe/Paris",
        selfServiceCancel: true,
        ...options,
      });
      const place = await insertTicket(t.db, event, { price: 2000, amount: 50, maxPerOrder: 10, ...ticket });
      const addon = await insertTicket(t.db, event, { title: "Vestiaire", price: 500, ticketType: "addon" });
      return { event, ticket: place, addon };
    }

    async function sell(eventId: number, items: PlaceOrderBody["items"]) {
      buyers += 1;
      const placed = await placeOrder(
        t.db,
        { env: ENV, now: NOW },
        {
          eventId,
          body: {
            items,
            buyer: { first_name: "Inès", last_name: "Moreau", email: `cancel${buyers}@exemple.test` },
            answers: {},
            locale: "fr",
          },
        },
      );
      const free = placed.amount === 0;
      if (!free)
        await confirmOrder(t.db, {
          orderId: placed.id,
          paidAt: NOW,
          paymentIntentId: `pi_demo_${placed.id}`,
          now: NOW,
        });
      const holders = await t.db
        .select()
        .from(schema.participants)
        .where(eq(schema.participants.orderId, placed.id))
        .orderBy(asc(schema.participants.id));
      const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
      return { order: order!, holders };
    }

    const cancel = (
      order: { id: number; accessToken: string },
      participantIds: number[] | "order",
      options: { key?: string; now?: number; db?: Database } = {},
    ) =>
      cancelOrderTickets(
        options.db ?? t.db,
        { provider, now: options.now ?? NOW },
        { orderId: order.id, token: order.accessToken, participantIds, idempotencyKey: options.key ?? freshKey() },
      );
    const orderRow = async (id: number) =>
      (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
    const purchased = async (ticketId: number) =>
      (await t.db.select().from(schema.tickets).where(eq(schema.tickets.id, ticketId)))[0]!.purchased;
    const ledger = (orderId: number) =>
      t.db
        .select({ amount: schema.transactions.amount, fee: schema.transactions.fee })
        .from(schema.transactions)
        .where(and(eq(schema.transactions.orderId, orderId), eq(schema.transactions.type, "refund")))
        .orderBy(asc(schema.transactions.id));
    const figures = async (eventId: number) => {
      const [row] = await t.db.select().from(schema.salesFigures).where(eq(schema.salesFigures.eventId, eventId));
      return row
        ? { participants: row.participants, orders: row.orders, gross: row.gross, fees: row.fees, net: row.net }
        : null;
    };
    const hooks = async (orderId: number) =>
      (
        await t.db
          .select({ type: schema.webhookDeliveries.eventType, payload: schema.webhookDeliveries.payload })
          .from(schema.webhookDeliveries)
          .orderBy(asc(schema.webhookDeliveries.id))
      )
        .map((row) => ({ type: row.type, data: (JSON.parse(row.payload) as { data: Record<string, unknown> }).data }))
        .filter((row) => row.data.id === orderId && row.type.startsWith("order."))
        .map((row) => `${row.type}:${String(row.data.status)}`);

    it("cancels one ticket « hors frais » (fees added): the price back, the fee kept, the place on sale", async () => {
      const { event, ticket } = await setup({ selfServiceCancelRefund: "full-minus-fees" }, { feesType: "added" });
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      // 2 × (20 € + 0.55 € of added fees).
      expect(sale.order.amount).toBe(4110);
      // The order page states the amount before the buyer confirms: the server's own computation.
      const view = await getOrderSelfService(t.db, { orderId: sale.order.id, token: sale.order.accessToken, now: NOW });
      expect(view.participants.map((p) => p.cancel_refund_amount)).toEqual([2000, 2000]);
      expect(view.order_cancel).toEqual({ can_cancel: true, cancel_refusal: null, refund_amount: 4000 });

      const done = await cancel(sale.order, [sale.holders[0]!.id]);
      expect(done).toMatchObject({ amount: 2000, fee: 0, units: 1, closesOrder: false, replayed: false });
      expect(provider.calls).toBeGreaterThan(0);
      expect(await purchased(ticket.id)).toBe(1);
      expect(await ledger(sale.order.id)).toEqual([{ amount: -2000, fee: 0 }]);
      expect(await orderRow(sale.order.id)).toMatchObject({ status: "paid", refundedAmount: 2000, refundedFees: 0 });
      // The sales figures count what is left: 41.10 € − 20 €, the fees kept, one participant.
      const expected = { participants: 1, orders: 1, gross: 2110, fees: 110, net: 2000 };
      expect(await figures(event.id)).toEqual(expected);
      await rebuildSalesFigures(t.db, { eventId: event.id });
      expect(await figures(event.id)).toEqual(expected);
      // Part of the order: order.updated, the order after the change.
      expect(await hooks(sale.order.id)).toContain("order.updated:paid");
      const left = await t.db
        .select({ id: schema.participants.id })
        .from(schema.participants)
        .where(eq(schema.participants.orderId, sale.order.id));
      expect(left).toEqual([{ id: sale.holders[1]!.id }]);

      // The organizer's order page tells the buyer's cancellation from the organizer's own refund.
      await refundOrderPart(t.db, { provider, now: NOW }, owner, {
        orderId: sale.order.id,
        idempotencyKey: freshKey(),
        request: { kind: "amount", amount: 100 },
      });
      const listed = await getOrderRefunds(t.db, owner, { orderId: sale.order.id });
      expect(listed.refunds.map((refund) => [refund.amount, refund.byBuyer])).toEqual([
        [100, false],
        [2000, true],
      ]);
    });

    it("gives the same total cancelling tickets one by one as together (a percentage, rounded down per unit)", async () => {
      // 19.99 € with included fees, 33.33 %: each unit floor(1999 × 3333 / 10 000) = 666 cents.
      const { event, ticket } = await setup(
        { selfServiceCancelRefund: "percentage", selfServiceCancelPercentage: 3333 },
        { price: 1999, feesType: "included" },
      );
      const together = await sell(event.id, [{ ticket_id: ticket.id, quantity: 3 }]);
      const oneByOne = await sell(event.id, [{ ticket_id: ticket.id, quantity: 3 }]);
      const all = await cancel(together.order, "order");
      expect(all).toMatchObject({ amount: 1998, fee: 0, units: 3, closesOrder: true });
      const amounts: number[] = [];
      for (const holder of oneByOne.holders) amounts.push((await cancel(oneByOne.order, [holder.id])).amount);
      expect(amounts).toEqual([666, 666, 666]);
      // The last ticket closes the order: order.cancelled, and the order is refunded.
      expect(await orderRow(oneByOne.order.id)).toMatchObject({ status: "refunded", refundedAmount: 1998 });
      expect(await hooks(oneByOne.order.id)).toEqual([
        "order.created:pending",
        "order.paid:paid",
        "order.updated:paid",
        "order.updated:paid",
        "order.refunded:refunded",
        "order.cancelled:refunded",
      ]);
    });

    it("takes the add-ons with the order's last ticket", async () => {
      const { event, ticket, addon } = await setup({ selfServiceCancelRefund: "full" }, { feesType: "included" });
      const sale = await sell(event.id, [
        { ticket_id: ticket.id, quantity: 1 },
        { ticket_id: addon.id, quantity: 1 },
      ]);
      const done = await cancel(sale.order, [sale.holders[0]!.id]);
      expect(done.participantIds.sort()).toEqual(sale.holders.map((h) => h.id).sort());
      expect(done).toMatchObject({ amount: 2500, units: 2, closesOrder: true });
      expect(await purchased(addon.id)).toBe(0);
    });

    it("frees the places with no money moved under « sans remboursement », without asking the provider", async () => {
      const { event, ticket } = await setup({ selfServiceCancelRefund: "none" });
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      const before = provider.calls;
      const done = await cancel(sale.order, "order");
      expect(done).toMatchObject({ amount: 0, fee: 0, units: 2, closesOrder: true });
      expect(provider.calls).toBe(before);
      expect(await ledger(sale.order.id)).toEqual([]);
      expect(await purchased(ticket.id)).toBe(0);
      expect(await orderRow(sale.order.id)).toMatchObject({ status: "refunded", refundedAmount: 0 });
    });

    it("just frees a free order's place whatever the policy", async () => {
      const { event, ticket } = await setup({ selfServiceCancelRefund: "full" }, { price: 0 });
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      expect(sale.order).toMatchObject({ status: "paid", amount: 0, stripePaymentIntentId: null });
      const before = provider.calls;
      const done = await cancel(sale.order, [sale.holders[1]!.id]);
      expect(done).toMatchObject({ amount: 0, units: 1, closesOrder: false });
      expect(provider.calls).toBe(before);
      expect(await purchased(ticket.id)).toBe(1);
    });

    it("answers a double click with the one cancellation", async () => {
      const { event, ticket } = await setup({ selfServiceCancelRefund: "full" }, { feesType: "added" });
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      const key = freshKey();
      const [first, second] = await Promise.all([
        cancel(sale.order, [sale.holders[0]!.id], { key }),
        cancel(sale.order, [sale.holders[0]!.id], { key }),
      ]);
      expect(first.refundId).toBe(second.refundId);
      expect(first.amount).toBe(2055);
      expect(await purchased(ticket.id)).toBe(1);
      expect(await ledger(sale.order.id)).toEqual([{ amount: -2055, fee: -55 }]);
    });

    it("refuses past the deadline, naming it in the event's zone; when not allowed; on a hand-entered order", async () => {
      // 2 days before the start, in calendar days: Thursday 16 July 2026, 20:00 in Paris.
      const { event, ticket } = await setup({ selfServiceCancelBefore: 2, selfServiceCancelUnit: "days" });
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 1 }]);
      const late = await failure(cancel(sale.order, "order", { now: Date.parse("2026-07-16T18:00:00Z") }));
      expect(late).toMatchObject({
        code: "conflict",
        messageKey: "booking:self-service.errors.cancel-deadline-passed",
        details: { date: "2026-07-16 20:00 (Europe/Paris)", deadline: "2026-07-16T18:00:00.000Z" },
      });
      expect(await cancel(sale.order, "order", { now: Date.parse("2026-07-16T17:59:59Z") })).toMatchObject({
        units: 1,
      });

      const off = await setup({ selfServiceCancel: false });
      const offSale = await sell(off.event.id, [{ ticket_id: off.ticket.id, quantity: 1 }]);
      expect(await failure(cancel(offSale.order, "order"))).toMatchObject({
        messageKey: "booking:self-service.errors.cancel-off",
      });

      await t.db.update(schema.orders).set({ status: "manual" }).where(eq(schema.orders.id, offSale.order.id));
      await t.db.update(schema.events).set({ selfServiceCancel: true }).where(eq(schema.events.id, off.event.id));
      expect(await failure(cancel(offSale.order, "order"))).toMatchObject({
        messageKey: "booking:self-service.errors.cancel-manual-order",
      });
      // Its buyer's page says cancelling is off, and why.
      const view = await getOrderSelfService(t.db, {
        orderId: offSale.order.id,
        token: offSale.order.accessToken,
        now: NOW,
      });
      expect(view.cancel).toEqual({ state: "off", until: null });
      expect(view.order_cancel).toEqual({
        can_cancel: false,
        cancel_refusal: "booking:self-service.errors.cancel-manual-order",
        refund_amount: null,
      });
      expect(view.participants.map((p) => p.can_cancel)).toEqual([false]);
    });

    it("refuses a checked-in ticket, and a scan between the read and the write wins", async () => {
      const { event, ticket } = await setup({ selfServiceCancelRefund: "full" });
      const sale = await sell(event.id, [{ ticket_id: ticket.id, quantity: 2 }]);
      await t.db
        .update(schema.participants)
        .set({ isIn: true, lastValidationAt: new Date(NOW) })
        .where(eq(schema.participants.id, sale.holders[0]!.id));
      expect(await failure(cancel(sale.order, [sale.holders[0]!.id]))).toMatchObject({
        code: "conflict",
        messageKey: "booking:self-service.errors.cancel-checked-in",
      });
      expect(await failure(cancel(sale.order, "order"))).toMatchObject({
        messageKey: "booking:self-service.errors.cancel-checked-in",
      });

      // The second ticket is scanned just before the reservation's batch runs (the second batch: the first reads the
      // order's refund state), after every read of it.
      const target = sale.holders[1]!.id;
      let scanned = false;
      let batches = 0;
      const racing = new Proxy(t.db, {
        get(target_, property, receiver) {
          if (property !== "batch") return Reflect.get(target_, property, receiver) as unknown;
          return async (statements: Parameters<Database["batch"]>[0]) => {
            batches += 1;
            if (batches === 2) {
              scanned = true;
              await t.db
                .update(schema.participants)
                .set({ isIn: true, lastValidationAt: new Date(NOW) })
                .where(eq(schema.participants.id, target));
            }
            return t.db.batch(statements);
          };
        },
      });
      expect(await failure(cancel(sale.order, [target], { db: racing }))).toMatchObject({
        messageKey: "booking:self-service.errors.cancel-checked-in",
      });
      expect(scanned).toBe(true);
      expect(await purchased(ticket.id)).toBe(2);
      expect(await ledger(sale.order.id)).toEqual([]);
    });
  });
}
