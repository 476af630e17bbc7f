import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import { insertEvent, insertOrganization, insertTicket } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { releaseOrderHold } from "./expire-order";
import { getHeldOrder, heldOrderSetCookie, readHeldOrderCookie } from "./held-order";
import { placeOrder } from "./place-order";

const env = { ENVIRONMENT: "test", SESSION_SECRET: "held-order-secret-0123456789abcdef" };
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let t: LibsqlTestDatabase;
let db: Database;

beforeAll(async () => {
  t = await createLibsqlTestDatabase();
  db = t.db;
});
afterAll(() => t.close());

async function pendingOrder() {
  const organization = await insertOrganization(db);
  const event = await insertEvent(db, organization.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
  const ticket = await insertTicket(db, event, { price: 2500, amount: 3 });
  const placed = await placeOrder(
    db,
    { env, createCheckout: async () => ({ url: "https://pay.test/cs_1", sessionId: `cs_test_${event.id}` }) },
    {
      eventId: event.id,
      body: {
        items: [{ ticket_id: ticket.id, quantity: 1 }],
        buyer: { first_name: "Inès", last_name: "Morel", email: "ines.morel@exemple.test" },
        answers: {},
        locale: "fr",
        t: null,
      },
    },
  );
  return { event, placed };
}

describe("the held-order cookie", () => {
  it("is scoped to the event's pages until the payment deadline, and reads back what it wrote", () => {
    const now = Date.UTC(2026, 10, 28, 22, 0);
    const cookie = heldOrderSetCookie(
      { id: 42, eventId: 7, accessToken: "abcdefghij234567", payableUntil: now + 30 * 60_000 },
      { requestUrl: "https://guichet.test/events/7/x/book", now },
    );
    expect(cookie).toContain("Path=/events/7;");
    expect(cookie).toContain("Max-Age=1800");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(readHeldOrderCookie(cookie.split(";")[0])).toEqual({ orderId: 42, token: "abcdefghij234567" });
    for (const header of [null, "guichet_held_order=", "guichet_held_order=x.y", "guichet_held_order=1.a%20b"])
      expect(readHeldOrderCookie(header)).toBeNull();
  });

  it("names a pending order of this event with its token, and nothing once it is cancelled, late or elsewhere", async () => {
    const { event, placed } = await pendingOrder();
    const cookie = { orderId: placed.id, token: placed.accessToken };
    expect(await getHeldOrder(db, { eventId: event.id, cookie })).toEqual({
      id: placed.id,
      payableUntil: placed.payableUntil,
      path: `/orders/${placed.id}?token=${placed.accessToken}`,
    });
    expect(await getHeldOrder(db, { eventId: event.id, cookie: { ...cookie, token: "wrongtoken234567" } })).toBeNull();
    expect(await getHeldOrder(db, { eventId: event.id + 1, cookie })).toBeNull();
    expect(await getHeldOrder(db, { eventId: event.id, cookie, now: placed.payableUntil! })).toBeNull();
    await releaseOrderHold(db, placed.id, "cancelled", Date.now());
    expect(await getHeldOrder(db, { eventId: event.id, cookie })).toBeNull();
  });
});
