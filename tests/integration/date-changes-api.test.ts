import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { confirmOrder } from "#domain/booking/confirm-order";
import { placeOrder } from "#domain/booking/place-order";
import { apiClient } from "./api-client";
import { insertEvent, insertMember, insertOrganization, insertTicket, insertUser } from "../support/fixtures";

// Issue 30 §4: after a date is cancelled, its participants move to another date with room, or its buyers are
// refunded (demo payments) through the existing refund paths — through the Worker's API on D1.

const db = createD1Database(env.DB);
const NOW = Date.now();
const DAY = 86_400_000;
const tokens: Record<string, string> = {};
const api = apiClient(tokens);
let organizationId: number;
let buyers = 0;

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
  const owner = await insertUser(db);
  await insertMember(db, organizationId, owner.id, "owner");
  tokens.owner = (await createSession(db, owner.id)).token;
  const foreign = await insertOrganization(db);
  const other = await insertUser(db);
  await insertMember(db, foreign.id, other.id, "owner");
  tokens.foreign = (await createSession(db, other.id)).token;
});

async function show(capacities: number[]) {
  const event = await insertEvent(db, organizationId, {
    status: "published",
    startAt: new Date(NOW + 10 * DAY),
    endAt: new Date(NOW + 20 * DAY),
  });
  const dates = await db
    .insert(schema.eventDates)
    .values(
      capacities.map((capacity, i) => ({
        organizationId,
        eventId: event.id,
        startAt: new Date(NOW + (10 + i) * DAY),
        capacity,
      })),
    )
    .returning();
  const ticket = await insertTicket(db, event, { title: "Plein tarif", price: 2500 });
  return { event, dates, ticket };
}

async function paid(eventId: number, items: { ticket_id: number; quantity: number; date_id: number }[]) {
  buyers += 1;
  const placed = await placeOrder(
    db,
    { env: { ENVIRONMENT: "test", SESSION_SECRET: "date-changes-integration-0123456789" }, now: NOW },
    {
      eventId,
      body: {
        items,
        buyer: { first_name: "Léon", last_name: "Roux", email: `dates${buyers}@exemple.test` },
        answers: {},
        locale: "fr",
      },
    },
  );
  await confirmOrder(db, { orderId: placed.id, paidAt: NOW, paymentIntentId: `pi_demo_${placed.id}`, now: NOW });
  return placed.id;
}

const soldOf = async (dateId: number) =>
  (await db.select().from(schema.eventDates).where(eq(schema.eventDates.id, dateId)))[0]!.sold;

describe("after a date is cancelled (issue 30 §4)", () => {
  it("moves its participants to a date with room, and refuses one without, moving nothing", async () => {
    const { event, dates, ticket } = await show([10, 3, 2]);
    const [cancelled, roomy, small] = dates as [schema.EventDate, schema.EventDate, schema.EventDate];
    const order = await paid(event.id, [{ ticket_id: ticket.id, quantity: 3, date_id: cancelled.id }]);
    await db.update(schema.eventDates).set({ status: "cancelled" }).where(eq(schema.eventDates.id, cancelled.id));

    const tooSmall = await api(`/events/${event.id}/dates/${cancelled.id}/move`, {
      method: "POST",
      body: { to_date_id: small.id },
      as: "owner",
    });
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.json.code).toBe("no_room");
    expect(await soldOf(cancelled.id)).toBe(3);

    const foreign = await api(`/events/${event.id}/dates/${cancelled.id}/move`, {
      method: "POST",
      body: { to_date_id: roomy.id },
      as: "foreign",
    });
    expect(foreign.status).toBe(404);

    const moved = await api(`/events/${event.id}/dates/${cancelled.id}/move`, {
      method: "POST",
      body: { to_date_id: roomy.id },
      as: "owner",
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toEqual({ moved: 3 });
    expect([await soldOf(cancelled.id), await soldOf(roomy.id)]).toEqual([0, 3]);
    const people = await db.select().from(schema.participants).where(eq(schema.participants.orderId, order));
    expect(people.every((p) => p.dateId === roomy.id && p.eventDate?.getTime() === roomy.startAt.getTime())).toBe(true);
    const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, order));
    expect(row!.dateId).toBe(roomy.id);
    // The integrators' lists carry the date (issue 30 §6).
    const listed = await api(`/events/${event.id}/participants?limit=10`, { as: "owner" });
    expect(listed.json.data.map((p: { date_id?: number }) => p.date_id)).toEqual([roomy.id, roomy.id, roomy.id]);
    const orders = await api(`/events/${event.id}/orders?limit=10`, { as: "owner" });
    expect(orders.json.data[0].date_id).toBe(roomy.id);
  });

  it("refunds a cancelled date's buyers, in full or only that date's places, a few orders per call", async () => {
    const { event, dates, ticket } = await show([-1, -1]);
    const [cancelled, kept] = dates as [schema.EventDate, schema.EventDate];
    const whole = await paid(event.id, [{ ticket_id: ticket.id, quantity: 2, date_id: cancelled.id }]);
    const mixed = await paid(event.id, [
      { ticket_id: ticket.id, quantity: 1, date_id: cancelled.id },
      { ticket_id: ticket.id, quantity: 1, date_id: kept.id },
    ]);
    const notYet = await api(`/events/${event.id}/dates/${cancelled.id}/refund`, {
      method: "POST",
      body: {},
      as: "owner",
    });
    expect(notYet.status).toBe(409);
    expect(notYet.json.code).toBe("date_not_cancelled");

    await db.update(schema.eventDates).set({ status: "cancelled" }).where(eq(schema.eventDates.id, cancelled.id));
    const done = await api(`/events/${event.id}/dates/${cancelled.id}/refund`, {
      method: "POST",
      body: {},
      as: "owner",
    });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ refunded: 2, failed: [], not_refundable: 0, next: null });

    const orders = await db.select().from(schema.orders).where(eq(schema.orders.eventId, event.id));
    expect(orders.find((o) => o.id === whole)!.status).toBe("refunded");
    const partly = orders.find((o) => o.id === mixed)!;
    expect(partly.status).toBe("paid");
    expect(partly.refundedAmount).toBeGreaterThanOrEqual(2500);
    const left = await db
      .select()
      .from(schema.participants)
      .where(and(eq(schema.participants.eventId, event.id)));
    expect(left.map((p) => p.dateId)).toEqual([kept.id]);
    expect([await soldOf(cancelled.id), await soldOf(kept.id)]).toEqual([0, 1]);

    const again = await api(`/events/${event.id}/dates/${cancelled.id}/refund`, {
      method: "POST",
      body: {},
      as: "owner",
    });
    expect(again.json).toMatchObject({ refunded: 0, next: null });
  });
});
