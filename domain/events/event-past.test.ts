import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, eventStatuses } from "#db/schema";
import { insertEvent, insertOrganization } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { eventDisplayStatus, eventDisplayStatusSql, eventNotPastSql, eventPastSql, isEventPast } from "./event-past";

describe("the past-event rule, in JS and in SQL", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const ends = [null, new Date(now.getTime() - 60_000), now, new Date(now.getTime() + 60_000)];
  let t: LibsqlTestDatabase;
  const rows: { id: number; status: (typeof eventStatuses)[number]; endAt: Date | null }[] = [];

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    const organization = await insertOrganization(t.db);
    for (const status of eventStatuses)
      for (const endAt of ends) {
        const event = await insertEvent(t.db, organization.id, { status, endAt });
        rows.push({ id: event.id, status, endAt });
      }
  });
  afterAll(() => t?.close());

  it("is past only once the end is behind us, never without an end", () => {
    expect(isEventPast({ endAt: null }, now)).toBe(false);
    expect(isEventPast({ endAt: now }, now)).toBe(false);
    expect(isEventPast({ endAt: new Date(now.getTime() - 1) }, now)).toBe(true);
    expect(eventDisplayStatus({ status: "archived", endAt: new Date(0) }, now)).toBe("archived");
    expect(eventDisplayStatus({ status: "published", endAt: new Date(0) }, now)).toBe("past");
    expect(eventDisplayStatus({ status: "draft", endAt: null }, now)).toBe("draft");
  });

  it("selects and labels the same events in SQL as in JS", async () => {
    const past = await t.db.select({ id: events.id }).from(events).where(eventPastSql(now));
    expect(past.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      rows.filter((row) => isEventPast(row, now)).map((row) => row.id),
    );
    const notPast = await t.db.select({ id: events.id }).from(events).where(eventNotPastSql(now));
    expect(notPast.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      rows.filter((row) => !isEventPast(row, now)).map((row) => row.id),
    );
    const labelled = await t.db
      .select({ id: events.id, shown: eventDisplayStatusSql(now) })
      .from(events)
      .orderBy(sql`${events.id}`);
    expect(labelled).toEqual(rows.map((row) => ({ id: row.id, shown: eventDisplayStatus(row, now) })));
  });
});
