import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendeeMessages, eventReminders } from "#db/schema";
import { createLibsqlDatabase } from "#db/libsql";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder } from "../../tests/support/fixtures";
import { deleteEvent } from "../events/delete-event";
import { updateEvent } from "../events/update-event";
import { claimDueReminders } from "./claim-due-reminders";
import { updateEventReminders } from "./update-event-reminders";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const setUpAt = new Date("2026-05-01T08:00:00Z");
// Saturday 20 June 2026 20:30 in Paris.
const start = new Date("2026-06-20T18:30:00Z");
const dayBefore = new Date("2026-06-19T18:30:00Z");

/** An event with one reminder (24 hours before unless said otherwise); claims are checked for this event only. */
async function eventWithReminder(
  options: { status?: "published" | "draft"; enabled?: boolean; startAt?: Date; subject?: string } = {},
) {
  const event = await insertEvent(test.db, world.organization.id, {
    startAt: options.startAt ?? start,
    timezone: "Europe/Paris",
    status: options.status ?? "published",
  });
  const { reminders } = await updateEventReminders(test.db, world.actors.owner, {
    eventId: event.id,
    reminders: [
      {
        offset_value: 24,
        offset_unit: "hours",
        subject: options.subject ?? "",
        body: "",
        enabled: options.enabled ?? true,
      },
    ],
    now: setUpAt,
  });
  // Someone to remind: an order placed long before.
  // Free places: an event whose money never moved can still be deleted.
  await insertOrder(test.db, event, { status: "paid", price: 0, createdAt: setUpAt });
  return { event, reminder: reminders[0]! };
}

const claimFor = async (eventId: number, now: Date, db = test.db) =>
  (await claimDueReminders(db, now)).filter((claim) => claim.eventId === eventId);
const messagesOf = (eventId: number) =>
  test.db.select().from(attendeeMessages).where(eq(attendeeMessages.eventId, eventId)).orderBy(attendeeMessages.id);
const reminderRow = async (id: number) =>
  (await test.db.select().from(eventReminders).where(eq(eventReminders.id, id)))[0]!;

describe("claimDueReminders", () => {
  it("writes the reminder's message once it is due and marks the reminder sent for the start", async () => {
    const { event, reminder } = await eventWithReminder({ subject: "À demain" });
    expect(await claimFor(event.id, new Date(dayBefore.getTime() - 1))).toEqual([]);

    const claimed = await claimFor(event.id, dayBefore);
    expect(claimed).toEqual([
      { reminderId: reminder.id, eventId: event.id, messageId: expect.any(Number), dueAt: dayBefore },
    ]);
    const [message, ...others] = await messagesOf(event.id);
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      id: claimed[0]!.messageId,
      organizationId: world.organization.id,
      kind: "reminder",
      reminderId: reminder.id,
      subject: "À demain",
      body: "",
      status: "scheduled",
      scheduledAt: dayBefore,
      sentAt: null,
      sendCount: 0,
      createdAt: dayBefore,
    });
    // Orders placed after the reminder's time are left out by the segment.
    expect(JSON.parse(message!.segment)).toEqual({ type: "all", placed_before: dayBefore.getTime() });
    expect((await reminderRow(reminder.id)).sentForStartAt).toEqual(start);

    // The next minutes find it sent.
    expect(await claimFor(event.id, new Date(dayBefore.getTime() + MINUTE))).toEqual([]);
    expect(await messagesOf(event.id)).toHaveLength(1);
  });

  it("sends a reminder up to an hour late, never later", async () => {
    const late = await eventWithReminder();
    expect(await claimFor(late.event.id, new Date(dayBefore.getTime() + HOUR))).toEqual([]);
    expect(await claimFor(late.event.id, new Date(dayBefore.getTime() + 5 * HOUR))).toEqual([]);
    expect(await messagesOf(late.event.id)).toEqual([]);

    const justInTime = await eventWithReminder();
    expect(await claimFor(justInTime.event.id, new Date(dayBefore.getTime() + HOUR - MINUTE))).toHaveLength(1);
  });

  it("sends nothing for a draft event, a disabled reminder or an event that has started", async () => {
    const draft = await eventWithReminder({ status: "draft" });
    const disabled = await eventWithReminder({ enabled: false });
    // A reminder 24 hours before an event starting in 30 minutes would be late anyway; this one's start has passed.
    const started = await eventWithReminder({ startAt: new Date(dayBefore.getTime() + 30 * MINUTE) });
    const now = new Date(dayBefore.getTime() + 40 * MINUTE);
    for (const { event } of [draft, disabled]) expect(await claimFor(event.id, now)).toEqual([]);
    expect(await claimFor(started.event.id, new Date(started.event.startAt!.getTime()))).toEqual([]);
    for (const { event } of [draft, disabled, started]) expect(await messagesOf(event.id)).toEqual([]);
  });

  it("sends again before the new date when the event is moved later after the reminder went out", async () => {
    const { event, reminder } = await eventWithReminder();
    expect(await claimFor(event.id, dayBefore)).toHaveLength(1);

    // Postponed by a week, the day after the reminder went out.
    const moved = new Date(start.getTime() + 7 * 24 * HOUR);
    await updateEvent(test.db, world.actors.owner, {
      eventId: event.id,
      changes: { startAt: moved },
      now: new Date(start.getTime() - 12 * HOUR),
    });
    expect((await reminderRow(reminder.id)).dueAt).toEqual(new Date(moved.getTime() - 24 * HOUR));
    // The old due time is not due again; the new one is.
    expect(await claimFor(event.id, new Date(dayBefore.getTime() + 7 * 24 * HOUR - MINUTE))).toEqual([]);
    const again = await claimFor(event.id, new Date(dayBefore.getTime() + 7 * 24 * HOUR));
    expect(again).toHaveLength(1);
    const messages = await messagesOf(event.id);
    expect(messages.map((m) => JSON.parse(m.segment).placed_before)).toEqual([
      dayBefore.getTime(),
      dayBefore.getTime() + 7 * 24 * HOUR,
    ]);
    expect((await reminderRow(reminder.id)).sentForStartAt).toEqual(moved);
  });

  it("does not send late when the event is moved earlier past the reminder's time by more than an hour", async () => {
    const { event, reminder } = await eventWithReminder();
    // Moved to 10 hours from now: due 14 hours ago.
    const now = new Date("2026-06-10T10:00:00Z");
    await updateEvent(test.db, world.actors.owner, {
      eventId: event.id,
      changes: { startAt: new Date(now.getTime() + 10 * HOUR) },
      now,
    });
    expect((await reminderRow(reminder.id)).dueAt).toEqual(new Date(now.getTime() - 14 * HOUR));
    expect(await claimFor(event.id, now)).toEqual([]);
    expect(await claimFor(event.id, new Date(now.getTime() + 9 * HOUR))).toEqual([]);
    expect(await messagesOf(event.id)).toEqual([]);

    // Moved earlier by less: due 30 minutes ago, sent now.
    const other = await eventWithReminder();
    await updateEvent(test.db, world.actors.owner, {
      eventId: other.event.id,
      changes: { startAt: new Date(now.getTime() + 23 * HOUR + 30 * MINUTE) },
      now,
    });
    expect(await claimFor(other.event.id, now)).toHaveLength(1);
  });

  it("follows a change of time zone: a reminder in days keeps the wall-clock time in the new zone", async () => {
    // Sunday 29 March 2026 19:00 in Paris, the day summer time starts: one day before is Saturday 19:00 CET (18:00Z).
    const sunday = new Date("2026-03-29T17:00:00Z");
    const event = await insertEvent(test.db, world.organization.id, {
      startAt: sunday,
      timezone: "Europe/Paris",
      status: "published",
    });
    const { reminders } = await updateEventReminders(test.db, world.actors.owner, {
      eventId: event.id,
      reminders: [{ offset_value: 1, offset_unit: "days", subject: "", body: "", enabled: true }],
      now: new Date("2026-03-01T08:00:00Z"),
    });
    const id = reminders[0]!.id;
    expect((await reminderRow(id)).dueAt).toEqual(new Date("2026-03-28T18:00:00Z"));
    // The same instant in Kolkata (22:30 IST, no summer time): the day before at 22:30 IST is exactly 24 hours earlier.
    await updateEvent(test.db, world.actors.owner, {
      eventId: event.id,
      changes: { timezone: "Asia/Kolkata" },
      now: new Date("2026-03-01T08:00:00Z"),
    });
    expect((await reminderRow(id)).dueAt).toEqual(new Date("2026-03-28T17:00:00Z"));
  });

  it("writes no message when nobody had ordered by the reminder's time, and marks it sent all the same", async () => {
    const event = await insertEvent(test.db, world.organization.id, {
      startAt: start,
      timezone: "Europe/Paris",
      status: "published",
    });
    const { reminders } = await updateEventReminders(test.db, world.actors.owner, {
      eventId: event.id,
      reminders: [{ offset_value: 24, offset_unit: "hours", subject: "", body: "", enabled: true }],
      now: setUpAt,
    });
    // Placed after the reminder's time, and a cancelled one before: neither gets a reminder.
    await insertOrder(test.db, event, { status: "paid", createdAt: new Date(dayBefore.getTime() + MINUTE) });
    await insertOrder(test.db, event, { status: "cancelled", createdAt: setUpAt });
    expect(await claimFor(event.id, new Date(dayBefore.getTime() + 2 * MINUTE))).toEqual([]);
    expect(await messagesOf(event.id)).toEqual([]);
    expect((await reminderRow(reminders[0]!.id)).sentForStartAt).toEqual(start);
  });

  it("goes with its event: deleting the event deletes the reminder and its messages", async () => {
    const { event, reminder } = await eventWithReminder();
    expect(await claimFor(event.id, dayBefore)).toHaveLength(1);
    await deleteEvent(test.db, world.actors.owner, { eventId: event.id, confirmation: "DELETE" });
    expect(await messagesOf(event.id)).toEqual([]);
    expect(await test.db.select().from(eventReminders).where(eq(eventReminders.id, reminder.id))).toEqual([]);
  });

  it("sends once when two runs claim at the same time, on two connections", async () => {
    const { event } = await eventWithReminder();
    const second = createLibsqlDatabase(test.url);
    try {
      const [a, b] = await Promise.all([claimFor(event.id, dayBefore), claimFor(event.id, dayBefore, second.db)]);
      expect(a.length + b.length).toBe(1);
      expect(await messagesOf(event.id)).toHaveLength(1);
    } finally {
      second.close();
    }
  });
});
