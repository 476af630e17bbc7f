import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entries, participationForms } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { createEventsWorld, createOrder, createTicket } from "../../tests/support/event-fixtures";
import { getEvent } from "./get-event";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;
const now = new Date("2026-05-01T12:00:00Z");

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
  const db = test.db;
  const { event } = world;
  const standard = await createTicket(db, event, { title: "Standard", sort: 2, amount: 10, purchased: 10 });
  const early = await createTicket(db, event, {
    title: "Early",
    sort: 1,
    price: 1500,
    purchased: 3,
    sellEndAt: new Date("2026-04-01T00:00:00Z"),
  });
  await createTicket(db, event, { title: "Supprimé", visibility: "deleted", purchased: 2 });
  const cloakroom = await createTicket(db, event, {
    title: "Vestiaire",
    ticketType: "addon",
    price: 300,
    visibility: "hidden",
  });
  await db.insert(participationForms).values({
    organizationId: event.organizationId,
    eventId: event.id,
    formType: "before",
    title: "Commande",
    questions: "[]",
  });
  const paid = await createOrder(db, event, {
    status: "paid",
    places: [
      { ticket: standard, count: 2 },
      { ticket: cloakroom, count: 1 },
    ],
  });
  await createOrder(db, event, {
    status: "pending",
    places: [{ ticket: early, count: 1 }],
    createdAt: new Date("2026-04-30T10:00:00Z"),
  });
  await createOrder(db, event, { status: "cancelled", places: [{ ticket: early, count: 4 }] });
  await db.insert(entries).values({
    organizationId: event.organizationId,
    eventId: event.id,
    participantId: paid.participants[0]!.id,
    ticketId: standard.id,
    isIn: true,
    validatedAt: now,
  });
});
afterAll(() => test?.close());

describe("getEvent", () => {
  it("returns the event with its tickets (not deleted) in order, add-ons, forms and counts", async () => {
    const detail = await getEvent(test.db, world.actors.owner, { eventId: world.event.id, now });
    expect(detail.event).toMatchObject({ id: world.event.id, title: world.event.title });
    expect(detail.tickets.map((t) => t.title)).toEqual(["Early", "Standard"]);
    expect(detail.addons.map((t) => t.title)).toEqual(["Vestiaire"]);
    expect(detail.tickets.map((t) => [t.derived.status, t.derived.explanation, t.derived.color])).toEqual([
      ["not_on_sale", "sales_have_ended", "red"],
      ["sold_out", null, "gray"],
    ]);
    expect(detail.addons[0]!.derived).toEqual({ status: "hidden", explanation: null, color: "red" });
    expect(detail.tickets.map((t) => t.remaining)).toEqual([null, 0]);
    expect(detail.participationForms.map((f) => f.formType)).toEqual(["before"]);
    // 2 + 1 ticket holders in the paid and pending orders; the add-on and the cancelled order do not count.
    expect(detail.counts).toEqual({ participants: 3, orders: 2, entries: 1, ticketsPurchased: 15 });
    expect(detail.permissions).toEqual({
      canUpdate: true,
      canPublish: true,
      canDelete: true,
      canManageTeam: true,
      canManageSales: true,
    });
    expect(detail.participants).toBeUndefined();
    expect(detail.payments).toBeUndefined();
  });

  it("includes the first participants and payments when asked, with the payment status", async () => {
    const detail = await getEvent(test.db, world.actors.owner, {
      eventId: world.event.id,
      include: { participants: 2, payments: 100 },
      now,
    });
    expect(detail.participants).toHaveLength(2);
    expect(detail.participants!.map((p) => p.ticketTitle)).toEqual(["Standard", "Standard"]);
    expect(detail.payments!.map((p) => p.status)).toEqual(["paid", "pending", "cancelled"]);
    expect(detail.payments![0]).toMatchObject({ amount: 4300, fees: 0, netAmount: 4300 });
  });

  it("lets a guest with an event_manager access view it, without delete or team rights", async () => {
    const detail = await getEvent(test.db, world.actors.guestManager, { eventId: world.event.id, now });
    expect(detail.eventRoles).toEqual(["event_manager"]);
    expect(detail.permissions).toEqual({
      canUpdate: true,
      canPublish: true,
      canDelete: false,
      canManageTeam: false,
      canManageSales: true,
    });
  });

  it("answers not_found to guests without a viewing access, to other organizations and to unknown ids", async () => {
    for (const actor of [world.actors.guestValidator, world.actors.guestNone, world.actors.foreignOwner]) {
      await expect(getEvent(test.db, actor, { eventId: world.event.id })).rejects.toMatchObject({
        code: "not_found",
        messageKey: "events:errors.not-found",
      });
    }
    await expect(getEvent(test.db, world.actors.owner, { eventId: world.foreignEvent.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getEvent(test.db, world.actors.owner, { eventId: 999_999 })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getEvent(test.db, world.actors.owner, { eventId: -1 })).rejects.toMatchObject({ code: "not_found" });
  });
});
