import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld } from "../../tests/support/fixtures";
import { eventScheduleChanges, type ScheduleColumns } from "./event-changes";
import { updateEvent } from "./update-event";

const stored: ScheduleColumns = {
  startAt: new Date("2026-06-21T18:00:00Z"),
  endAt: new Date("2026-06-21T21:00:00Z"),
  addressName: "Le Trianon",
  addressLabel: "80 boulevard de Rochechouart, 75018 Paris",
  addressLatitude: 48_883_600,
  addressLongitude: 2_343_300,
};

describe("eventScheduleChanges", () => {
  it("is empty when the write leaves the start, the end and the place as they are", () => {
    expect(eventScheduleChanges(stored, {})).toEqual([]);
    expect(
      eventScheduleChanges(stored, {
        startAt: new Date("2026-06-21T18:00:00Z"),
        addressName: "Le Trianon",
        addressLatitude: 48_883_600,
      }),
    ).toEqual([]);
  });

  it("lists a moved start and a cleared end with their values before and after", () => {
    expect(eventScheduleChanges(stored, { startAt: new Date("2026-06-28T18:00:00Z"), endAt: null })).toEqual([
      { field: "start_at", before: new Date("2026-06-21T18:00:00Z"), after: new Date("2026-06-28T18:00:00Z") },
      { field: "end_at", before: new Date("2026-06-21T21:00:00Z"), after: null },
    ]);
  });

  it("lists the place once when its name, address or coordinates change, coordinates in degrees", () => {
    expect(eventScheduleChanges(stored, { addressName: "La Cigale", addressLongitude: 2_340_000 })).toEqual([
      {
        field: "place",
        before: {
          name: "Le Trianon",
          label: "80 boulevard de Rochechouart, 75018 Paris",
          latitude: 48.8836,
          longitude: 2.3433,
        },
        after: {
          name: "La Cigale",
          label: "80 boulevard de Rochechouart, 75018 Paris",
          latitude: 48.8836,
          longitude: 2.34,
        },
      },
    ]);
    expect(eventScheduleChanges(stored, { addressLatitude: null })).toHaveLength(1);
  });
});

describe("updateEvent and the calendar SEQUENCE", () => {
  let test: LibsqlTestDatabase;
  let world: Awaited<ReturnType<typeof insertEventsWorld>>;
  beforeAll(async () => {
    test = await createLibsqlTestDatabase();
    world = await insertEventsWorld(test.db);
  });
  afterAll(() => test?.close());

  const sequenceOf = async (id: number) =>
    (await test.db.select({ sequence: events.calendarSequence }).from(events).where(eq(events.id, id)))[0]!.sequence;

  it("raises the SEQUENCE by one for each write that moves the date, time or place, never for other fields", async () => {
    const event = await insertEvent(test.db, world.organization.id, {
      status: "published",
      startAt: stored.startAt,
      endAt: stored.endAt,
      addressName: stored.addressName,
      addressLabel: stored.addressLabel,
    });
    expect(await sequenceOf(event.id)).toBe(0);

    const retitled = await updateEvent(test.db, world.actors.owner, { eventId: event.id, changes: { title: "Autre" } });
    expect(retitled.scheduleChanges).toEqual([]);
    expect(await sequenceOf(event.id)).toBe(0);

    const sameDate = await updateEvent(test.db, world.actors.owner, {
      eventId: event.id,
      changes: { startAt: stored.startAt, addressName: "Le Trianon" },
    });
    expect(sameDate.scheduleChanges).toEqual([]);
    expect(await sequenceOf(event.id)).toBe(0);

    const moved = await updateEvent(test.db, world.actors.owner, {
      eventId: event.id,
      changes: { startAt: new Date("2026-06-28T18:00:00Z"), endAt: new Date("2026-06-28T21:00:00Z") },
    });
    expect(moved.calendarSequence).toBe(1);
    expect(moved.scheduleChanges.map((change) => change.field)).toEqual(["start_at", "end_at"]);
    expect(await sequenceOf(event.id)).toBe(1);

    const relocated = await updateEvent(test.db, world.actors.owner, {
      eventId: event.id,
      changes: { addressName: "La Cigale", addressLabel: "120 boulevard de Rochechouart, 75018 Paris" },
    });
    expect(relocated.scheduleChanges).toEqual([
      {
        field: "place",
        before: { name: "Le Trianon", label: stored.addressLabel, latitude: null, longitude: null },
        after: {
          name: "La Cigale",
          label: "120 boulevard de Rochechouart, 75018 Paris",
          latitude: null,
          longitude: null,
        },
      },
    ]);
    expect(await sequenceOf(event.id)).toBe(2);
  });

  it("raises the SEQUENCE of a draft too, but offers no notice for it", async () => {
    const draft = await insertEvent(test.db, world.organization.id, { startAt: stored.startAt });
    const moved = await updateEvent(test.db, world.actors.owner, {
      eventId: draft.id,
      changes: { startAt: new Date("2026-07-01T18:00:00Z") },
    });
    expect(moved.scheduleChanges).toEqual([]);
    expect(await sequenceOf(draft.id)).toBe(1);
  });
});
