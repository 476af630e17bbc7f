import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { failure } from "../../tests/support/failure";
import { actorOf, insertEvent, insertMember, insertOrganization, insertUser } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { isAppError } from "../shared/app-error";
import { assertWaitingRoomPass } from "../waiting-room/waiting-room-gate";
import { signWaitingRoomPass } from "../waiting-room/waiting-room-pass";
import { scheduleOnSale } from "../waiting-room/schedule-on-sale";
import { bookingRouteOf, forgetBookingRoute } from "./booking-route-memo";

const ENV = { ENVIRONMENT: "test", SESSION_SECRET: "booking-route-suite-secret-0123456789abcdef" };
const MINUTE = 60_000;

describe("the booking route an isolate remembers (decision 0076)", () => {
  let t: { db: Database; close?: () => void };
  let organizationId: number;

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    organizationId = (await insertOrganization(t.db)).id;
  });
  afterAll(() => t.close?.());

  /** A change made by another isolate: straight into the database, which this isolate's memo does not see. */
  async function elsewhere(eventId: number, values: Partial<typeof schema.events.$inferInsert>) {
    await t.db.update(schema.events).set(values).where(eq(schema.events.id, eventId));
  }

  it("reads an event's inventory mode and on-sale together, and trusts them for two seconds", async () => {
    const now = Date.now();
    const event = await insertEvent(t.db, organizationId, { status: "published" });
    expect(await bookingRouteOf(t.db, event.id, now)).toEqual({ inventoryMode: "database", onSale: null });

    const onSaleAt = now + 10 * MINUTE;
    await elsewhere(event.id, {
      inventoryMode: "object",
      onSaleAt: new Date(onSaleAt),
      waitingRoomOpensAt: new Date(now - MINUTE),
      waitingRoomClosesAt: new Date(onSaleAt + 60 * MINUTE),
      waitingRoomRatePerMinute: 300,
    });
    expect(await bookingRouteOf(t.db, event.id, now + 1_999)).toEqual({ inventoryMode: "database", onSale: null });
    expect(await bookingRouteOf(t.db, event.id, now + 2_000)).toEqual({
      inventoryMode: "object",
      onSale: { onSaleAt, opensAt: now - MINUTE, closesAt: onSaleAt + 60 * MINUTE, ratePerMinute: 300 },
    });
  });

  it("an event that does not exist books nowhere but through D1, which answers 404", async () => {
    expect(await bookingRouteOf(t.db, 987_654_321)).toEqual({ inventoryMode: "database", onSale: null });
  });

  it("a waiting room scheduled in another isolate holds bookings without a pass within two seconds, on time", async () => {
    const now = Date.now();
    const event = await insertEvent(t.db, organizationId, { status: "published" });
    const gate = (at: number, pass?: string) => assertWaitingRoomPass(t.db, ENV, { eventId: event.id, pass, now: at });
    await gate(now);

    const onSaleAt = now + 30 * MINUTE;
    await elsewhere(event.id, {
      onSaleAt: new Date(onSaleAt),
      waitingRoomOpensAt: new Date(now + 10 * MINUTE),
      waitingRoomClosesAt: new Date(onSaleAt + 60 * MINUTE),
      waitingRoomRatePerMinute: 300,
    });
    // Remembered before the room existed, for two seconds at most.
    await gate(now + 1_000);
    // Read again: the room is scheduled but not open yet.
    await gate(now + 2_500);
    // The remembered on-sale opens its room on time, without another read.
    const refused = await failure(gate(now + 10 * MINUTE));
    expect(isAppError(refused) && refused.messageKey).toBe("waiting-room:errors.waiting-room-required");
    const pass = signWaitingRoomPass(ENV, { eventId: event.id, expiresAt: now + 20 * MINUTE });
    await gate(now + 10 * MINUTE, pass);
  });

  it("an on-sale the organizer schedules or removes counts at once in the isolate that changed it", async () => {
    const now = Date.now();
    const owner = await insertUser(t.db);
    await insertMember(t.db, organizationId, owner.id, "owner");
    const actor = actorOf(owner, organizationId, "owner");
    const event = await insertEvent(t.db, organizationId, { status: "published", timezone: "Europe/Paris" });
    const gate = () => assertWaitingRoomPass(t.db, ENV, { eventId: event.id, pass: undefined, now: Date.now() });
    await gate();

    const soon = new Date(now + 5 * MINUTE);
    const local = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Europe/Paris",
      dateStyle: "short",
      timeStyle: "short",
    })
      .format(soon)
      .replace(" ", "T");
    await scheduleOnSale(t.db, actor, {
      eventId: event.id,
      onSale: { on_sale_at: local, lead_minutes: 15, duration_minutes: 60, rate_per_minute: 500 },
    });
    const refused = await failure(gate());
    expect(isAppError(refused) && refused.messageKey).toBe("waiting-room:errors.waiting-room-required");

    await scheduleOnSale(t.db, actor, { eventId: event.id, onSale: null });
    await gate();
  });

  it("forgetting reads the route again at once", async () => {
    const now = Date.now();
    const event = await insertEvent(t.db, organizationId, { status: "published" });
    expect((await bookingRouteOf(t.db, event.id, now)).inventoryMode).toBe("database");
    await elsewhere(event.id, { inventoryMode: "object" });
    expect((await bookingRouteOf(t.db, event.id, now)).inventoryMode).toBe("database");
    forgetBookingRoute(event.id);
    expect((await bookingRouteOf(t.db, event.id, now)).inventoryMode).toBe("object");
  });
});
