import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
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
import { localInventory } from "../../tests/support/local-inventory";
import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { confirmOrder } from "../booking/confirm-order";
import type { PlaceOrderBody } from "../booking/order-input-schema";
import { HOLD_MS, placeOrder, type PlaceOrderDeps } from "../booking/place-order";
import { isAppError } from "../shared/app-error";
import { paymentProviderFromEnv } from "#adapters/payments";
import { bookingCheckout } from "../payments/booking-checkout";
import { bookingRateLimits } from "../booking/booking-rate-limits";
import { changeInventoryMode } from "./change-inventory-mode";
import { reserveOrderIds } from "./reserve-order-ids";
import { writeInventoryOrders } from "./write-inventory-orders";

const ENV: PlaceOrderDeps["env"] = { ENVIRONMENT: "test", SESSION_SECRET: "inventory-suite-secret-0123456789abcdef" };
const FUTURE = new Date(Date.now() + 30 * 86_400_000);

let buyers = 0;
function body(items: PlaceOrderBody["items"], extra: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  buyers += 1;
  return {
    items,
    buyer: { first_name: "Inès", last_name: "Durand", email: `inventory${buyers}@exemple.test` },
    answers: {},
    locale: "fr",
    ...extra,
  };
}

/** Places taken per ticket in D1 as its guards count them: purchased + unexpired holds. */
async function takenInD1(db: Database, ticketId: number, now: number): Promise<number> {
  const [row] = await db.all<{ taken: number }>(
    sql`select (select purchased from tickets where id = ${ticketId}) + coalesce((select sum(quantity) from order_items
      where ticket_id = ${ticketId} and held_until > ${now}), 0) as taken`,
  );
  return Number(row?.taken ?? 0);
}

async function participantsOf(db: Database, ticketId: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`select count(*) as n from participants where ticket_id = ${ticketId}`);
  return Number(row?.n ?? 0);
}

describe("an event's inventory object (decision 0072)", () => {
  let t: { db: Database; close?: () => void };
  let organizationId: number;
  let inventories: ReturnType<typeof localInventory>[] = [];
  let clock = Date.now();

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    organizationId = (await insertOrganization(t.db)).id;
  });
  afterEach(() => {
    for (const inventory of inventories) inventory.close();
    inventories = [];
  });
  afterAll(() => t.close?.());

  function inventory() {
    const made = localInventory(t.db, { env: ENV, now: () => clock });
    inventories.push(made);
    return made;
  }

  async function onSale(values: Partial<typeof schema.events.$inferInsert> = {}) {
    return insertEvent(t.db, organizationId, {
      status: "published",
      startAt: FUTURE,
      endAt: FUTURE,
      inventoryMode: "object",
      ...values,
    });
  }

  function book(made: ReturnType<typeof localInventory>, eventId: number, order: PlaceOrderBody) {
    return placeOrder(t.db, { env: ENV, now: clock, inventory: made.port }, { eventId, body: order });
  }

  it("sells exactly the stock, the capacity and the promo code's uses to 300 parallel buyers; D1 gets every accepted order, once", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale({ eventCapacity: 120 });
    const free = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 100 });
    const paid = await insertTicket(t.db, event, { price: 2500, amount: 60 });
    const [promo] = await t.db
      .insert(schema.promoCodes)
      .values({
        organizationId,
        eventId: event.id,
        code: "RUSH",
        discountType: "percent",
        discountValue: 10000,
        maxUses: 20,
      })
      .returning();

    const results = await Promise.allSettled(
      Array.from({ length: 300 }, (_, index) => {
        const ticket = index % 3 === 0 ? paid : free;
        const extra = index % 5 === 0 && ticket === paid ? { promo_code: "rush" } : {};
        return book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }], extra));
      }),
    );
    const accepted = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
    expect(accepted).toHaveLength(120);
    expect(refused.every((error) => isAppError(error) && error.code === "conflict")).toBe(true);
    expect(accepted.every((order) => order.writtenLater)).toBe(true);
    expect(new Set(accepted.map((order) => order.id)).size).toBe(120);

    // Before the queue runs, D1 knows none of them; its own guards refuse any other taker of this event's places.
    expect(await t.db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id))).toHaveLength(0);
    expect(
      await failure(
        placeOrder(
          t.db,
          { env: ENV, now: clock },
          { eventId: event.id, body: body([{ ticket_id: free.id, quantity: 1 }]) },
        ),
      ),
    ).toMatchObject({ code: "conflict", reason: "sold_out" });

    const written = await made.drain();
    expect(written.written.sort()).toEqual(accepted.map((order) => order.id).sort());
    const rows = await t.db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id));
    expect(rows.map((row) => row.id).sort()).toEqual(accepted.map((order) => order.id).sort());
    for (const order of accepted) {
      const row = rows.find((candidate) => candidate.id === order.id)!;
      expect(row).toMatchObject({
        accessToken: order.accessToken,
        status: order.status === "paid" ? "paid" : "pending",
      });
    }
    const takenFree = await takenInD1(t.db, free.id, clock);
    const takenPaid = await takenInD1(t.db, paid.id, clock);
    expect(takenFree).toBeLessThanOrEqual(100);
    expect(takenPaid).toBeLessThanOrEqual(60);
    expect(takenFree + takenPaid).toBe(120);
    const [promoRow] = await t.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, promo!.id));
    const promoOrders = rows.filter((row) => row.promoCodeId === promo!.id);
    expect(promoOrders.length).toBeLessThanOrEqual(20);
    expect(promoRow!.useCount).toBe(promoOrders.filter((row) => row.status === "paid").length);
    // Free orders (the free ticket, and the paid one at 100 % off) are confirmed: one participant per place.
    const [freeTicket] = await t.db.select().from(schema.tickets).where(eq(schema.tickets.id, free.id));
    expect(await participantsOf(t.db, free.id)).toBe(freeTicket!.purchased);

    // The object, read again from D1, counts what D1 counts.
    await made.port.refresh(event.id);
    const stats = await made.object(event.id).stats(event.id);
    expect(stats.ownOrders).toBe(0);
    expect(stats.taken[free.id]).toBe(takenFree);
    expect(stats.taken[paid.id]).toBe(takenPaid);

    // A redelivered queue (every message again) writes nothing twice.
    const again = await writeInventoryOrders(
      t.db,
      accepted.map((order) => ({
        kind: "place" as const,
        orderId: order.id,
        accessToken: order.accessToken,
        plan: { eventId: event.id, organizationId, lines: [] } as never,
        placedAt: clock,
        payableUntil: null,
        timezone: "Europe/Paris",
      })),
    );
    expect(again.written).toEqual([]);
  });

  it("keeps every place after the object is evicted mid-sale with orders still in its outbox, and after the queue delivers twice", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale();
    const ticket = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 30 });
    const first = await Promise.all(
      Array.from({ length: 20 }, () => book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]))),
    );
    expect(first).toHaveLength(20);
    // Evicted before its alarm: 20 orders only in its storage, none in D1.
    made.restart(event.id);
    const second = await Promise.allSettled(
      Array.from({ length: 25 }, () => book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]))),
    );
    expect(second.filter((result) => result.status === "fulfilled")).toHaveLength(10);

    // The queue delivers, then delivers the same messages again.
    await made.object(event.id).flush();
    const copies = made.queue.map((message) => structuredClone(message));
    await made.drain();
    made.queue.push(...copies);
    await made.drain();
    expect(await participantsOf(t.db, ticket.id)).toBe(30);
    expect(await takenInD1(t.db, ticket.id, clock)).toBe(30);

    // Evicted again after the drain: read from D1, it counts the 30 as D1's and refuses the 31st.
    made.restart(event.id);
    expect(await failure(book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }])))).toMatchObject({
      reason: "sold_out",
      details: { ticketId: ticket.id },
    });
    expect((await made.object(event.id).stats(event.id)).taken[ticket.id]).toBe(30);
  });

  it("holds a paid order's places until D1 shows it paid or expired, and gives expired ones back at the deadline's refresh", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale();
    const ticket = await insertTicket(t.db, event, { price: 1500, amount: 2 });
    const a = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    const b = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    expect([a.status, b.status]).toEqual(["pending", "pending"]);
    expect(a.payableUntil).toBe(clock + HOLD_MS);
    expect(await failure(book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }])))).toMatchObject({
      reason: "sold_out",
    });
    await made.drain();
    // a is paid in time (D1's confirmation); b never is.
    expect(await confirmOrder(t.db, { orderId: a.id, paidAt: clock + 60_000, now: clock + 60_000 })).toMatchObject({
      outcome: "confirmed",
    });
    // Past b's deadline, the refresh it is due sees b expired in D1 and a paid: one place back on sale, not two.
    clock += HOLD_MS + 1000;
    await made.tick();
    const again = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    expect(again.status).toBe("pending");
    expect(await failure(book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }])))).toMatchObject({
      reason: "sold_out",
    });
  });

  it("refuses a late payment in D1 while the object counts the places, so a hold that ran out cannot take them back", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale();
    const ticket = await insertTicket(t.db, event, { price: 1500, amount: 1 });
    const late = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    await made.drain();
    clock += HOLD_MS + 1000;
    await made.tick();
    const other = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    await made.drain();
    expect(await confirmOrder(t.db, { orderId: late.id, paidAt: clock, now: clock })).toMatchObject({
      outcome: "needs_refund",
    });
    expect(await confirmOrder(t.db, { orderId: other.id, paidAt: clock, now: clock })).toMatchObject({
      outcome: "confirmed",
    });
    expect(await takenInD1(t.db, ticket.id, clock)).toBe(1);
  });

  it("gives the places back when the checkout cannot be created, here and in D1", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale();
    const ticket = await insertTicket(t.db, event, { price: 1500, amount: 1 });
    const refused = await failure(
      placeOrder(
        t.db,
        {
          env: ENV,
          now: clock,
          inventory: made.port,
          createCheckout: async () => {
            throw new Error("provider down");
          },
        },
        { eventId: event.id, body: body([{ ticket_id: ticket.id, quantity: 1 }]) },
      ),
    );
    expect(refused).toMatchObject({ reason: "payment_unavailable" });
    const sold = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    await made.drain();
    const rows = await t.db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id));
    expect(rows.map((row) => [row.id === sold.id, row.status]).sort()).toEqual([
      [false, "expired"],
      [true, "pending"],
    ]);
  });

  it("switches an event to its object and back only once D1 holds every order the object took", async () => {
    clock = Date.now();
    const made = inventory();
    const user = await insertUser(t.db);
    await insertMember(t.db, organizationId, user.id, "owner");
    const owner = actorOf(user, organizationId, "owner");
    const event = await onSale({ inventoryMode: "database" });
    const ticket = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 3 });
    const one = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    expect(one.writtenLater).toBeUndefined();

    await changeInventoryMode(t.db, owner, { eventId: event.id, mode: "object" }, { inventory: made.port });
    const two = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    expect(two.writtenLater).toBe(true);
    // The object counts the order D1 had before the switch: one place left, not two.
    await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    expect(await failure(book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }])))).toMatchObject({
      reason: "sold_out",
    });

    // Back to D1 while two orders are on their way: refused, and the object takes no more orders meanwhile.
    expect(
      await failure(
        changeInventoryMode(t.db, owner, { eventId: event.id, mode: "database" }, { inventory: made.port }),
      ),
    ).toMatchObject({ code: "conflict", messageKey: "booking:errors.inventory-still-writing" });
    await made.drain();
    expect(
      await changeInventoryMode(t.db, owner, { eventId: event.id, mode: "database" }, { inventory: made.port }),
    ).toEqual({ mode: "database" });
    // D1 counts again, and knows the three places are gone.
    expect(await failure(book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }])))).toMatchObject({
      reason: "sold_out",
    });
    expect(await takenInD1(t.db, ticket.id, clock)).toBe(3);

    // Another organization's event is not found.
    const foreign = await insertEvent(t.db, (await insertOrganization(t.db)).id, { status: "published" });
    expect(
      await failure(
        changeInventoryMode(t.db, owner, { eventId: foreign.id, mode: "object" }, { inventory: made.port }),
      ),
    ).toMatchObject({ code: "not_found" });
  });

  it("lets the booking page wait until the order is in D1, its checkout session on it", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale();
    const ticket = await insertTicket(t.db, event, { price: 1500, amount: 5 });
    let settled = false;
    const placing = placeOrder(
      t.db,
      {
        env: ENV,
        now: clock,
        inventory: made.port,
        waitUntilWritten: true,
        createCheckout: async (request) => ({
          url: `https://pay.exemple.test/${request.orderId}`,
          sessionId: "cs_test_wait",
        }),
      },
      { eventId: event.id, body: body([{ ticket_id: ticket.id, quantity: 2 }]) },
    ).finally(() => (settled = true));
    // The queue runs while the page waits.
    while (!settled) {
      await made.drain();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const placed = await placing;
    expect(placed.checkoutUrl).toBe(`https://pay.exemple.test/${placed.id}`);
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
    expect(row).toMatchObject({ status: "pending", stripeCheckoutSessionId: "cs_test_wait" });
  });

  it("writes a paid order's checkout session with its order in one delivery, and waits for the order when it comes first", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale();
    const ticket = await insertTicket(t.db, event, { price: 1500, amount: 10 });
    // The provider answers after the object handed the order to the queue (as Stripe does in production): the
    // session reaches the queue in a message of its own.
    const deps: PlaceOrderDeps = {
      env: ENV,
      now: clock,
      inventory: made.port,
      createCheckout: async (request) => {
        await made.object(event.id).flush();
        return { url: `https://pay.exemple.test/${request.orderId}`, sessionId: `cs_test_${request.orderId}` };
      },
    };
    const first = await placeOrder(t.db, deps, {
      eventId: event.id,
      body: body([{ ticket_id: ticket.id, quantity: 1 }]),
    });
    const second = await placeOrder(t.db, deps, {
      eventId: event.id,
      body: body([{ ticket_id: ticket.id, quantity: 1 }]),
    });
    await made.object(event.id).flush();
    const delivered = made.queue.splice(0);
    expect(delivered.map((message) => [message.kind, message.orderId])).toEqual([
      ["place", first.id],
      ["checkout", first.id],
      ["place", second.id],
      ["checkout", second.id],
    ]);
    const sessionIn = async (orderId: number) =>
      (await t.db.select().from(schema.orders).where(eq(schema.orders.id, orderId)))[0]?.stripeCheckoutSessionId;

    // The second order's session before its order: it waits, nothing is written.
    const early = await writeInventoryOrders(t.db, [delivered[3]!]);
    expect(early).toMatchObject({ written: [], waiting: [delivered[3]] });
    expect(await sessionIn(second.id)).toBeUndefined();
    // The first order with its session, and the second order: both written, the first with its session.
    const together = await writeInventoryOrders(t.db, delivered.slice(0, 3));
    expect(together).toMatchObject({ written: [first.id, second.id], waiting: [] });
    expect(await sessionIn(first.id)).toBe(`cs_test_${first.id}`);
    expect(await sessionIn(second.id)).toBeNull();
    // Delivered again, the waiting session finds its order; a redelivery of everything writes nothing twice.
    expect(await writeInventoryOrders(t.db, [delivered[3]!])).toMatchObject({ written: [], waiting: [] });
    expect(await sessionIn(second.id)).toBe(`cs_test_${second.id}`);
    expect(await writeInventoryOrders(t.db, delivered)).toMatchObject({ written: [], waiting: [] });
    const rows = await t.db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id));
    expect(rows).toHaveLength(2);
    // A release whose order D1 does not hold yet waits too.
    const release = { kind: "release" as const, orderId: second.id + 1_000_000, at: clock };
    expect(await writeInventoryOrders(t.db, [release])).toMatchObject({ waiting: [release] });
  });

  it("records each order's order.created webhook as D1's path does: its organization's endpoints, at the time it was placed", async () => {
    const subscribed = await insertOrganization(t.db);
    await t.db.insert(schema.webhookEndpoints).values({
      organizationId: subscribed.id,
      url: "https://hooks.exemple.test/inventory",
      secret: "whsec_aW52ZW50b3J5LXdlYmhvb2stc2VjcmV0",
    });
    const made = inventory();
    const events = [
      await insertEvent(t.db, subscribed.id, {
        status: "published",
        startAt: FUTURE,
        endAt: FUTURE,
        inventoryMode: "object",
      }),
      await onSale(),
    ];
    const placedAt: number[] = [];
    const placed: number[] = [];
    for (const event of events) {
      clock = Date.now() + placed.length * 61_000;
      placedAt.push(clock);
      const ticket = await insertTicket(t.db, event, { price: 1200, amount: 5 });
      placed.push((await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]))).id);
    }
    for (const event of events) await made.object(event.id).flush();
    // Both orders in one delivery: each fills the statement rendered once with its own values.
    const written = await writeInventoryOrders(t.db, made.queue.splice(0));
    expect(written).toMatchObject({ written: placed, webhookDeliveriesRecorded: 1 });
    const deliveries = await t.db
      .select()
      .from(schema.webhookDeliveries)
      .where(sql`json_extract(${schema.webhookDeliveries.payload}, '$.data.id') in (${placed[0]}, ${placed[1]})`);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      organizationId: subscribed.id,
      eventType: "order.created",
      createdAt: new Date(placedAt[0]!),
    });
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({
      type: "order.created",
      timestamp: new Date(placedAt[0]!).toISOString(),
      data: { id: placed[0], event: events[0]!.id, status: "pending" },
    });
  });

  it("creates a paid booking's checkout from the object's copy of the event and payment account, or from D1 when the copy cannot pay", async () => {
    clock = Date.now();
    const made = inventory();
    const stripeEnv = { ENVIRONMENT: "test", STRIPE_SECRET_KEY: "sk_test_inventory_checkout" };
    const sessions: URLSearchParams[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        sessions.push(new URLSearchParams(String(init?.body ?? "")));
        const id = `cs_test_inventory_${sessions.length}`;
        const session = {
          id,
          object: "checkout.session",
          status: "open",
          url: `https://checkout.stripe.com/c/pay/${id}`,
        };
        return new Response(JSON.stringify(session), { status: 200, headers: { "Content-Type": "application/json" } });
      }),
    );
    try {
      const deps: PlaceOrderDeps = {
        env: ENV,
        now: clock,
        inventory: made.port,
        createCheckout: bookingCheckout(t.db, paymentProviderFromEnv(stripeEnv, t.db), {
          appUrl: "https://guichet.test",
        }),
      };
      const account = async (organization: number, values: Partial<typeof schema.organizations.$inferInsert>) =>
        t.db.update(schema.organizations).set(values).where(eq(schema.organizations.id, organization));
      const destination = () => sessions.at(-1)?.get("payment_intent_data[transfer_data][destination]");

      /** A paid ticket on sale through its object, in an organization of its own; books one place. */
      const paidSale = async (organization: number) => {
        const event = await onSale({ organizationId: organization });
        const ticket = await insertTicket(t.db, event, { price: 1500, amount: 10 });
        return () => placeOrder(t.db, deps, { eventId: event.id, body: body([{ ticket_id: ticket.id, quantity: 1 }]) });
      };

      const paying = (await insertOrganization(t.db)).id;
      await account(paying, { connectedAccountId: "acct_inventory", isConnectedAccountValid: true });
      const book = await paidSale(paying);
      expect((await book()).checkoutUrl).toContain("checkout.stripe.com");
      expect(destination()).toBe("acct_inventory");
      // Changed in D1 by another isolate after the object's copy: the copy pays (Stripe refuses an account that can no
      // longer be paid, and the object reads it again within 15 s).
      await account(paying, { isConnectedAccountValid: false });
      expect((await book()).checkoutUrl).toContain("checkout.stripe.com");
      expect(destination()).toBe("acct_inventory");

      // An organization whose copy has no account: D1 decides, so an account connected since takes bookings at once.
      const connecting = (await insertOrganization(t.db)).id;
      const bookLater = await paidSale(connecting);
      expect(await failure(bookLater())).toMatchObject({ reason: "payment_unavailable" });
      await account(connecting, { connectedAccountId: "acct_connected_since", isConnectedAccountValid: true });
      expect((await bookLater()).checkoutUrl).toContain("checkout.stripe.com");
      expect(destination()).toBe("acct_connected_since");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("sends a booking to the object when another isolate switched the event since this one read its mode", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale({ inventoryMode: "database" });
    const ticket = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 5 });
    expect((await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]))).writtenLater).toBeUndefined();
    // Switched elsewhere: this isolate still remembers `database`; D1's guards refuse, and the booking goes on.
    await t.db.update(schema.events).set({ inventoryMode: "object" }).where(eq(schema.events.id, event.id));
    await made.port.open(event.id);
    const placed = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    expect(placed.writtenLater).toBe(true);
  });

  it("takes an order id only for an order it accepts, and asks D1 for more when its block is used up", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale();
    const ticket = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 2 });
    const first = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    // Refused: too many places, then sold out. Neither uses an id.
    expect(await failure(book(made, event.id, body([{ ticket_id: ticket.id, quantity: 2 }])))).toMatchObject({
      reason: "sold_out",
    });
    const second = await book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }]));
    expect(await failure(book(made, event.id, body([{ ticket_id: ticket.id, quantity: 1 }])))).toMatchObject({
      reason: "sold_out",
    });
    expect(second.id).toBe(first.id + 1);

    // The block's last id, then a new block from D1 for the next order.
    const other = await onSale();
    const plenty = await insertTicket(t.db, other, { price: 0, isFree: true, amount: 1_000 });
    const opening = await book(made, other.id, body([{ ticket_id: plenty.id, quantity: 1 }]));
    const ids = [opening.id];
    for (let i = 0; i < 501; i++)
      ids.push((await book(made, other.id, body([{ ticket_id: plenty.id, quantity: 1 }]))).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 500)).toEqual(Array.from({ length: 500 }, (_, i) => opening.id + i));
    expect(ids.at(-1)).toBeGreaterThan(opening.id + 499);
    await made.drain();
    const written = await t.db
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(eq(schema.orders.eventId, other.id));
    expect(written.map((row) => row.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it("counts a buyer's bookings against the same rate limits as D1, refusals included, in a new window from 1", async () => {
    clock = Date.now();
    const made = inventory();
    const event = await onSale();
    const ticket = await insertTicket(t.db, event, { price: 0, isFree: true, amount: 100 });
    const order = body([{ ticket_id: ticket.id, quantity: 1 }]);
    const limits = bookingRateLimits(order.buyer.email, "203.0.113.9");
    const bookAs = (quantity: number) =>
      placeOrder(
        t.db,
        { env: ENV, now: clock, inventory: made.port, rateLimits: limits },
        { eventId: event.id, body: { ...order, items: [{ ticket_id: ticket.id, quantity }] } },
      );
    // 30 a window for one email and IP (rate-limit.ts): 29 orders and one refused for its quantity count as 30.
    for (let i = 0; i < 29; i++) await bookAs(1);
    expect(await failure(bookAs(1_000))).toMatchObject({ code: "validation" });
    expect(await failure(bookAs(1))).toMatchObject({ code: "rate_limited" });
    // Ten minutes later, a new window.
    clock += 10 * 60_000 + 1;
    expect((await bookAs(1)).writtenLater).toBe(true);
  });

  it("sets aside blocks of order ids that nothing else takes", async () => {
    const event = await onSale();
    const one = await reserveOrderIds(t.db, { organizationId, eventId: event.id, count: 50, now: Date.now() });
    const two = await reserveOrderIds(t.db, { organizationId, eventId: event.id, count: 50, now: Date.now() });
    expect(one.last - one.first).toBe(49);
    expect(two.first).toBeGreaterThan(one.last);
    // An ordinary order after them gets an id above both blocks.
    const [row] = await t.db
      .insert(schema.orders)
      .values({ organizationId, eventId: event.id, accessToken: `after-blocks-${event.id}` })
      .returning({ id: schema.orders.id });
    expect(row!.id).toBeGreaterThan(two.last);
  });
});
