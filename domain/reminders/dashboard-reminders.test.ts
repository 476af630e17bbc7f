import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventReminders } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld } from "../../tests/support/fixtures";
import { getEventDashboard } from "../events/get-event-dashboard";
import { updateEventReminders } from "./update-event-reminders";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

// Saturday 20 June 2026 20:30 in Paris.
const start = new Date("2026-06-20T18:30:00Z");
const reminder = (offset_value: number, offset_unit: "minutes" | "hours" | "days", enabled = true) => ({
  offset_value,
  offset_unit,
  subject: "",
  body: "",
  enabled,
});

describe("the event dashboard's reminders", () => {
  it("shows the next reminder to go out: enabled, ahead, not yet sent for the current start", async () => {
    const event = await insertEvent(test.db, world.organization.id, { startAt: start, timezone: "Europe/Paris" });
    const { reminders } = await updateEventReminders(test.db, world.actors.owner, {
      eventId: event.id,
      reminders: [reminder(3, "days"), reminder(1, "days", false), reminder(2, "hours")],
      now: new Date("2026-06-01T08:00:00Z"),
    });
    const dashboard = (now: Date) => getEventDashboard(test.db, world.actors.manager, { eventId: event.id, now });

    expect((await dashboard(new Date("2026-06-10T08:00:00Z"))).reminders).toEqual({
      nextSendAt: new Date("2026-06-17T18:30:00Z"),
    });
    // The first one sent: the disabled one is skipped, the 2 hours one is next.
    await test.db.update(eventReminders).set({ sentForStartAt: start }).where(eq(eventReminders.id, reminders[0]!.id));
    expect((await dashboard(new Date("2026-06-17T18:31:00Z"))).reminders).toEqual({
      nextSendAt: new Date("2026-06-20T16:30:00Z"),
    });
    // After the last one's time: nothing scheduled.
    expect((await dashboard(new Date("2026-06-20T17:00:00Z"))).reminders).toEqual({ nextSendAt: null });
  });

  it("has nothing scheduled without a start, and is left out for an API key that reads sales only", async () => {
    const undated = await insertEvent(test.db, world.organization.id, { startAt: null });
    await updateEventReminders(test.db, world.actors.owner, { eventId: undated.id, reminders: [reminder(1, "days")] });
    expect((await getEventDashboard(test.db, world.actors.owner, { eventId: undated.id })).reminders).toEqual({
      nextSendAt: null,
    });
    const salesKey = { ...world.actors.owner, role: "" as const, apiKey: { id: 1, scopes: ["orders:read" as const] } };
    expect((await getEventDashboard(test.db, salesKey, { eventId: undated.id })).reminders).toBeNull();
  });
});
