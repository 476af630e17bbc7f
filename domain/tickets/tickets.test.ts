import { and, asc, eq } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, tickets } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { createEventsWorld, createTestEvent, createTicket as insertTicket } from "../../tests/support/event-fixtures";
import { failure } from "../../tests/support/failure";
import { createTicket } from "./create-ticket";
import { deleteTicket } from "./delete-ticket";
import { listTickets } from "./list-tickets";
import { reorderTickets } from "./reorder-tickets";
import { eurosToCents, ticketFieldsSchema, ticketFormSchema } from "./ticket-input-schema";
import { updateEventCapacity } from "./update-event-capacity";
import { updateTicket } from "./update-ticket";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;
let event: { id: number; organizationId: number };
const now = new Date("2026-06-10T12:00:00Z");

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
});
afterAll(() => test?.close());
beforeEach(async () => {
  event = await createTestEvent(test.db, world.organization.id, {
    startAt: new Date("2026-06-21T18:00:00Z"),
    endAt: new Date("2026-06-21T23:00:00Z"),
    timezone: "Europe/Paris",
  });
});

const rows = async () =>
  test.db.select().from(tickets).where(eq(tickets.eventId, event.id)).orderBy(asc(tickets.sort), asc(tickets.id));
const parse = (input: unknown) => v.parse(ticketFieldsSchema, input);

describe("ticket input schema", () => {
  it("names each bad field", () => {
    const result = v.safeParse(ticketFieldsSchema, {
      title: " ",
      price: -1,
      amount: 0,
      min_per_order: 3,
      max_per_order: 2,
      sell_start_at: "2026-06-02T10:00:00Z",
      sell_end_at: "2026-06-01T10:00:00Z",
      fees_type: "absorbed",
      visibility: "deleted",
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.issues!.map((i) => [v.getDotPath(i), i.message]));
    expect(fields).toMatchObject({
      title: "tickets:errors.title-required",
      price: "tickets:errors.price-invalid",
      amount: "tickets:errors.amount-invalid",
      fees_type: "tickets:errors.fees-type-invalid",
      visibility: "tickets:errors.visibility-invalid",
    });
  });

  it("forwards max below min and a sale end before its start to the field", () => {
    const minMax = v.safeParse(ticketFieldsSchema, { min_per_order: 3, max_per_order: 2 });
    expect(minMax.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ["max_per_order", "tickets:errors.max-below-min"],
    ]);
    const dates = v.safeParse(ticketFieldsSchema, {
      sell_start_at: "2026-06-02T10:00:00Z",
      sell_end_at: "2026-06-02T10:00:00Z",
    });
    expect(dates.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([
      ["sell_end_at", "tickets:errors.sell-end-before-start"],
    ]);
  });

  it("reads the form: euros to cents, wall-clock sale dates in the event's zone, unchecked boxes false", () => {
    expect(eurosToCents("12,50")).toBe(1250);
    expect(eurosToCents("1 200")).toBe(120_000);
    expect(eurosToCents("0")).toBe(0);
    expect(eurosToCents("-3")).toBe(-300);
    expect(eurosToCents("12,345")).toBe("12,345");
    const fields = v.parse(ticketFormSchema("Pacific/Noumea"), {
      title: "Plein tarif",
      price: "15,5",
      amount: "-1",
      sell_start_at: "2026-06-01T09:00",
      sell_end_at: "",
      min_per_order: "1",
      max_per_order: "4",
      visibility: "visible",
      fees_type: "added",
      ticket_type: "ticket",
      show_remaining_count: "on",
    });
    expect(fields).toMatchObject({
      price: 1550,
      sellStartAt: new Date("2026-05-31T22:00:00Z"),
      sellEndAt: null,
      restricted: false,
      showRemainingCount: true,
      feesType: "added",
    });
    const bad = v.safeParse(ticketFormSchema("Europe/Paris"), { price: "douze", sell_start_at: "2026-02-31T10:00" });
    expect(bad.issues?.map((i) => v.getDotPath(i))).toEqual(["price", "sell_start_at"]);
  });
});

describe("createTicket", () => {
  it("stores every field, sanitizes the detailed description, places it last of its type and derives its status", async () => {
    const first = await createTicket(test.db, world.actors.owner, {
      eventId: event.id,
      now,
      fields: parse({
        title: "  Plein tarif ",
        description: "Accès à la soirée",
        detailed_description: "<p>Texte</p><script>alert(1)</script><img src=x onerror=alert(1)>",
        price: 2500,
        amount: 100,
        sell_start_at: "2026-06-01T08:00:00Z",
        sell_end_at: "2026-06-20T20:00:00Z",
        min_per_order: 1,
        max_per_order: 6,
        visibility: "visible",
        restricted: true,
        fees_type: "added",
        show_remaining_count: true,
      }),
    });
    expect(first).toMatchObject({
      title: "Plein tarif",
      detailedDescription: "<p>Texte</p>",
      price: 2500,
      isFree: false,
      amount: 100,
      ticketType: "ticket",
      restricted: true,
      feesType: "added",
      showRemainingCount: true,
      sort: 0,
      derived: { status: "on_sale", explanation: null, color: "green" },
      remaining: 100,
    });
    const addon = await createTicket(test.db, world.actors.manager, {
      eventId: event.id,
      now,
      fields: parse({ title: "Parking", ticket_type: "addon" }),
    });
    const second = await createTicket(test.db, world.actors.admin, {
      eventId: event.id,
      now,
      fields: parse({ title: "Réduit", price: 0 }),
    });
    expect([addon.sort, second.sort, second.isFree, second.maxPerOrder]).toEqual([0, 1, true, 10]);
  });

  it("refuses a ticket without a title, or with a min above the default max, and writes nothing", async () => {
    const error = await failure(
      createTicket(test.db, world.actors.owner, { eventId: event.id, fields: parse({ price: 100 }) }),
    );
    expect(error).toMatchObject({ code: "validation", fields: { title: "tickets:errors.title-required" } });
    const minAboveMax = await failure(
      createTicket(test.db, world.actors.owner, {
        eventId: event.id,
        fields: parse({ title: "A", min_per_order: 20 }),
      }),
    );
    expect(minAboveMax.fields).toEqual({ max_per_order: "tickets:errors.max-below-min" });
    expect(await rows()).toHaveLength(0);
  });

  it("is refused to guests without access, validators and other organizations (404: they cannot even view it)", async () => {
    expect(
      (
        await failure(
          createTicket(test.db, world.actors.guestValidator, { eventId: event.id, fields: parse({ title: "X" }) }),
        )
      ).code,
    ).toBe("not_found");
    expect(
      (
        await failure(
          createTicket(test.db, world.actors.guestNone, { eventId: event.id, fields: parse({ title: "X" }) }),
        )
      ).code,
    ).toBe("not_found");
    expect(
      (
        await failure(
          createTicket(test.db, world.actors.foreignOwner, { eventId: event.id, fields: parse({ title: "X" }) }),
        )
      ).code,
    ).toBe("not_found");
    expect(await rows()).toHaveLength(0);
  });
});

describe("updateTicket, deleteTicket", () => {
  it("checks the merged ticket: max against the stored min, the end against the stored start, stock against sales", async () => {
    const ticket = await insertTicket(test.db, event, {
      minPerOrder: 2,
      maxPerOrder: 5,
      purchased: 7,
      amount: 10,
      sellStartAt: new Date("2026-06-05T00:00:00Z"),
    });
    const error = await failure(
      updateTicket(test.db, world.actors.owner, {
        eventId: event.id,
        ticketId: ticket.id,
        fields: parse({
          title: "Changé",
          max_per_order: 1,
          sell_end_at: "2026-06-04T00:00:00Z",
          amount: 6,
          ticket_type: "addon",
        }),
      }),
    );
    expect(error.fields).toEqual({
      max_per_order: "tickets:errors.max-below-min",
      sell_end_at: "tickets:errors.sell-end-before-start",
      amount: "tickets:errors.amount-below-purchased",
      ticket_type: "tickets:errors.ticket-type-locked",
    });
    expect((await rows())[0]).toMatchObject({ title: "Plein tarif", maxPerOrder: 5, amount: 10 });

    const updated = await updateTicket(test.db, world.actors.owner, {
      eventId: event.id,
      ticketId: ticket.id,
      now,
      fields: parse({ amount: 7, price: 0 }),
    });
    expect(updated).toMatchObject({
      amount: 7,
      price: 0,
      isFree: true,
      derived: { status: "sold_out", color: "gray" },
      remaining: 0,
    });
  });

  it("deletes softly: the row stays with its sales, disappears from lists, still holds capacity, cannot be edited", async () => {
    const sold = await insertTicket(test.db, event, { purchased: 3 });
    const other = await insertTicket(test.db, event, { title: "Réduit", sort: 1 });
    await updateEventCapacity(test.db, world.actors.owner, { eventId: event.id, eventCapacity: 3 });
    await deleteTicket(test.db, world.actors.owner, { eventId: event.id, ticketId: sold.id });
    expect((await rows()).find((t) => t.id === sold.id)).toMatchObject({ visibility: "deleted", purchased: 3 });
    const { tickets: listed } = await listTickets(test.db, world.actors.owner, { eventId: event.id, now });
    expect(listed.map((t) => [t.id, t.derived.status])).toEqual([[other.id, "sold_out"]]);
    for (const work of [
      deleteTicket(test.db, world.actors.owner, { eventId: event.id, ticketId: sold.id }),
      updateTicket(test.db, world.actors.owner, { eventId: event.id, ticketId: sold.id, fields: { title: "Revenu" } }),
      deleteTicket(test.db, world.actors.foreignOwner, { eventId: event.id, ticketId: other.id }),
      deleteTicket(test.db, world.actors.owner, { eventId: world.event.id, ticketId: other.id }),
    ]) {
      expect((await failure(work)).code).toBe("not_found");
    }
    expect((await rows()).find((t) => t.id === other.id)?.visibility).toBe("visible");
  });
});

describe("reorderTickets", () => {
  it("orders one type in one batch, and refuses unknown, repeated, deleted or missing tickets", async () => {
    const a = await insertTicket(test.db, event, { title: "A", sort: 0 });
    const b = await insertTicket(test.db, event, { title: "B", sort: 1 });
    const c = await insertTicket(test.db, event, { title: "C", sort: 2 });
    const addon = await insertTicket(test.db, event, { title: "Parking", ticketType: "addon", sort: 0 });
    const gone = await insertTicket(test.db, event, { title: "Gone", visibility: "deleted", sort: 3 });
    const foreign = await insertTicket(test.db, world.foreignEvent);

    const ordered = await reorderTickets(test.db, world.actors.owner, { eventId: event.id, ids: [c.id, a.id, b.id] });
    // Tickets and add-ons each keep their own sequence.
    expect(ordered.map((t) => [t.title, t.sort])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
      ["Parking", 0],
    ]);
    const { tickets: listed } = await listTickets(test.db, world.actors.owner, {
      eventId: event.id,
      ticketType: "ticket",
    });
    expect(listed.map((t) => t.id)).toEqual([c.id, a.id, b.id]);

    for (const [ids, message] of [
      [[a.id, b.id], "tickets:errors.order-incomplete"],
      [[a.id, b.id, c.id, gone.id], "tickets:errors.order-unknown-ticket"],
      [[a.id, b.id, c.id, foreign.id], "tickets:errors.order-unknown-ticket"],
      [[a.id, a.id, b.id, c.id], "tickets:errors.order-invalid"],
    ] as const) {
      const error = await failure(reorderTickets(test.db, world.actors.owner, { eventId: event.id, ids: [...ids] }));
      expect(error.fields).toEqual({ ids: message });
    }
    expect(
      (await listTickets(test.db, world.actors.owner, { eventId: event.id, ticketType: "ticket" })).tickets.map(
        (t) => t.id,
      ),
    ).toEqual([c.id, a.id, b.id]);
    const both = await reorderTickets(test.db, world.actors.owner, {
      eventId: event.id,
      ids: [a.id, b.id, c.id, addon.id],
    });
    expect(both.map((t) => t.id)).toEqual([a.id, b.id, c.id, addon.id]);
    expect(
      (await failure(reorderTickets(test.db, world.actors.foreignOwner, { eventId: event.id, ids: [a.id] }))).code,
    ).toBe("not_found");
  });
});

describe("updateEventCapacity", () => {
  it("stores -1 or a count; add-ons stay on sale when tickets fill the capacity", async () => {
    await insertTicket(test.db, event, { purchased: 4 });
    await insertTicket(test.db, event, { title: "Parking", ticketType: "addon", purchased: 9 });
    expect(await updateEventCapacity(test.db, world.actors.owner, { eventId: event.id, eventCapacity: 4 })).toEqual({
      eventCapacity: 4,
    });
    const { tickets: listed } = await listTickets(test.db, world.actors.owner, { eventId: event.id, now });
    expect(listed.map((t) => [t.ticketType, t.derived.status, t.remaining])).toEqual([
      ["ticket", "sold_out", 0],
      ["addon", "on_sale", null],
    ]);
    await updateEventCapacity(test.db, world.actors.owner, { eventId: event.id, eventCapacity: -1 });
    expect(
      (
        await test.db
          .select()
          .from(events)
          .where(and(eq(events.id, event.id)))
      )[0]?.eventCapacity,
    ).toBe(-1);
    expect(
      (
        await failure(
          updateEventCapacity(test.db, world.actors.guestValidator, { eventId: world.event.id, eventCapacity: 1 }),
        )
      ).code,
    ).toBe("not_found");
  });
});
