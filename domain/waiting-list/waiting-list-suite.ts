import { asc, eq, sql } from "drizzle-orm";
import * as v from "valibot";
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
  type Ticket,
} from "../../tests/support/fixtures";
import { insertWaitingLine, insertWaitingListEntry } from "../../tests/support/waiting-list-entries";
import { cancelOrder } from "../booking/cancel-order";
import { confirmOrder } from "../booking/confirm-order";
import { freePlacesSql } from "../booking/free-places-sql";
import { heldOfTicketSql } from "../booking/held-places";
import type { PlaceOrderBody } from "../booking/order-input-schema";
import { placeOrder, type PlaceOrderDeps } from "../booking/place-order";
import { stockAllows } from "../booking/stock-sql";
import { deleteParticipant } from "../participants/delete-participant";
import { refundOrder } from "../payments/refund-order";
import { refundOrderPart } from "../refunds/refund-order-part";
import type { Actor } from "../shared/actor";
import type { Job } from "../shared/jobs";
import { webhookEnvelopeSchema } from "../webhooks/webhook-payloads";
import { offerWaitingListEntry } from "./offer-waiting-list-entry";
import { sendWaitingListOfferEmail } from "./send-waiting-list-offer-email";
import { recordingSender } from "../../tests/support/recording-sender";
import { offerFreedPlaces, offerWaitingListPlaces, sweepWaitingLists } from "./offer-waiting-list-places";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const HOUR = 3_600_000;
const ENV: PlaceOrderDeps["env"] = { ENVIRONMENT: "test", SESSION_SECRET: "waiting-list-suite-secret-0123456789ab" };
const FUTURE = new Date(NOW + 30 * 86_400_000);

let buyers = 0;
function body(items: PlaceOrderBody["items"], extra: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  buyers += 1;
  return {
    items,
    buyer: { first_name: "Léon", last_name: "Garnier", email: `wl-buyer${buyers}@exemple.test` },
    answers: {},
    locale: "fr",
    ...extra,
  };
}

/** A queue that keeps what it is given: the jobs the offers hand over. */
function jobsQueue() {
  const sent: Job[] = [];
  return {
    sent,
    JOBS: {
      async sendBatch(messages: Iterable<{ body: Job }>) {
        for (const message of messages) sent.push(message.body);
      },
    },
  };
}

/**
 * The waiting list's core (issue 28 §3, docs/decisions/0059-waiting-list.md) on a database from `open`: libSQL in
 * waiting-list-offers.test.ts, D1 in waiting-list.worker-test.ts. `concurrency` sizes the race of the last test.
 */
export function defineWaitingListSuite(
  name: string,
  open: () => Promise<{ db: Database; close?: () => void }>,
  concurrency: { line: number; bookings: number; refunds: number },
) {
  describe(`waiting list (${name})`, () => {
    let t: { db: Database; close?: () => void };
    let organizationId: number;
    let owner: Actor;
    let provider: PaymentProvider;

    beforeAll(async () => {
      t = await open();
      organizationId = (await insertOrganization(t.db)).id;
      const user = await insertUser(t.db);
      await insertMember(t.db, organizationId, user.id, "owner");
      owner = actorOf(user, organizationId, "owner");
      provider = paymentProviderFromEnv({ ENVIRONMENT: "test" }, t.db);
    });
    afterAll(() => t.close?.());

    async function published(values: Partial<typeof schema.events.$inferInsert> = {}) {
      return insertEvent(t.db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE, ...values });
    }

    const entries = async (ticketId: number) =>
      t.db
        .select()
        .from(schema.waitingListEntries)
        .where(eq(schema.waitingListEntries.ticketId, ticketId))
        .orderBy(asc(schema.waitingListEntries.id));
    const states = async (ticketId: number) =>
      (await entries(ticketId)).map((e) => [e.status, e.offeredQuantity] as const);

    const freeOf = async (ticket: Ticket, at = NOW) => {
      const [row] = await t.db.all<{ free: number }>(
        sql`select ${freePlacesSql({ ticketId: ticket.id, eventId: ticket.eventId }, at)} as free`,
      );
      return Number(row!.free);
    };
    const taken = async (ticketId: number, at = NOW) => {
      const [row] = await t.db.all<{ taken: number; amount: number }>(
        sql`select purchased + ${heldOfTicketSql(ticketId, at)} as taken, amount from tickets where id = ${ticketId}`,
      );
      return { taken: Number(row!.taken), amount: Number(row!.amount) };
    };

    it("offers min(places wanted, places free) in line order, and the offers hold their places", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1500, amount: 10, purchased: 8, waitingList: true });
      const [a, b, c] = [
        await insertWaitingListEntry(t.db, ticket, { quantity: 3 }),
        await insertWaitingListEntry(t.db, ticket, { quantity: 1 }),
        await insertWaitingListEntry(t.db, ticket, { quantity: 2 }),
      ];
      expect(await freeOf(ticket)).toBe(2);
      const made = await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW });
      expect(made).toEqual([
        {
          entryId: a!.id,
          ticketId: ticket.id,
          eventId: event.id,
          offeredQuantity: 2,
          offerExpiresAt: new Date(NOW + 24 * HOUR),
          offerCount: 1,
        },
      ]);
      expect(await states(ticket.id)).toEqual([
        ["offered", 2],
        ["waiting", 0],
        ["waiting", 0],
      ]);
      // The offer takes its places like a hold: nothing is free, the stock SQL refuses even one more unit.
      expect(await freeOf(ticket)).toBe(0);
      const [allows] = await t.db.all<{ ok: number }>(
        sql`select ${stockAllows({ ticketId: ticket.id, eventId: event.id }, 1, NOW)} as ok`,
      );
      expect(Number(allows!.ok)).toBe(0);
      expect(await taken(ticket.id)).toEqual({ taken: 10, amount: 10 });
      // Running again offers nothing more.
      expect(await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW })).toEqual([]);

      // One place comes back: the next in line (b, one place) gets it; c still waits.
      await t.db.update(schema.tickets).set({ purchased: 7 }).where(eq(schema.tickets.id, ticket.id));
      const next = await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW + 1000 });
      expect(next.map((o) => [o.entryId, o.offeredQuantity])).toEqual([[b!.id, 1]]);
      expect((await entries(ticket.id)).map((e) => [e.id, e.status])).toEqual([
        [a!.id, "offered"],
        [b!.id, "offered"],
        [c!.id, "waiting"],
      ]);
    });

    it("counts the event capacity as well as the ticket's stock, and -1 as unlimited", async () => {
      const event = await published({ eventCapacity: 12, waitingListHoldHours: 6 });
      const other = await insertTicket(t.db, event, { price: 1000, amount: -1, purchased: 9 });
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: -1, purchased: 1, waitingList: true });
      // An add-on does not count against the capacity.
      await insertTicket(t.db, event, { price: 300, ticketType: "addon", purchased: 40 });
      await insertWaitingListEntry(t.db, ticket, { quantity: 4 });
      await insertWaitingListEntry(t.db, ticket, { quantity: 4 });
      expect(await freeOf(ticket)).toBe(2);
      expect(await freeOf(other)).toBe(2);
      const made = await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW });
      expect(made.map((o) => [o.offeredQuantity, o.offerExpiresAt.getTime()])).toEqual([[2, NOW + 6 * HOUR]]);
      // The offer holds capacity: the other ticket has nothing left either.
      expect(await freeOf(other)).toBe(0);
      // freePlacesSql and stockAllows agree: q fits exactly when q <= free.
      await t.db.update(schema.events).set({ eventCapacity: 15 }).where(eq(schema.events.id, event.id));
      for (const quantity of [1, 2, 3, 4]) {
        const [row] = await t.db.all<{ ok: number }>(
          sql`select ${stockAllows({ ticketId: other.id, eventId: event.id }, quantity, NOW)} as ok`,
        );
        expect(Number(row!.ok) === 1, `quantity ${quantity}`).toBe(quantity <= (await freeOf(other)));
      }
      expect(await freeOf(other)).toBe(3);
    });

    it("moves an expired offer on to the next person, and a run after the deadline frees its places", async () => {
      const event = await published({ waitingListHoldHours: 2 });
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: 5, purchased: 4, waitingList: true });
      const line = await insertWaitingLine(t.db, ticket, 3);
      await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW });
      expect((await entries(ticket.id)).map((e) => e.status)).toEqual(["offered", "waiting", "waiting"]);
      // Just before the deadline the offer still holds; at the deadline it no longer does.
      expect(await freeOf(ticket, NOW + 2 * HOUR - 1)).toBe(0);
      expect(await freeOf(ticket, NOW + 2 * HOUR)).toBe(1);
      const later = await offerWaitingListPlaces(t.db, {
        ticketId: ticket.id,
        eventId: event.id,
        now: NOW + 2 * HOUR,
      });
      expect(later.map((o) => [o.entryId, o.offerExpiresAt.getTime()])).toEqual([[line[1]!.id, NOW + 4 * HOUR]]);
      expect((await entries(ticket.id)).map((e) => e.status)).toEqual(["expired", "offered", "waiting"]);
    });

    it("refuses a booking past the people waiting (as sold out), and sells again once the list is off", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 0, amount: 5, purchased: 4, waitingList: true });
      await insertWaitingListEntry(t.db, ticket);
      // A place is free, but someone is waiting for it.
      expect(await freeOf(ticket)).toBe(1);
      const refused = await failure(
        placeOrder(
          t.db,
          { env: ENV, now: NOW },
          { eventId: event.id, body: body([{ ticket_id: ticket.id, quantity: 1 }]) },
        ),
      );
      expect(refused).toMatchObject({
        code: "conflict",
        messageKey: "booking:errors.sold-out",
        details: { ticketId: ticket.id },
      });
      await t.db.update(schema.tickets).set({ waitingList: false }).where(eq(schema.tickets.id, ticket.id));
      const placed = await placeOrder(
        t.db,
        { env: ENV, now: NOW },
        { eventId: event.id, body: body([{ ticket_id: ticket.id, quantity: 1 }]) },
      );
      expect(placed.status).toBe("paid");
    });

    it("books an offer through the ordinary booking, and refuses an expired, used or foreign token", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 2000, amount: 4, purchased: 2, waitingList: true });
      const [first, second, third] = await insertWaitingLine(t.db, ticket, 3, { quantity: 2 });
      await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW });
      const items = (quantity: number) => [{ ticket_id: ticket.id, quantity }];
      const book = (token: string, quantity: number, at = NOW) =>
        placeOrder(
          t.db,
          { env: ENV, now: at },
          {
            eventId: event.id,
            body: body(items(quantity), { waiting_list_offer: token }),
          },
        );

      expect(await failure(book(first!.accessToken, 3))).toMatchObject({
        code: "validation",
        messageKey: "booking:errors.offer-quantity",
      });
      // Another person's place is not theirs: second still waits.
      expect(await failure(book(second!.accessToken, 1))).toMatchObject({ messageKey: "booking:errors.offer-invalid" });
      const otherEvent = await published();
      const otherTicket = await insertTicket(t.db, otherEvent, { price: 0, amount: 3 });
      expect(
        await failure(
          placeOrder(
            t.db,
            { env: ENV, now: NOW },
            {
              eventId: otherEvent.id,
              body: body([{ ticket_id: otherTicket.id, quantity: 1 }], { waiting_list_offer: first!.accessToken }),
            },
          ),
        ),
      ).toMatchObject({
        messageKey: "booking:errors.offer-invalid",
        fields: { waiting_list_offer: expect.any(String) },
      });

      const placed = await book(first!.accessToken, 2);
      expect(placed.status).toBe("pending");
      const [booked] = (await entries(ticket.id)).filter((e) => e.id === first!.id);
      expect(booked).toMatchObject({ status: "booked", orderId: placed.id });
      // The order's hold replaced the offer's: still 4 of 4 taken, and the line still refuses other buyers.
      expect(await taken(ticket.id)).toEqual({ taken: 4, amount: 4 });
      expect(await failure(book(first!.accessToken, 1))).toMatchObject({
        code: "conflict",
        messageKey: "booking:errors.offer-used",
      });

      // Paid, then refunded: the two places go to the next person, whose offer runs out unused.
      await confirmOrder(t.db, { orderId: placed.id, paidAt: NOW, paymentIntentId: `pi_demo_${placed.id}`, now: NOW });
      const jobs = jobsQueue();
      await refundOrder(t.db, { provider, jobs, now: NOW + 1000 }, owner, { orderId: placed.id });
      expect((await entries(ticket.id)).map((e) => [e.status, e.offeredQuantity])).toEqual([
        ["booked", 2],
        ["offered", 2],
        ["waiting", 0],
      ]);
      expect(jobs.sent.filter((job) => job.type === "send-waiting-list-offer")).toEqual([
        { type: "send-waiting-list-offer", entryId: second!.id, offerCount: 1 },
      ]);
      const late = NOW + 1000 + 24 * HOUR;
      expect(await failure(book(second!.accessToken, 2, late))).toMatchObject({
        code: "conflict",
        messageKey: "booking:errors.offer-expired",
      });
      // The minute cron's sweep (it visits every open line of the database, this one among them).
      const swept = jobsQueue();
      expect((await sweepWaitingLists(t.db, swept, late)).offers).toBeGreaterThanOrEqual(1);
      expect(swept.sent).toContainEqual({ type: "send-waiting-list-offer", entryId: third!.id, offerCount: 1 });
      expect(swept.sent).not.toContainEqual(expect.objectContaining({ entryId: second!.id }));
      expect((await entries(ticket.id)).map((e) => e.status)).toEqual(["booked", "expired", "offered"]);
      expect(await failure(book(second!.accessToken, 2, late))).toMatchObject({
        messageKey: "booking:errors.offer-expired",
      });
      expect((await book(third!.accessToken, 1, late)).status).toBe("pending");
    });

    it("queues again the email of an offer whose hand-off was lost, and sends each offer's email once", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1500, amount: 1, purchased: 0, waitingList: true });
      const entry = await insertWaitingListEntry(t.db, ticket, { quantity: 1, email: "wl-lost-hand-off@exemple.test" });
      // The offer is made, its job never reaches the queue (offerWaitingListPlaces alone hands nothing over).
      const [made] = await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW });
      expect(made).toMatchObject({ entryId: entry!.id, offerCount: 1 });
      const job = { type: "send-waiting-list-offer", entryId: entry!.id, offerCount: 1 };

      // Within the first two minutes the job may still be on its way: the sweep leaves it alone.
      const early = jobsQueue();
      await sweepWaitingLists(t.db, early, NOW + 60_000);
      expect(early.sent).not.toContainEqual(job);
      const later = jobsQueue();
      await sweepWaitingLists(t.db, later, NOW + 3 * 60_000);
      expect(later.sent).toContainEqual(job);

      // Sent once; a second job for the same offer (the sweep's, arriving after the first) sends nothing more.
      const sender = recordingSender();
      const deps = { env: { ...ENV, APP_URL: "https://guichet.example" }, sender };
      expect(await sendWaitingListOfferEmail(t.db, deps, job)).toBe("sent");
      expect(await sendWaitingListOfferEmail(t.db, deps, job)).toBe("sent");
      expect(sender.sent.map((message) => message.to)).toEqual(["wl-lost-hand-off@exemple.test"]);
      const after = jobsQueue();
      await sweepWaitingLists(t.db, after, NOW + 4 * 60_000);
      expect(after.sent).not.toContainEqual(job);
    });

    it("lets the organizer offer a chosen entry out of line order, and says when no place is free", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: 3, purchased: 3, waitingList: true });
      const line = await insertWaitingLine(t.db, ticket, 3);
      const jobs = jobsQueue();
      expect(
        await failure(
          offerWaitingListEntry(t.db, { jobs, now: NOW }, owner, { eventId: event.id, entryId: line[2]!.id }),
        ),
      ).toMatchObject({ code: "conflict", messageKey: "booking:errors.waiting-list-no-place" });
      await t.db.update(schema.tickets).set({ amount: 4 }).where(eq(schema.tickets.id, ticket.id));
      const made = await offerWaitingListEntry(t.db, { jobs, now: NOW }, owner, {
        eventId: event.id,
        entryId: line[2]!.id,
      });
      expect(made).toMatchObject({ entryId: line[2]!.id, offeredQuantity: 1, offerCount: 1 });
      expect((await entries(ticket.id)).map((e) => e.status)).toEqual(["waiting", "waiting", "offered"]);
      expect(jobs.sent).toEqual([{ type: "send-waiting-list-offer", entryId: line[2]!.id, offerCount: 1 }]);
      // An offered entry is not offered twice.
      expect(
        await failure(
          offerWaitingListEntry(t.db, { jobs, now: NOW }, owner, { eventId: event.id, entryId: line[2]!.id }),
        ),
      ).toMatchObject({ code: "conflict", messageKey: "booking:errors.waiting-list-not-offerable" });
      // After its expiry the organizer may offer it again (a second offer).
      await t.db.update(schema.tickets).set({ amount: 4 }).where(eq(schema.tickets.id, ticket.id));
      const again = await offerWaitingListEntry(t.db, { jobs, now: NOW + 25 * HOUR }, owner, {
        eventId: event.id,
        entryId: line[2]!.id,
      });
      expect(again).toMatchObject({ offerCount: 2, offerExpiresAt: new Date(NOW + 49 * HOUR) });

      const stranger = await insertUser(t.db);
      const other = await insertOrganization(t.db);
      await insertMember(t.db, other.id, stranger.id, "owner");
      expect(
        await failure(
          offerWaitingListEntry(t.db, { jobs, now: NOW }, actorOf(stranger, other.id, "owner"), {
            eventId: event.id,
            entryId: line[0]!.id,
          }),
        ),
      ).toMatchObject({ code: "not_found" });
      const guest = await insertUser(t.db);
      await insertMember(t.db, organizationId, guest.id, "");
      expect(
        await failure(
          offerWaitingListEntry(t.db, { jobs, now: NOW }, actorOf(guest, organizationId, ""), {
            eventId: event.id,
            entryId: line[0]!.id,
          }),
        ),
      ).toMatchObject({ code: "not_found" });
    });

    it("reports each offer to the webhooks in the batch that makes it, in the documented shape", async () => {
      const org = await insertOrganization(t.db);
      const [endpoint] = await t.db
        .insert(schema.webhookEndpoints)
        .values({ organizationId: org.id, url: "https://hooks.example.org/wl", secret: "whsec_c2VjcmV0" })
        .returning();
      const event = await insertEvent(t.db, org.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: 2, purchased: 1, waitingList: true });
      const entry = await insertWaitingListEntry(t.db, ticket, { firstName: "Inès", lastName: "Moreau", quantity: 2 });
      await insertWaitingListEntry(t.db, ticket);
      await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW });
      const deliveries = await t.db
        .select()
        .from(schema.webhookDeliveries)
        .where(eq(schema.webhookDeliveries.endpointId, endpoint!.id));
      expect(deliveries).toHaveLength(1);
      const payload = v.parse(webhookEnvelopeSchema("waiting_list.offered"), JSON.parse(deliveries[0]!.payload));
      expect(payload.data).toMatchObject({
        id: entry.id,
        ticket: ticket.id,
        full_name: "Inès Moreau",
        quantity: 2,
        offered_quantity: 1,
        status: "offered",
        offer_count: 1,
        offered_at: new Date(NOW).toISOString(),
        offer_expires_at: new Date(NOW + 24 * HOUR).toISOString(),
      });
      expect(JSON.stringify(payload)).not.toContain(entry.accessToken);
    });

    it("offers the places an organizer's cancellation gives back, and none without a queue", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: 1 });
      const placed = await placeOrder(
        t.db,
        { env: ENV, now: NOW },
        {
          eventId: event.id,
          body: body([{ ticket_id: ticket.id, quantity: 1 }]),
        },
      );
      await t.db.update(schema.tickets).set({ waitingList: true }).where(eq(schema.tickets.id, ticket.id));
      const entry = await insertWaitingListEntry(t.db, ticket);
      expect(await offerFreedPlaces(t.db, undefined, { eventId: event.id }, NOW)).toEqual([]);
      const jobs = jobsQueue();
      await cancelOrder(t.db, owner, { orderId: placed.id, now: NOW, jobs });
      expect((await entries(ticket.id)).map((e) => e.status)).toEqual(["offered"]);
      expect(jobs.sent).toEqual([{ type: "send-waiting-list-offer", entryId: entry.id, offerCount: 1 }]);
    });

    it("offers the places a partial refund or a deleted participant gives back", async () => {
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: 3, maxPerOrder: 3 });
      const free = await insertTicket(t.db, event, { price: 0, amount: 1 });
      const placed = await placeOrder(
        t.db,
        { env: ENV, now: NOW },
        {
          eventId: event.id,
          body: body([{ ticket_id: ticket.id, quantity: 3 }]),
        },
      );
      await confirmOrder(t.db, { orderId: placed.id, paidAt: NOW, paymentIntentId: `pi_demo_${placed.id}`, now: NOW });
      const gift = await placeOrder(
        t.db,
        { env: ENV, now: NOW },
        {
          eventId: event.id,
          body: body([{ ticket_id: free.id, quantity: 1 }]),
        },
      );
      await t.db
        .update(schema.tickets)
        .set({ waitingList: true })
        .where(sql`${schema.tickets.id} in (${ticket.id}, ${free.id})`);
      const [first, second] = await insertWaitingLine(t.db, ticket, 2);
      const waitingForFree = await insertWaitingListEntry(t.db, free);
      const holders = await t.db
        .select()
        .from(schema.participants)
        .where(eq(schema.participants.orderId, placed.id))
        .orderBy(asc(schema.participants.id));
      const jobs = jobsQueue();
      await refundOrderPart(t.db, { provider, jobs, now: NOW }, owner, {
        orderId: placed.id,
        idempotencyKey: `wl-partial-${placed.id}`,
        request: { kind: "units", participantIds: [holders[0]!.id], withFees: true },
      });
      expect((await entries(ticket.id)).map((e) => [e.id, e.status])).toEqual([
        [first!.id, "offered"],
        [second!.id, "waiting"],
      ]);
      const [giftHolder] = await t.db
        .select()
        .from(schema.participants)
        .where(eq(schema.participants.orderId, gift.id));
      const { eventId } = await deleteParticipant(t.db, owner, { participantId: giftHolder!.id });
      await offerFreedPlaces(t.db, jobs, { eventId }, NOW);
      expect((await entries(free.id)).map((e) => [e.id, e.status])).toEqual([[waitingForFree.id, "offered"]]);
      expect(jobs.sent.filter((job) => job.type === "send-waiting-list-offer")).toEqual([
        { type: "send-waiting-list-offer", entryId: first!.id, offerCount: 1 },
        { type: "send-waiting-list-offer", entryId: waitingForFree.id, offerCount: 1 },
      ]);
    });

    it(`never oversells nor offers a place twice: ${concurrency.bookings} bookings, ${concurrency.refunds} refunds and offer runs against a line of ${concurrency.line}`, async () => {
      const stock = concurrency.refunds;
      const event = await published();
      const ticket = await insertTicket(t.db, event, { price: 1000, amount: stock, maxPerOrder: 5 });
      // The ticket sells out to paid orders while nobody waits.
      const sold: number[] = [];
      for (let start = 0; start < stock; start += 25) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(25, stock - start) }, () =>
            placeOrder(
              t.db,
              { env: ENV, now: NOW },
              {
                eventId: event.id,
                body: body([{ ticket_id: ticket.id, quantity: 1 }]),
              },
            ),
          ),
        );
        await Promise.all(
          batch.map((placed) =>
            confirmOrder(t.db, { orderId: placed.id, paidAt: NOW, paymentIntentId: `pi_demo_${placed.id}`, now: NOW }),
          ),
        );
        sold.push(...batch.map((placed) => placed.id));
      }
      await t.db.update(schema.tickets).set({ waitingList: true }).where(eq(schema.tickets.id, ticket.id));
      // One or two places wanted, in line order.
      const line = await insertWaitingLine(t.db, ticket, concurrency.line);
      await Promise.all(
        line
          .filter((_, i) => i % 3 === 0)
          .map((e) =>
            t.db.update(schema.waitingListEntries).set({ quantity: 2 }).where(eq(schema.waitingListEntries.id, e.id)),
          ),
      );

      const violations: string[] = [];
      const check = async () => {
        const { taken: now, amount } = await taken(ticket.id);
        if (now > amount) violations.push(`taken ${now} > ${amount}`);
      };
      const jobs = jobsQueue();
      const pause = () => new Promise((resolve) => setTimeout(resolve, 0));
      const booked: number[] = [];
      const jumped: unknown[] = [];
      /** A buyer without an offer: refused while people wait. */
      const jumper = async () => {
        try {
          await placeOrder(
            t.db,
            { env: ENV, now: NOW },
            {
              eventId: event.id,
              body: body([{ ticket_id: ticket.id, quantity: 1 }]),
            },
          );
          jumped.push("placed");
        } catch (error) {
          if ((error as { messageKey?: string }).messageKey !== "booking:errors.sold-out") jumped.push(error);
        }
      };
      /** A person with an offer in hand books it (several may race for the same link). */
      const redeemer = async (k: number) => {
        for (let attempt = 0; attempt < 40; attempt++) {
          const offered = await t.db
            .select({
              token: schema.waitingListEntries.accessToken,
              quantity: schema.waitingListEntries.offeredQuantity,
            })
            .from(schema.waitingListEntries)
            .where(
              sql`${schema.waitingListEntries.ticketId} = ${ticket.id} and ${schema.waitingListEntries.status} = 'offered'`,
            )
            .orderBy(asc(schema.waitingListEntries.id));
          const pick = offered[(k + attempt) % Math.max(1, offered.length)];
          if (pick) {
            try {
              const placed = await placeOrder(
                t.db,
                { env: ENV, now: NOW },
                {
                  eventId: event.id,
                  body: body([{ ticket_id: ticket.id, quantity: pick.quantity }], { waiting_list_offer: pick.token }),
                },
              );
              booked.push(placed.id);
              if (k % 2 === 0)
                await confirmOrder(t.db, {
                  orderId: placed.id,
                  paidAt: NOW,
                  paymentIntentId: `pi_demo_${placed.id}`,
                  now: NOW,
                });
              return;
            } catch (error) {
              const key = (error as { messageKey?: string }).messageKey;
              if (key !== "booking:errors.offer-used") throw error;
            }
          }
          await pause();
        }
      };
      const refunder = async (orderId: number) => {
        await refundOrder(t.db, { provider, jobs, now: NOW }, owner, { orderId });
      };
      const runner = async () => {
        await offerWaitingListPlaces(t.db, { ticketId: ticket.id, eventId: event.id, now: NOW });
      };
      const redeemers = concurrency.bookings - 2 * concurrency.refunds;
      const tasks: (() => Promise<void>)[] = [
        ...Array.from({ length: concurrency.bookings - redeemers }, () => jumper),
        ...Array.from({ length: redeemers }, (_, k) => () => redeemer(k)),
        ...sold.map((orderId) => () => refunder(orderId)),
        ...Array.from({ length: 30 }, () => runner),
        ...Array.from({ length: 40 }, () => check),
      ];
      // A fixed shuffle: every kind of task is spread over the whole race.
      let seed = 7;
      for (let i = tasks.length - 1; i > 0; i--) {
        seed = (seed * 48271) % 2147483647;
        const j = seed % (i + 1);
        [tasks[i], tasks[j]] = [tasks[j]!, tasks[i]!];
      }
      await Promise.all(tasks.map((task) => task()));
      await runner();
      await check();

      expect(violations).toEqual([]);
      expect(jumped).toEqual([]);
      const after = await entries(ticket.id);
      // Every place came back and went to the line: held by an offer, an order's hold, or bought.
      expect(await taken(ticket.id)).toEqual({ taken: stock, amount: stock });
      // Offers in line order: whoever left the waiting state is ahead of everyone still waiting.
      const firstWaiting = after.findIndex((e) => e.status === "waiting");
      expect(firstWaiting).toBeGreaterThan(0);
      expect(after.slice(firstWaiting).every((e) => e.status === "waiting")).toBe(true);
      expect(after.slice(0, firstWaiting).every((e) => e.status === "offered" || e.status === "booked")).toBe(true);
      // One offer per person, and each booked offer is one order of at most its places.
      expect(after.every((e) => e.offerCount <= 1)).toBe(true);
      const offeredPlaces = after.reduce((sum, e) => sum + e.offeredQuantity, 0);
      expect(offeredPlaces).toBe(stock);
      const bookedEntries = after.filter((e) => e.status === "booked");
      expect(bookedEntries.map((e) => e.orderId).sort()).toEqual([...booked].sort());
      expect(new Set(bookedEntries.map((e) => e.orderId)).size).toBe(bookedEntries.length);
      const items = await t.db
        .select({ orderId: schema.orderItems.orderId, quantity: schema.orderItems.quantity })
        .from(schema.orderItems)
        .where(eq(schema.orderItems.ticketId, ticket.id));
      const quantityOf = new Map(items.map((item) => [item.orderId, item.quantity]));
      expect(bookedEntries.every((e) => (quantityOf.get(e.orderId!) ?? 0) <= e.offeredQuantity)).toBe(true);
      // Each offer's email was handed over once.
      const emailed = jobs.sent.filter((job) => job.type === "send-waiting-list-offer");
      expect(emailed).toHaveLength(new Set(emailed.map((job) => JSON.stringify(job))).size);
      // Hundreds of batches on a shared 2-core machine: bounded, with room for a slow run.
    }, 120_000);
  });
}
