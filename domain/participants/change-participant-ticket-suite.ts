import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { failure } from "../../tests/support/failure";
import {
  actorOf,
  insertEvent,
  insertEventAccess,
  insertHold,
  insertMember,
  insertOrganization,
  insertTicket,
  insertUser,
  type Ticket,
  type User,
} from "../../tests/support/fixtures";
import { confirmOrder } from "../booking/confirm-order";
import type { PlaceOrderBody } from "../booking/order-input-schema";
import { placeOrder, type PlaceOrderDeps } from "../booking/place-order";
import { placeManualOrders } from "../manual-orders/place-manual-orders";
import { refundStatements } from "../payments/refund-effect";
import type { Actor } from "../shared/actor";
import { changeParticipantTicket, listTicketChoices, participantTicketChoices } from "./change-participant-ticket";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const ENV: PlaceOrderDeps["env"] = { ENVIRONMENT: "test", SESSION_SECRET: "ticket-change-suite-secret-0123456789" };
const FUTURE = new Date(NOW + 30 * 86_400_000);

let buyers = 0;
function body(items: PlaceOrderBody["items"]): PlaceOrderBody {
  buyers += 1;
  return {
    items,
    buyer: { first_name: "Inès", last_name: "Moreau", email: `holder${buyers}@exemple.test` },
    answers: {},
    locale: "fr",
  };
}

/**
 * Changing a participant's ticket type (issue 25 §10) on a database from `open`: libSQL in
 * change-participant-ticket.test.ts, D1 in change-participant-ticket.worker-test.ts. The batch's guards must hold on
 * both; `parallel` is how many moves race for the last place.
 */
export function defineTicketChangeSuite(
  name: string,
  open: () => Promise<{ db: Database; close?: () => void }>,
  options: { parallel: number },
) {
  describe(`changeParticipantTicket (${name})`, () => {
    let t: { db: Database; close?: () => void };
    let organizationId: number;
    let owner: Actor;
    let validatorUser: User;
    let foreignOwner: Actor;

    beforeAll(async () => {
      t = await open();
      organizationId = (await insertOrganization(t.db)).id;
      const user = await insertUser(t.db);
      await insertMember(t.db, organizationId, user.id, "owner");
      owner = actorOf(user, organizationId, "owner");
      validatorUser = await insertUser(t.db);
      await insertMember(t.db, organizationId, validatorUser.id, "");
      const foreign = await insertOrganization(t.db);
      const other = await insertUser(t.db);
      await insertMember(t.db, foreign.id, other.id, "owner");
      foreignOwner = actorOf(other, foreign.id, "owner");
    });
    afterAll(() => t.close?.());

    const published = (values: Partial<typeof schema.events.$inferInsert> = {}) =>
      insertEvent(t.db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE, ...values });

    /** A sale through the booking itself: placed, then paid when it costs something. */
    async function sell(event: { id: number }, items: PlaceOrderBody["items"]) {
      const placed = await placeOrder(t.db, { env: ENV, now: NOW }, { eventId: event.id, body: body(items) });
      if (placed.status === "pending") await confirmOrder(t.db, { orderId: placed.id, paidAt: NOW, now: NOW });
      const holders = await t.db
        .select()
        .from(schema.participants)
        .where(eq(schema.participants.orderId, placed.id))
        .orderBy(asc(schema.participants.id));
      return { orderId: placed.id, holders };
    }

    /** Everything a ticket change writes, for an event: a refusal must leave all of it as it was. */
    async function snapshot(eventId: number) {
      const [tickets, lines, people] = await Promise.all([
        t.db
          .select({ id: schema.tickets.id, purchased: schema.tickets.purchased, updatedAt: schema.tickets.updatedAt })
          .from(schema.tickets)
          .where(eq(schema.tickets.eventId, eventId))
          .orderBy(asc(schema.tickets.id)),
        t.db
          .select()
          .from(schema.orderItems)
          .where(eq(schema.orderItems.eventId, eventId))
          .orderBy(asc(schema.orderItems.id)),
        t.db
          .select({
            id: schema.participants.id,
            ticketId: schema.participants.ticketId,
            ticketTitle: schema.participants.ticketTitle,
            price: schema.participants.price,
          })
          .from(schema.participants)
          .where(eq(schema.participants.eventId, eventId))
          .orderBy(asc(schema.participants.id)),
      ]);
      return { tickets, lines, people };
    }

    async function purchased(ticket: Ticket) {
      const [row] = await t.db
        .select({ purchased: schema.tickets.purchased })
        .from(schema.tickets)
        .where(eq(schema.tickets.id, ticket.id));
      return row!.purchased;
    }

    async function linesOf(orderId: number) {
      return t.db
        .select()
        .from(schema.orderItems)
        .where(eq(schema.orderItems.orderId, orderId))
        .orderBy(asc(schema.orderItems.id));
    }

    it("moves a paid holder to a ticket of the same price: both counters, the order's lines and the row follow", async () => {
      const event = await published();
      const standard = await insertTicket(t.db, event, { title: "Fosse", price: 1500, amount: 10 });
      const seated = await insertTicket(t.db, event, { title: "Gradins", price: 1500, amount: 5 });
      const { orderId, holders } = await sell(event, [{ ticket_id: standard.id, quantity: 2 }]);
      const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
      const [before] = await linesOf(orderId);
      const [figuresBefore] = await t.db
        .select()
        .from(schema.salesFigures)
        .where(eq(schema.salesFigures.eventId, event.id));

      const moved = await changeParticipantTicket(t.db, owner, {
        participantId: holders[0]!.id,
        eventId: event.id,
        ticketId: seated.id,
        now: NOW,
      });

      expect(moved).toMatchObject({ ticketId: seated.id, ticketTitle: "Gradins", ticketType: "ticket", price: 1500 });
      expect(await purchased(standard)).toBe(1);
      expect(await purchased(seated)).toBe(1);
      const lines = await linesOf(orderId);
      expect(lines.map((line) => [line.ticketId, line.quantity, line.unitPrice])).toEqual([
        [standard.id, 1, 1500],
        [seated.id, 1, 1500],
      ]);
      // The unit took its share of the fees with it: the lines still add up to what the order cost.
      expect(lines.reduce((sum, line) => sum + line.fees, 0)).toBe(before!.fees);
      expect(lines[1]!.fees).toBe(before!.fees / 2);
      const [after] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
      expect(after).toEqual(order);
      const [figures] = await t.db.select().from(schema.salesFigures).where(eq(schema.salesFigures.eventId, event.id));
      expect(figures).toEqual(figuresBefore);
      const [other] = await t.db
        .select({ ticketId: schema.participants.ticketId })
        .from(schema.participants)
        .where(eq(schema.participants.id, holders[1]!.id));
      expect(other!.ticketId).toBe(standard.id);

      // A refund then gives each place back to the ticket the holder has now.
      await t.db.batch(await refundStatements(t.db, { orderId, organizationId, now: NOW, ledgerRows: [] }));
      expect(await purchased(standard)).toBe(0);
      expect(await purchased(seated)).toBe(0);
    });

    it("joins the order's line of the target ticket when the order has one", async () => {
      const event = await published();
      const a = await insertTicket(t.db, event, { title: "Samedi", price: 0 });
      const b = await insertTicket(t.db, event, { title: "Dimanche", price: 0 });
      const { orderId, holders } = await sell(event, [
        { ticket_id: a.id, quantity: 1 },
        { ticket_id: b.id, quantity: 1 },
      ]);
      await changeParticipantTicket(t.db, owner, { participantId: holders[0]!.id, ticketId: b.id, now: NOW });
      expect((await linesOf(orderId)).map((line) => [line.ticketId, line.quantity])).toEqual([[b.id, 2]]);
      expect([await purchased(a), await purchased(b)]).toEqual([0, 2]);
    });

    it("refuses another price on an order that cost something, and changes nothing", async () => {
      const event = await published();
      const standard = await insertTicket(t.db, event, { title: "Plein tarif", price: 2000 });
      const vip = await insertTicket(t.db, event, { title: "Carré or", price: 5000 });
      const { holders } = await sell(event, [{ ticket_id: standard.id, quantity: 1 }]);
      const before = await snapshot(event.id);
      expect(
        await failure(changeParticipantTicket(t.db, owner, { participantId: holders[0]!.id, ticketId: vip.id })),
      ).toMatchObject({
        code: "conflict",
        messageKey: "participants:errors.ticket-price-differs",
        fields: { ticket: "participants:errors.ticket-price-differs" },
      });
      expect(await snapshot(event.id)).toEqual(before);
      // The edit screen offers the same: the holder's ticket, the other price and a ticket without places disabled.
      const cheap = await insertTicket(t.db, event, { title: "Tarif réduit", price: 2000, amount: 1, purchased: 1 });
      const choices = await participantTicketChoices(t.db, holders[0]!, NOW);
      expect(choices?.map((choice) => [choice.title, choice.blocked])).toEqual([
        ["Plein tarif", "current"],
        ["Carré or", "price"],
        ["Tarif réduit", "sold-out"],
      ]);
      expect(cheap.price).toBe(standard.price);
    });

    it("moves a free order's holder and a manual order's holder to a ticket of any price", async () => {
      const event = await published();
      const invitation = await insertTicket(t.db, event, { title: "Invitation", price: 0 });
      const vip = await insertTicket(t.db, event, { title: "Carré or", price: 5000 });
      const { orderId, holders } = await sell(event, [{ ticket_id: invitation.id, quantity: 1 }]);
      const moved = await changeParticipantTicket(t.db, owner, { participantId: holders[0]!.id, ticketId: vip.id });
      // Nothing was paid for it: the holder's price stays 0, and so does the line's.
      expect(moved).toMatchObject({ ticketId: vip.id, price: 0 });
      expect((await linesOf(orderId)).map((line) => [line.ticketId, line.unitPrice])).toEqual([[vip.id, 0]]);

      const manual = await placeManualOrders(t.db, owner, {
        eventId: event.id,
        sendEmail: false,
        now: NOW,
        orders: [
          {
            buyer: { firstName: "Jules", lastName: "Roy", email: "jules@exemple.test" },
            participants: [{ firstName: "Jules", lastName: "Roy", email: "jules@exemple.test", ticketId: vip.id }],
          },
        ],
      });
      // Added by hand, the holder carries its ticket's price (as manual orders write it).
      const back = await changeParticipantTicket(t.db, owner, {
        participantId: manual.participantIds[0]!,
        ticketId: invitation.id,
      });
      expect(back).toMatchObject({ ticketId: invitation.id, ticketTitle: "Invitation", price: 0 });
      expect([await purchased(invitation), await purchased(vip)]).toEqual([1, 1]);
    });

    it("refuses a sold-out target (its stock, or places held by unpaid orders) and changes nothing", async () => {
      const event = await published();
      const open = await insertTicket(t.db, event, { title: "Libre", price: 0 });
      const full = await insertTicket(t.db, event, { title: "Complet", price: 0, amount: 1, purchased: 1 });
      const held = await insertTicket(t.db, event, { title: "Réservé", price: 0, amount: 1 });
      await insertHold(t.db, held, 1, new Date(NOW + 600_000));
      const { holders } = await sell(event, [{ ticket_id: open.id, quantity: 1 }]);
      const before = await snapshot(event.id);
      for (const target of [full, held]) {
        expect(
          await failure(
            changeParticipantTicket(t.db, owner, { participantId: holders[0]!.id, ticketId: target.id, now: NOW }),
          ),
        ).toMatchObject({
          code: "conflict",
          reason: "sold_out",
          messageKey: "participants:errors.ticket-sold-out",
          fields: { ticket: "participants:errors.ticket-sold-out" },
        });
        expect(await snapshot(event.id)).toEqual(before);
      }
      const choices = await listTicketChoices(t.db, event, NOW);
      expect(choices.map((choice) => [choice.title, choice.remaining])).toEqual([
        ["Libre", null],
        ["Complet", 0],
        ["Réservé", 0],
      ]);
    });

    it("lets a holder change ticket when the event capacity is full: the old place is given back first", async () => {
      const event = await published({ eventCapacity: 2 });
      const a = await insertTicket(t.db, event, { title: "A", price: 0 });
      const b = await insertTicket(t.db, event, { title: "B", price: 0 });
      const { holders } = await sell(event, [{ ticket_id: a.id, quantity: 2 }]);
      await changeParticipantTicket(t.db, owner, { participantId: holders[0]!.id, ticketId: b.id, now: NOW });
      expect([await purchased(a), await purchased(b)]).toEqual([1, 1]);
    });

    it("keeps a checked-in holder inside, with their entries", async () => {
      const event = await published();
      const a = await insertTicket(t.db, event, { title: "A", price: 0 });
      const b = await insertTicket(t.db, event, { title: "B", price: 0 });
      const { holders } = await sell(event, [{ ticket_id: a.id, quantity: 1 }]);
      const holder = holders[0]!;
      await t.db.update(schema.participants).set({ isIn: true }).where(eq(schema.participants.id, holder.id));
      await t.db.insert(schema.entries).values({
        organizationId,
        eventId: event.id,
        participantId: holder.id,
        ticketId: a.id,
        isIn: true,
        validatedAt: new Date(NOW),
      });
      const moved = await changeParticipantTicket(t.db, owner, { participantId: holder.id, ticketId: b.id });
      expect(moved).toMatchObject({ ticketId: b.id, isIn: true });
      const entries = await t.db
        .select({ ticketId: schema.entries.ticketId })
        .from(schema.entries)
        .where(eq(schema.entries.participantId, holder.id));
      expect(entries).toEqual([{ ticketId: a.id }]);
    });

    it("refuses the same ticket, an add-on, a deleted ticket, another event's ticket and an add-on holder", async () => {
      const event = await published();
      const a = await insertTicket(t.db, event, { title: "A", price: 0 });
      const addon = await insertTicket(t.db, event, { title: "Vestiaire", price: 0, ticketType: "addon" });
      const deleted = await insertTicket(t.db, event, { title: "Ancien", price: 0, visibility: "deleted" });
      const elsewhere = await insertTicket(t.db, await published(), { title: "Ailleurs", price: 0 });
      const { holders } = await sell(event, [
        { ticket_id: a.id, quantity: 1 },
        { ticket_id: addon.id, quantity: 1 },
      ]);
      const holder = holders.find((row) => row.ticketType === "ticket")!;
      const addonHolder = holders.find((row) => row.ticketType === "addon")!;
      const before = await snapshot(event.id);
      const refused = async (participantId: number, ticketId: number) =>
        (await failure(changeParticipantTicket(t.db, owner, { participantId, ticketId }))).messageKey;
      expect(await refused(holder.id, a.id)).toBe("participants:errors.ticket-same");
      expect(await refused(holder.id, addon.id)).toBe("participants:errors.ticket-unknown");
      expect(await refused(holder.id, deleted.id)).toBe("participants:errors.ticket-unknown");
      expect(await refused(holder.id, elsewhere.id)).toBe("participants:errors.ticket-unknown");
      expect(await refused(addonHolder.id, a.id)).toBe("participants:errors.ticket-addon");
      expect(await snapshot(event.id)).toEqual(before);
    });

    // A validator may not even view the event area (domain/policy.ts): the refusal is the event's 404, as for its pages.
    it("answers 404 for another organization's participant and refuses a validator", async () => {
      const event = await published();
      const a = await insertTicket(t.db, event, { title: "A", price: 0 });
      const b = await insertTicket(t.db, event, { title: "B", price: 0 });
      const { holders } = await sell(event, [{ ticket_id: a.id, quantity: 1 }]);
      await insertEventAccess(t.db, event, validatorUser, ["validator"]);
      const validator = actorOf(validatorUser, organizationId, "");
      const before = await snapshot(event.id);
      const input = { participantId: holders[0]!.id, ticketId: b.id };
      expect(await failure(changeParticipantTicket(t.db, foreignOwner, input))).toMatchObject({
        code: "not_found",
        messageKey: "participants:errors.not-found",
      });
      expect(await failure(changeParticipantTicket(t.db, validator, input))).toMatchObject({
        code: "not_found",
        messageKey: "events:errors.not-found",
      });
      expect(await snapshot(event.id)).toEqual(before);
    });

    it(`lets exactly one of ${options.parallel} simultaneous moves take a target's last place`, async () => {
      const event = await published();
      const a = await insertTicket(t.db, event, { title: "A", price: 0, maxPerOrder: options.parallel });
      const last = await insertTicket(t.db, event, { title: "Dernière place", price: 0, amount: 3, purchased: 2 });
      const { orderId, holders } = await sell(event, [{ ticket_id: a.id, quantity: options.parallel }]);
      const results = await Promise.allSettled(
        holders.map((holder) =>
          changeParticipantTicket(t.db, owner, { participantId: holder.id, ticketId: last.id, now: NOW }),
        ),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const reasons = results
        .filter((result): result is PromiseRejectedResult => result.status === "rejected")
        .map((result) => (result.reason as { messageKey: string }).messageKey);
      expect(new Set(reasons)).toEqual(new Set(["participants:errors.ticket-sold-out"]));
      expect([await purchased(a), await purchased(last)]).toEqual([options.parallel - 1, 3]);
      const onLast = await t.db
        .select({ id: schema.participants.id })
        .from(schema.participants)
        .where(and(eq(schema.participants.eventId, event.id), eq(schema.participants.ticketId, last.id)));
      expect(onLast).toHaveLength(1);
      expect((await linesOf(orderId)).map((line) => [line.ticketId, line.quantity])).toEqual([
        [a.id, options.parallel - 1],
        [last.id, 1],
      ]);
    });

    it(`moves one holder once when ${options.parallel} moves of it race`, async () => {
      const event = await published();
      const a = await insertTicket(t.db, event, { title: "A", price: 0 });
      const targets = await Promise.all(
        [1, 2].map((n) => insertTicket(t.db, event, { title: `Cible ${n}`, price: 0, sort: n })),
      );
      const { holders } = await sell(event, [{ ticket_id: a.id, quantity: 1 }]);
      const results = await Promise.allSettled(
        Array.from({ length: options.parallel }, (_, i) =>
          changeParticipantTicket(t.db, owner, { participantId: holders[0]!.id, ticketId: targets[i % 2]!.id }),
        ),
      );
      const moved = results.filter((result) => result.status === "fulfilled");
      expect(moved).toHaveLength(1);
      const rejected = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
      expect(
        rejected.every((result) =>
          ["participants:errors.ticket-changed-meanwhile", "participants:errors.ticket-same"].includes(
            (result.reason as { messageKey: string }).messageKey,
          ),
        ),
      ).toBe(true);
      const counts = [await purchased(a), await purchased(targets[0]!), await purchased(targets[1]!)];
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(counts[0]).toBe(0);
    });
  });
}
