import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLogs,
  entries,
  eventAccesses,
  events,
  formAnswers,
  images,
  orders,
  participants,
  participationForms,
  promoCodes,
  tickets,
  transactions,
} from "#db/schema";
import type { Database } from "#db/database";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import {
  createEventsWorld,
  createOrder,
  createTestEvent,
  createTicket,
  grantEventAccess,
} from "../../tests/support/event-fixtures";
import { deleteEvent } from "./delete-event";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
});
afterAll(() => test?.close());

async function stillThere(eventId: number) {
  return (await test.db.select({ n: count() }).from(events).where(eq(events.id, eventId)))[0]!.n === 1;
}

async function eventFullOfRecords(paidStatus: "manual" | "paid" = "manual") {
  const db = test.db;
  const event = await createTestEvent(db, world.organization.id, {
    mainPicture: "/images/events/1/banner-00000000-1280.webp",
  });
  const ticket = await createTicket(db, event, { price: 0 });
  const {
    order,
    participants: [participant],
  } = await createOrder(db, event, { status: paidStatus, places: [{ ticket, count: 1 }], amount: 0 });
  await createOrder(db, event, { status: "cancelled", places: [{ ticket, count: 2 }] });
  await db.insert(entries).values({
    organizationId: event.organizationId,
    eventId: event.id,
    participantId: participant!.id,
    ticketId: ticket.id,
    isIn: true,
    validatedAt: new Date(),
  });
  await db.insert(formAnswers).values({
    organizationId: event.organizationId,
    eventId: event.id,
    orderId: order.id,
    formType: "before",
    questionId: "q1",
    value: '"oui"',
  });
  await db.insert(promoCodes).values({ organizationId: event.organizationId, eventId: event.id, code: "GRATUIT" });
  await db
    .insert(participationForms)
    .values({ organizationId: event.organizationId, eventId: event.id, formType: "before" });
  await db.insert(images).values({
    organizationId: event.organizationId,
    keyPrefix: `events/${event.id}/banner-00000000`,
    ownerType: "event",
    ownerId: event.id,
  });
  await grantEventAccess(db, event, world.users.guestManager, ["event_manager"]);
  await db.insert(transactions).values({
    organizationId: event.organizationId,
    eventId: event.id,
    orderId: order.id,
    type: "adjustment",
    amount: 0,
    net: 0,
    occurredAt: new Date(),
  });
  return event;
}

describe("deleteEvent", () => {
  it("removes the banner files from storage once no other event shows them", async () => {
    const event = await eventFullOfRecords();
    const shared = await createTestEvent(test.db, world.organization.id);
    await test.db.update(images).set({ sizes: "[640,1280]" }).where(eq(images.ownerId, event.id));
    // A duplicate shows the same banner version through its own images row: those files must stay.
    const sharedPrefix = `events/${shared.id}/banner-11111111`;
    await test.db.insert(images).values([
      {
        organizationId: event.organizationId,
        keyPrefix: sharedPrefix,
        ownerType: "event",
        ownerId: event.id,
        sizes: "[640]",
      },
    ]);
    await test.db
      .update(events)
      .set({ mainPicture: `/images/${sharedPrefix}-1280.webp` })
      .where(eq(events.id, shared.id));
    const deletedKeys: string[] = [];
    const store = {
      async put() {},
      async delete(keys: string | string[]) {
        deletedKeys.push(...(Array.isArray(keys) ? keys : [keys]));
      },
    };
    await deleteEvent(test.db, world.actors.owner, { eventId: event.id, confirmation: "DELETE" }, { images: store });
    expect(deletedKeys.sort()).toEqual([
      `events/${event.id}/banner-00000000-1280.webp`,
      `events/${event.id}/banner-00000000-640.webp`,
    ]);
  });

  it("looks for other users of the banner in the event's organization only", async () => {
    const event = await eventFullOfRecords();
    await test.db.update(images).set({ sizes: "[1280]" }).where(eq(images.ownerId, event.id));
    // An event of another organization naming the same files does not keep them: banners are not shared across tenants.
    await createTestEvent(test.db, world.foreignOrganization.id, {
      mainPicture: `/images/events/${event.id}/banner-00000000-1280.webp`,
    });
    const deletedKeys: string[] = [];
    const store = {
      async put() {},
      async delete(keys: string | string[]) {
        deletedKeys.push(...(Array.isArray(keys) ? keys : [keys]));
      },
    };
    await deleteEvent(test.db, world.actors.owner, { eventId: event.id, confirmation: "DELETE" }, { images: store });
    expect(deletedKeys).toEqual([`events/${event.id}/banner-00000000-1280.webp`]);
  });

  it("needs DELETE typed exactly, deleting nothing otherwise", async () => {
    const event = await createTestEvent(test.db, world.organization.id);
    for (const confirmation of ["delete", "DELETE ", "", "SUPPRIMER"]) {
      await expect(deleteEvent(test.db, world.actors.owner, { eventId: event.id, confirmation })).rejects.toMatchObject(
        {
          code: "validation",
          messageKey: "events:errors.delete-confirmation",
        },
      );
    }
    expect(await stillThere(event.id)).toBe(true);
  });

  it("deletes the event and every record hanging from it, keeping money records unlinked", async () => {
    const event = await eventFullOfRecords();
    const deleted = await deleteEvent(test.db, world.actors.manager, { eventId: event.id, confirmation: "DELETE" });
    expect(deleted).toEqual({ id: event.id, mainPicture: "/images/events/1/banner-00000000-1280.webp" });
    expect(await stillThere(event.id)).toBe(false);
    for (const table of [
      tickets,
      orders,
      participants,
      entries,
      formAnswers,
      promoCodes,
      participationForms,
      eventAccesses,
    ]) {
      expect((await test.db.select({ n: count() }).from(table).where(eq(table.eventId, event.id)))[0]!.n).toBe(0);
    }
    expect(
      (
        await test.db
          .select({ n: count() })
          .from(images)
          .where(and(eq(images.ownerType, "event"), eq(images.ownerId, event.id)))
      )[0]!.n,
    ).toBe(0);
    const [transaction] = await test.db
      .select()
      .from(transactions)
      .where(eq(transactions.organizationId, event.organizationId));
    expect(transaction).toMatchObject({ eventId: null, orderId: null });
    const [log] = await test.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "event.deleted"), eq(auditLogs.targetId, String(event.id))));
    expect(log).toMatchObject({
      organizationId: event.organizationId,
      userId: world.users.manager.id,
      targetType: "event",
    });
  });

  it("refuses an event with paid orders (archive it instead)", async () => {
    const event = await createTestEvent(test.db, world.organization.id);
    const ticket = await createTicket(test.db, event, { price: 1500 });
    await createOrder(test.db, event, { status: "paid", places: [{ ticket, count: 1 }] });
    await expect(
      deleteEvent(test.db, world.actors.owner, { eventId: event.id, confirmation: "DELETE" }),
    ).rejects.toMatchObject({
      code: "conflict",
      messageKey: "events:errors.has-paid-orders",
    });
    expect(await stillThere(event.id)).toBe(true);

    const refunded = await createTestEvent(test.db, world.organization.id);
    const refundedTicket = await createTicket(test.db, refunded, { price: 1500 });
    await createOrder(test.db, refunded, { status: "refunded", places: [{ ticket: refundedTicket, count: 1 }] });
    await expect(
      deleteEvent(test.db, world.actors.owner, { eventId: refunded.id, confirmation: "DELETE" }),
    ).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("deletes nothing when an order is paid between the check and the deletion, and answers has-paid-orders", async () => {
    const event = await eventFullOfRecords();
    const [order] = await test.db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.status, "manual")));
    // Another request pays the order right before the deletion batch runs (after everything deleteEvent read).
    const payingFirst = new Proxy(test.db, {
      get(target, property) {
        if (property === "batch") {
          return async (items: Parameters<Database["batch"]>[0]) => {
            await target.update(orders).set({ status: "paid", amount: 2500 }).where(eq(orders.id, order!.id));
            return target.batch(items);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(
      deleteEvent(payingFirst, world.actors.owner, { eventId: event.id, confirmation: "DELETE" }),
    ).rejects.toMatchObject({
      code: "conflict",
      messageKey: "events:errors.has-paid-orders",
    });
    expect(await stillThere(event.id)).toBe(true);
    for (const table of [
      tickets,
      orders,
      participants,
      entries,
      formAnswers,
      promoCodes,
      participationForms,
      eventAccesses,
    ]) {
      expect(
        (await test.db.select({ n: count() }).from(table).where(eq(table.eventId, event.id)))[0]!.n,
        table === orders ? "orders" : "",
      ).toBeGreaterThan(0);
    }
    expect((await test.db.select({ n: count() }).from(images).where(eq(images.ownerId, event.id)))[0]!.n).toBe(1);
    const logs = await test.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "event.deleted"), eq(auditLogs.targetId, String(event.id))));
    expect(logs).toEqual([]);
  });

  it("deletes an event whose paid orders are all free", async () => {
    const event = await eventFullOfRecords("paid");
    await deleteEvent(test.db, world.actors.owner, { eventId: event.id, confirmation: "DELETE" });
    expect(await stillThere(event.id)).toBe(false);
  });

  it("is for organization owners, admins and event managers only", async () => {
    await expect(
      deleteEvent(test.db, world.actors.guestManager, { eventId: world.event.id, confirmation: "DELETE" }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    for (const actor of [world.actors.guestValidator, world.actors.guestNone, world.actors.foreignOwner]) {
      await expect(
        deleteEvent(test.db, actor, { eventId: world.event.id, confirmation: "DELETE" }),
      ).rejects.toMatchObject({
        code: "not_found",
      });
    }
    expect(await stillThere(world.event.id)).toBe(true);
  });
});
