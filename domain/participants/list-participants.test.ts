import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailQuotaUsage, eventDates } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { listParticipants, type ParticipantSortId } from "./list-participants";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let eventId: number;
const TOTAL = 547;
/** Holders of the cancelled order: not listed unless its status is asked for (decision 0045). */
let released = 0;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
  const event = await insertEvent(test.db, world.organization.id, { title: "Profond" });
  eventId = event.id;
  const cheap = await insertTicket(test.db, event, { title: "Réduit", price: 1000 });
  const full = await insertTicket(test.db, event, { title: "Plein tarif", price: 2500 });
  // Orders of several sizes and days: many ties on name, price and date, which the id breaks.
  let left = TOTAL;
  for (let i = 0; left > 0; i++) {
    const count = Math.min(left, 40 + (i % 3) * 25);
    if (i === 3) released = count;
    await insertOrder(test.db, event, {
      status: i === 3 ? "cancelled" : "paid",
      places: [{ ticket: i % 2 === 0 ? cheap : full, count }],
      createdAt: new Date(Date.UTC(2027, 0, 1 + (i % 5))),
    });
    left -= count;
  }
});
afterAll(() => test?.close());

describe("listParticipants on deep pages", () => {
  const sorts: ({ id: ParticipantSortId; desc: boolean } | null)[] = [
    null,
    { id: "id", desc: false },
    { id: "name", desc: false },
    { id: "price", desc: true },
    { id: "created_at", desc: true },
    { id: "ticket", desc: false },
  ];

  it("gives every page, read from either end, exactly the rows of the whole ordered list", async () => {
    const owner = world.actors.owner;
    for (const sort of sorts) {
      const whole = await listParticipants(test.db, owner, { eventId, offset: 0, limit: 1000, sort });
      expect(released).toBeGreaterThan(0);
      expect(whole.total).toBe(TOTAL - released);
      expect(whole.rows).toHaveLength(TOTAL - released);
      // A shallow page, one before and one past the middle beyond the deep threshold, the last (partial) page, and
      // a page past the end.
      for (const page of [0, 27, 50, 53, 54, 60]) {
        const offset = page * 10;
        const read = await listParticipants(test.db, owner, { eventId, offset, limit: 10, sort });
        expect(read.total, `${JSON.stringify(sort)} page ${page}`).toBe(TOTAL - released);
        expect(
          read.rows.map((row) => row.id),
          `${JSON.stringify(sort)} page ${page}`,
        ).toEqual(whole.rows.slice(offset, offset + 10).map((row) => row.id));
      }
    }
  });

  it("counts and pages a filtered list from the far end too", async () => {
    const owner = world.actors.owner;
    const input = { eventId, limit: 10, sort: null, orderStatuses: ["paid" as const] };
    const whole = await listParticipants(test.db, owner, { ...input, offset: 0, limit: 1000 });
    expect(whole.total).toBeGreaterThan(500);
    const lastOffset = Math.floor((whole.total - 1) / 10) * 10;
    const last = await listParticipants(test.db, owner, { ...input, offset: lastOffset });
    expect(last.total).toBe(whole.total);
    expect(last.rows.map((row) => row.id)).toEqual(whole.rows.slice(lastOffset).map((row) => row.id));
    expect(last.rows.every((row) => row.orderStatus === "paid")).toBe(true);
  });
});

describe("listParticipants' facets", () => {
  it("brings the event's dates, first first, and what the organization may still send today, on every page", async () => {
    const owner = world.actors.owner;
    const organizationId = world.organization.id;
    const now = Date.UTC(2027, 2, 10, 12);
    const later = await test.db
      .insert(eventDates)
      .values({ organizationId, eventId, startAt: new Date(Date.UTC(2027, 5, 2, 18)) })
      .returning({ id: eventDates.id });
    const sooner = await test.db
      .insert(eventDates)
      .values({ organizationId, eventId, startAt: new Date(Date.UTC(2027, 5, 1, 18)), status: "sold_out" })
      .returning({ id: eventDates.id });
    await test.db.insert(emailQuotaUsage).values({ organizationId, day: "2027-03-10", sent: 120, quota: 500 });
    try {
      // A shallow page, a deep one (its rows read after the total) and a search: the same facets.
      for (const input of [{ offset: 0 }, { offset: 520 }, { offset: 0, search: "zzz-nobody" }]) {
        const page = await listParticipants(test.db, owner, { eventId, limit: 10, sort: null, now, ...input });
        expect(page.dates).toEqual([
          { id: sooner[0]!.id, startAt: Date.UTC(2027, 5, 1, 18), status: "sold_out" },
          { id: later[0]!.id, startAt: Date.UTC(2027, 5, 2, 18), status: "on_sale" },
        ]);
        expect(page.emailQuota).toEqual({ limit: 500, used: 120, remaining: 380 });
      }
      // Another day starts with the whole quota.
      const tomorrow = await listParticipants(test.db, owner, {
        eventId,
        offset: 0,
        limit: 10,
        sort: null,
        now: now + 86_400_000,
      });
      expect(tomorrow.emailQuota).toEqual({ limit: 500, used: 0, remaining: 500 });
    } finally {
      await test.db.delete(eventDates).where(eq(eventDates.eventId, eventId));
      await test.db.delete(emailQuotaUsage).where(eq(emailQuotaUsage.organizationId, organizationId));
    }
  });
});
