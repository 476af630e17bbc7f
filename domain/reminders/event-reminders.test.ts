import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventReminders } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld } from "../../tests/support/fixtures";
import { createEvent } from "../events/create-event";
import { duplicateEvent } from "../events/duplicate-event";
import { updateEvent } from "../events/update-event";
import { getEventReminders } from "./get-event-reminders";
import { updateEventReminders } from "./update-event-reminders";
import { remindersInputSchema } from "./reminder-schema";
import * as v from "valibot";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

const now = new Date("2026-03-01T09:00:00Z");
// Sunday 29 March 2026 19:00 in Paris (summer time, which starts that morning).
const start = new Date("2026-03-29T17:00:00Z");

const storedReminders = (eventId: number) =>
  test.db.select().from(eventReminders).where(eq(eventReminders.eventId, eventId)).orderBy(eventReminders.position);

async function eventWithStart(startAt: Date | null = start) {
  return insertEvent(test.db, world.organization.id, { startAt, timezone: "Europe/Paris", status: "published" });
}

describe("the default reminder", () => {
  it("is written with a new event: 24 hours before, enabled, the default text", async () => {
    const event = await createEvent(test.db, world.actors.owner, {
      fields: { title: "Nouveau", startAt: start, timezone: "Europe/Paris" },
      now,
    });
    const [reminder, ...others] = await storedReminders(event.id);
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({
      organizationId: world.organization.id,
      position: 0,
      offsetValue: 24,
      offsetUnit: "hours",
      subject: "",
      body: "",
      enabled: true,
      dueAt: new Date("2026-03-28T17:00:00Z"),
      sentForStartAt: null,
    });
    const { reminders } = await getEventReminders(test.db, world.actors.owner, { eventId: event.id, now });
    expect(reminders).toEqual([
      expect.objectContaining({ offsetValue: 24, nextSendAt: new Date("2026-03-28T17:00:00Z") }),
    ]);
  });

  it("has no due time while the event has no start, and gets one when the start is set", async () => {
    const event = await createEvent(test.db, world.actors.owner, { fields: { title: "Sans date" }, now });
    expect((await storedReminders(event.id))[0]!.dueAt).toBeNull();
    await updateEvent(test.db, world.actors.owner, { eventId: event.id, changes: { startAt: start }, now });
    expect((await storedReminders(event.id))[0]!.dueAt).toEqual(new Date("2026-03-28T17:00:00Z"));
  });

  it("is copied with the event by a duplicate, not marked sent", async () => {
    const source = await createEvent(test.db, world.actors.owner, {
      fields: { title: "Source", startAt: start, timezone: "Europe/Paris" },
      now,
    });
    await updateEventReminders(test.db, world.actors.owner, {
      eventId: source.id,
      reminders: [
        { offset_value: 2, offset_unit: "days", subject: "Dans deux jours", body: "<p>À bientôt</p>", enabled: true },
        { offset_value: 30, offset_unit: "minutes", subject: "", body: "", enabled: false },
      ],
      now,
    });
    await test.db.update(eventReminders).set({ sentForStartAt: start }).where(eq(eventReminders.eventId, source.id));
    const copy = await duplicateEvent(test.db, world.actors.owner, { eventId: source.id, now });
    const copied = await storedReminders(copy.id);
    expect(copied.map((r) => [r.position, r.offsetValue, r.offsetUnit, r.subject, r.body, r.enabled])).toEqual([
      [0, 2, "days", "Dans deux jours", "<p>À bientôt</p>", true],
      [1, 30, "minutes", "", "", false],
    ]);
    expect(copied.map((r) => [r.dueAt?.toISOString(), r.sentForStartAt])).toEqual([
      ["2026-03-27T18:00:00.000Z", null], // Friday 19:00 CET
      ["2026-03-29T16:30:00.000Z", null],
    ]);
  });
});

describe("updateEventReminders", () => {
  it("replaces the list in order, with due times in the event's zone and next send times", async () => {
    const event = await eventWithStart();
    const saved = await updateEventReminders(test.db, world.actors.manager, {
      eventId: event.id,
      reminders: [
        { offset_value: 1, offset_unit: "days", subject: " Demain ! ", body: "", enabled: true },
        { offset_value: 24, offset_unit: "hours", subject: "", body: "", enabled: true },
        { offset_value: 3, offset_unit: "hours", subject: "", body: "", enabled: false },
      ],
      now,
    });
    expect(
      saved.reminders.map((r) => [r.position, r.subject, r.dueAt?.toISOString(), r.nextSendAt?.toISOString()]),
    ).toEqual([
      [0, "Demain !", "2026-03-28T18:00:00.000Z", "2026-03-28T18:00:00.000Z"],
      [1, "", "2026-03-28T17:00:00.000Z", "2026-03-28T17:00:00.000Z"],
      // Disabled: never sent.
      [2, "", "2026-03-29T14:00:00.000Z", undefined],
    ]);
    expect(saved).toMatchObject({ startAt: start, timezone: "Europe/Paris", published: true });
    expect(await getEventReminders(test.db, world.actors.owner, { eventId: event.id, now })).toEqual(saved);
  });

  it("sanitizes the body, and a body without visible text is the default text", async () => {
    const event = await eventWithStart();
    const { reminders } = await updateEventReminders(test.db, world.actors.owner, {
      eventId: event.id,
      reminders: [
        {
          offset_value: 1,
          offset_unit: "days",
          subject: "",
          body: "<p>Bonjour {first_name}</p><script>alert(1)</script><img src=x onerror=alert(1)>",
          enabled: true,
        },
        { offset_value: 2, offset_unit: "hours", subject: "", body: "<p> </p><p><br></p>", enabled: true },
      ],
      now,
    });
    expect(reminders.map((r) => r.body)).toEqual(["<p>Bonjour {first_name}</p>", ""]);
  });

  it("keeps a reminder given by id with what it was sent for, unless its offset changes; deletes the others", async () => {
    const event = await eventWithStart();
    const first = await updateEventReminders(test.db, world.actors.owner, {
      eventId: event.id,
      reminders: [
        { offset_value: 1, offset_unit: "days", subject: "", body: "", enabled: true },
        { offset_value: 2, offset_unit: "hours", subject: "", body: "", enabled: true },
        { offset_value: 10, offset_unit: "minutes", subject: "", body: "", enabled: true },
      ],
      now,
    });
    const [a, b, c] = first.reminders.map((r) => r.id);
    await test.db.update(eventReminders).set({ sentForStartAt: start }).where(eq(eventReminders.eventId, event.id));

    const second = await updateEventReminders(test.db, world.actors.owner, {
      eventId: event.id,
      reminders: [
        // Moved to the front, text edited: still sent for this start.
        { id: b, offset_value: 2, offset_unit: "hours", subject: "Nouveau texte", body: "", enabled: true },
        // Its offset changed: a new time, to send again.
        { id: a, offset_value: 2, offset_unit: "days", subject: "", body: "", enabled: true },
        { offset_value: 5, offset_unit: "minutes", subject: "", body: "", enabled: true },
      ],
      now,
    });
    expect(second.reminders.map((r) => r.id).slice(0, 2)).toEqual([b, a]);
    expect(second.reminders[2]!.id).not.toBe(c);
    const rows = await storedReminders(event.id);
    expect(rows.map((r) => [r.id === b, r.id === a, r.subject, r.sentForStartAt])).toEqual([
      [true, false, "Nouveau texte", start],
      [false, true, "", null],
      [false, false, "", null],
    ]);
    expect(second.reminders.map((r) => r.nextSendAt?.toISOString())).toEqual([
      undefined, // already sent for this start
      "2026-03-27T18:00:00.000Z",
      "2026-03-29T16:55:00.000Z",
    ]);

    const emptied = await updateEventReminders(test.db, world.actors.owner, { eventId: event.id, reminders: [], now });
    expect(emptied.reminders).toEqual([]);
    expect(await storedReminders(event.id)).toEqual([]);
  });

  it("refuses an id that is not one of the event's reminders, or given twice", async () => {
    const event = await eventWithStart();
    const other = await eventWithStart();
    const [foreign] = (
      await updateEventReminders(test.db, world.actors.owner, {
        eventId: other.id,
        reminders: [{ offset_value: 1, offset_unit: "days", subject: "", body: "", enabled: true }],
        now,
      })
    ).reminders;
    const attempt = updateEventReminders(test.db, world.actors.owner, {
      eventId: event.id,
      reminders: [{ id: foreign!.id, offset_value: 1, offset_unit: "days", subject: "", body: "", enabled: true }],
      now,
    });
    await expect(attempt).rejects.toMatchObject({
      code: "validation",
      fields: { "reminders.0.id": "reminders:errors.reminder-unknown" },
    });
    // The other event's reminder is untouched.
    expect((await storedReminders(other.id)).map((r) => r.id)).toEqual([foreign!.id]);
  });

  it("follows the participants' rules: 404 for another organization, a guest without access or a validator", async () => {
    const input = { eventId: world.event.id, reminders: [], now };
    await expect(updateEventReminders(test.db, world.actors.foreignOwner, input)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getEventReminders(test.db, world.actors.guestNone, input)).rejects.toMatchObject({
      code: "not_found",
    });
    // A validator scans tickets without seeing the event.
    await expect(getEventReminders(test.db, world.actors.guestValidator, input)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getEventReminders(test.db, world.actors.guestManager, input)).resolves.toMatchObject({
      reminders: [],
    });
    await expect(
      getEventReminders(test.db, world.actors.owner, { eventId: world.foreignEvent.id, now }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("remindersInputSchema", () => {
  const parse = (reminders: unknown[]) => v.safeParse(remindersInputSchema, { reminders });
  const reminder = { offset_value: 24, offset_unit: "hours", subject: "", body: "", enabled: true };

  it("takes 0 to 3 reminders with offsets up to 60 days in any unit", () => {
    expect(parse([]).success).toBe(true);
    expect(parse([reminder, reminder, reminder]).success).toBe(true);
    expect(parse([{ ...reminder, offset_value: 60, offset_unit: "days" }]).success).toBe(true);
    expect(parse([{ ...reminder, offset_value: 1440, offset_unit: "hours" }]).success).toBe(true);
    expect(parse([{ ...reminder, offset_value: 86_400, offset_unit: "minutes" }]).success).toBe(true);
    // Subject, body and enabled may be left out.
    expect(parse([{ offset_value: 1, offset_unit: "days" }])).toMatchObject({
      success: true,
      output: { reminders: [{ subject: "", body: "", enabled: true }] },
    });
  });

  it("refuses a fourth reminder, offsets out of range, an unknown unit and a subject over 200 characters", () => {
    const issue = (reminders: unknown[]) => {
      const result = parse(reminders);
      return result.success ? null : result.issues.map((i) => [v.getDotPath(i), i.message]);
    };
    expect(issue([reminder, reminder, reminder, reminder])).toEqual([
      ["reminders", "reminders:errors.reminder-count-invalid"],
    ]);
    expect(issue([{ ...reminder, offset_value: 61, offset_unit: "days" }])).toEqual([
      ["reminders.0.offset_value", "reminders:errors.reminder-offset-invalid"],
    ]);
    expect(issue([{ ...reminder, offset_value: 1441 }])).toEqual([
      ["reminders.0.offset_value", "reminders:errors.reminder-offset-invalid"],
    ]);
    expect(issue([{ ...reminder, offset_value: 0 }])).toEqual([
      ["reminders.0.offset_value", "reminders:errors.reminder-offset-invalid"],
    ]);
    expect(issue([{ ...reminder, offset_value: 1.5 }])).toEqual([
      ["reminders.0.offset_value", "reminders:errors.reminder-offset-invalid"],
    ]);
    expect(issue([{ ...reminder, offset_unit: "weeks" }])).toEqual([
      ["reminders.0.offset_unit", "reminders:errors.reminder-unit-invalid"],
    ]);
    expect(issue([{ ...reminder, subject: "x".repeat(201) }])).toEqual([
      ["reminders.0.subject", "reminders:errors.reminder-subject-too-long"],
    ]);
    expect(issue([{ ...reminder, body: "é".repeat(10_001) }])).toEqual([
      ["reminders.0.body", "reminders:errors.reminder-body-too-long"],
    ]);
  });
});
