import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventDates, eventReminders, events, orderItems, ticketDates } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertHold, insertTicket } from "../../tests/support/fixtures";
import { failure } from "../../tests/support/failure";
import { utcToZonedDateTime } from "../events/event-time-zone";
import { cancelEventDates } from "./cancel-event-dates";
import { createEventDates } from "./create-event-dates";
import { deleteEventDate } from "./delete-event-date";
import { listEventDates } from "./list-event-dates";
import { updateEventDates } from "./update-event-dates";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let event: { id: number; organizationId: number };
const now = new Date("2026-03-01T12:00:00Z");
const PARIS = "Europe/Paris";
const SINGLE_START = new Date("2026-03-20T19:00:00Z");
const SINGLE_END = new Date("2026-03-20T21:00:00Z");

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());
beforeEach(async () => {
  event = await insertEvent(test.db, world.organization.id, {
    title: "Le Misanthrope",
    startAt: SINGLE_START,
    endAt: SINGLE_END,
    timezone: PARIS,
  });
});

const span = async () => {
  const [row] = await test.db
    .select({ startAt: events.startAt, endAt: events.endAt })
    .from(events)
    .where(eq(events.id, event.id));
  return row!;
};

/** Twenty evenings at 20:00 from Friday 20 March 2026, across the spring-forward night (29 March). */
const twentyEvenings = () =>
  createEventDates(test.db, world.actors.owner, {
    eventId: event.id,
    now,
    capacity: 40,
    series: {
      kind: "times",
      times: ["20:00"],
      startDate: "2026-03-20",
      count: 20,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      durationMinutes: 150,
    },
  });

describe("event dates", () => {
  it("leaves an event without dates as it was", async () => {
    const page = await listEventDates(test.db, world.actors.owner, { eventId: event.id, now });
    expect(page).toMatchObject({ items: [], total: 0, eventDateCount: 0, months: [] });
    expect(await span()).toEqual({ startAt: SINGLE_START, endAt: SINGLE_END });
  });

  it("creates a series at 20:00 local across DST, and the event spans its dates", async () => {
    const created = await twentyEvenings();
    expect(created).toHaveLength(20);
    expect(created.every((date) => utcToZonedDateTime(date.startAt, PARIS).endsWith("T20:00"))).toBe(true);
    expect(created[0]).toMatchObject({ capacity: 40, sold: 0, held: 0, remaining: 40, status: "on_sale" });
    expect(await span()).toEqual({ startAt: created[0]!.startAt, endAt: created[19]!.endAt });

    const april = await listEventDates(test.db, world.actors.manager, { eventId: event.id, month: "2026-04", now });
    expect(april.total).toBe(8);
    expect(april.months).toEqual(["2026-03", "2026-04"]);
    expect(utcToZonedDateTime(april.items[0]!.startAt, PARIS)).toBe("2026-04-01T20:00");
    const paged = await listEventDates(test.db, world.actors.owner, { eventId: event.id, perPage: 5, page: 4, now });
    expect(paged.items.map((d) => d.id)).toEqual(created.slice(15).map((d) => d.id));
  });

  it("counts sold and held places, and splits upcoming from past", async () => {
    const [first, second] = await twentyEvenings();
    const ticket = await insertTicket(test.db, event, { title: "Plein tarif" });
    const hold = await insertHold(test.db, ticket, 3, new Date(now.getTime() + 600_000));
    await test.db.update(orderItems).set({ dateId: first!.id }).where(eq(orderItems.orderId, hold.id));
    // No sale path takes a date yet (the booking is another engineer's): the trigger-kept counter is set by hand.
    await test.db.update(eventDates).set({ sold: 10 }).where(eq(eventDates.id, first!.id));
    // A pass over the second evening, held: its line has no date and counts on each date the pass covers.
    const pass = await insertTicket(test.db, event, { title: "Pass" });
    await test.db.insert(ticketDates).values({ ticketId: pass.id, dateId: second!.id });
    await insertHold(test.db, pass, 2, new Date(now.getTime() + 600_000));
    const page = await listEventDates(test.db, world.actors.owner, { eventId: event.id, perPage: 2, now });
    expect(page.items[0]).toMatchObject({ id: first!.id, sold: 10, held: 3, remaining: 27 });
    expect(page.items[1]).toMatchObject({ id: second!.id, sold: 0, held: 2, remaining: 38 });

    const later = new Date("2026-03-22T12:00:00Z");
    const past = await listEventDates(test.db, world.actors.owner, { eventId: event.id, when: "past", now: later });
    expect(past.items.map((d) => d.id)).toEqual([second!.id, first!.id]);
    // The holds have expired by then.
    expect(past.items[1]).toMatchObject({ held: 0, remaining: 30 });
    expect(past.items[0]).toMatchObject({ held: 0, remaining: 40 });
  });

  it("edits a range's capacity and status, never below sold, and one date's times", async () => {
    const created = await twentyEvenings();
    await test.db.update(eventDates).set({ sold: 12 }).where(eq(eventDates.id, created[3]!.id));
    const ids = created.slice(0, 5).map((d) => d.id);
    const refused = await failure(
      updateEventDates(test.db, world.actors.owner, {
        eventId: event.id,
        targets: { ids },
        changes: { capacity: 10 },
        now,
      }),
    );
    expect(refused).toMatchObject({ code: "conflict", messageKey: "dates:errors.capacity-below-sold" });

    const updated = await updateEventDates(test.db, world.actors.manager, {
      eventId: event.id,
      targets: { from: created[0]!.startAt, to: created[4]!.startAt },
      changes: { capacity: 12, status: "sold_out" },
      now,
    });
    expect(updated.map((d) => [d.capacity, d.status])).toEqual(Array(5).fill([12, "sold_out"]));
    expect((await listEventDates(test.db, world.actors.owner, { eventId: event.id, now })).items[5]).toMatchObject({
      capacity: 40,
      status: "on_sale",
    });

    const moved = await updateEventDates(test.db, world.actors.owner, {
      eventId: event.id,
      targets: { ids: created.slice(10, 12).map((d) => d.id) },
      changes: { startTime: "18:30" },
      now,
    });
    expect(moved.map((d) => utcToZonedDateTime(d.startAt, PARIS).slice(11))).toEqual(["18:30", "18:30"]);
    expect(moved[0]!.endAt!.getTime() - moved[0]!.startAt.getTime()).toBe(150 * 60_000);

    const last = created[19]!;
    const [later] = await updateEventDates(test.db, world.actors.owner, {
      eventId: event.id,
      targets: { ids: [last.id] },
      changes: { startAt: new Date("2026-05-01T18:00:00Z"), endAt: new Date("2026-05-01T20:00:00Z") },
      now,
    });
    expect(later!.startAt.toISOString()).toBe("2026-05-01T18:00:00.000Z");
    expect((await span()).endAt).toEqual(new Date("2026-05-01T20:00:00Z"));
  });

  it("cancels dates, out of the event's span, and deletes only what nothing was sold on", async () => {
    const created = await twentyEvenings();
    await cancelEventDates(test.db, world.actors.owner, {
      eventId: event.id,
      targets: { ids: [created[0]!.id, created[19]!.id] },
      now,
    });
    expect(await span()).toEqual({ startAt: created[1]!.startAt, endAt: created[18]!.endAt });

    await test.db.update(eventDates).set({ sold: 1 }).where(eq(eventDates.id, created[1]!.id));
    const refused = await failure(
      deleteEventDate(test.db, world.actors.owner, { eventId: event.id, dateId: created[1]!.id, now }),
    );
    expect(refused).toMatchObject({ code: "conflict", messageKey: "dates:errors.delete-sold" });

    await deleteEventDate(test.db, world.actors.owner, { eventId: event.id, dateId: created[18]!.id, now });
    expect(await span()).toEqual({ startAt: created[1]!.startAt, endAt: created[17]!.endAt });

    // Every date cancelled: the event keeps the span it had.
    await cancelEventDates(test.db, world.actors.owner, {
      eventId: event.id,
      targets: { from: created[0]!.startAt, to: created[19]!.startAt },
      now,
    });
    expect(await span()).toEqual({ startAt: created[1]!.startAt, endAt: created[17]!.endAt });
  });

  it("moves the reminders' due times with the event's start", async () => {
    const [reminder] = await test.db
      .insert(eventReminders)
      .values({
        organizationId: event.organizationId,
        eventId: event.id,
        offsetValue: 1,
        offsetUnit: "days",
        dueAt: new Date(SINGLE_START.getTime() - 86_400_000),
      })
      .returning();
    const dueAt = async () =>
      (await test.db.select().from(eventReminders).where(eq(eventReminders.id, reminder!.id)))[0]!.dueAt;
    const [earlier] = await createEventDates(test.db, world.actors.owner, {
      eventId: event.id,
      now,
      date: { startAt: new Date("2026-03-10T19:00:00Z") },
    });
    // 20:00 Paris the day before.
    expect(await dueAt()).toEqual(new Date("2026-03-09T19:00:00Z"));
    await cancelEventDates(test.db, world.actors.owner, { eventId: event.id, targets: { ids: [earlier!.id] }, now });
    // Nothing left but a cancelled date: the event keeps its span, and the reminder its time.
    expect(await dueAt()).toEqual(new Date("2026-03-09T19:00:00Z"));
    await twentyEvenings();
    expect(await dueAt()).toEqual(new Date("2026-03-19T19:00:00Z"));
  });

  it("caps an event at 1,000 dates", async () => {
    const series = {
      kind: "slots",
      everyMinutes: 30,
      slotsFrom: "09:00",
      slotsTo: "18:00",
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    } as const;
    // 18 slots a day: 27 days = 486 dates, twice = 972, and a third series goes over.
    await createEventDates(test.db, world.actors.owner, {
      eventId: event.id,
      now,
      series: { ...series, startDate: "2026-04-01", until: "2026-04-27" },
    });
    await createEventDates(test.db, world.actors.owner, {
      eventId: event.id,
      now,
      series: { ...series, startDate: "2026-05-01", until: "2026-05-27" },
    });
    const refused = await failure(
      createEventDates(test.db, world.actors.owner, {
        eventId: event.id,
        now,
        series: { ...series, startDate: "2026-06-01", until: "2026-06-02" },
      }),
    );
    expect(refused).toMatchObject({ code: "validation", messageKey: "dates:errors.event-too-many" });
  });

  it("answers 404 across organizations and hides them from a validator", async () => {
    const [date] = await twentyEvenings();
    expect(await failure(listEventDates(test.db, world.actors.foreignOwner, { eventId: event.id, now }))).toMatchObject(
      {
        code: "not_found",
      },
    );
    const foreignEvent = world.foreignEvent;
    expect(
      await failure(deleteEventDate(test.db, world.actors.owner, { eventId: foreignEvent.id, dateId: date!.id, now })),
    ).toMatchObject({ code: "not_found" });
    expect(
      await failure(
        createEventDates(test.db, world.actors.guestValidator, {
          eventId: world.event.id,
          now,
          date: { startAt: new Date("2026-06-01T18:00:00Z") },
        }),
      ),
    ).toMatchObject({ code: "not_found" });
    // A guest with event access manages the event's dates; a validator does not even see them.
    const guestDates = await createEventDates(test.db, world.actors.guestManager, {
      eventId: world.event.id,
      now,
      date: { startAt: new Date("2026-06-01T18:00:00Z") },
    });
    expect(guestDates).toHaveLength(1);
    // A date of another event of the same organization is not found through this one.
    const other = await insertEvent(test.db, world.organization.id, { title: "Autre", timezone: PARIS });
    expect(
      await failure(
        updateEventDates(test.db, world.actors.owner, {
          eventId: other.id,
          targets: { ids: [date!.id] },
          changes: { capacity: 5 },
          now,
        }),
      ),
    ).toMatchObject({ code: "not_found" });
  });
});
