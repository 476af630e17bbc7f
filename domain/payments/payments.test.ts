import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProviderFromEnv, signDemoWebhookPayload, type PaymentsEnv } from "#adapters/payments";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { placeOrder } from "../booking/place-order";
import { bookingCheckout, checkoutLineItems } from "./booking-checkout";
import { demoSessionEvent } from "./demo-checkout";
import { receiveProviderWebhook } from "./receive-webhook";
import { refundOrder } from "./refund-order";

const labels = { fees: "Frais de service", order: "Commande n° 7" };

describe("checkoutLineItems", () => {
  it("sells each line at its unit price when its total divides by its quantity", () => {
    expect(
      checkoutLineItems(
        {
          orderId: 7,
          amount: 5000,
          lines: [
            { title: "Plein tarif", quantity: 2, amount: 4000 },
            { title: "Vestiaire", quantity: 1, amount: 1000 },
          ],
        },
        labels,
      ),
    ).toEqual([
      { name: "Plein tarif", unitAmount: 2000, quantity: 2 },
      { name: "Vestiaire", unitAmount: 1000, quantity: 1 },
    ]);
  });

  it("keeps the total exact: odd discounts as one unit, added fees as one more line, free lines left out", () => {
    expect(
      checkoutLineItems(
        {
          orderId: 7,
          amount: 3700,
          lines: [
            { title: "Réduit", quantity: 3, amount: 3599 },
            { title: "Invitation", quantity: 1, amount: 0 },
          ],
        },
        labels,
      ),
    ).toEqual([
      { name: "3 × Réduit", unitAmount: 3599, quantity: 1 },
      { name: "Frais de service", unitAmount: 101, quantity: 1 },
    ]);
  });

  it("collapses into one line when the lines add up to more than the order", () => {
    expect(
      checkoutLineItems(
        { orderId: 7, amount: 1500, lines: [{ title: "Plein tarif", quantity: 1, amount: 2000 }] },
        labels,
      ),
    ).toEqual([{ name: "Commande n° 7", unitAmount: 1500, quantity: 1 }]);
  });
});

// The same payment path on libSQL (Node scripts, Turso): the webhook's effects and the refund batch.
describe("payments on libSQL (demo mode)", () => {
  const env: PaymentsEnv = { ENVIRONMENT: "test" };
  let t: LibsqlTestDatabase;
  let db: Database;

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    db = t.db;
  });
  afterAll(() => t.close());

  it("confirms a demo payment once, then refunds it with the places back on sale", async () => {
    const organization = await insertOrganization(db);
    const owner = await insertUser(db);
    await insertMember(db, organization.id, owner.id, "owner");
    const future = new Date(Date.now() + 30 * 86_400_000);
    const event = await insertEvent(db, organization.id, { status: "published", startAt: future, endAt: future });
    const ticket = await insertTicket(db, event, { price: 1500, amount: 4 });
    const provider = paymentProviderFromEnv(env, db);
    const placed = await placeOrder(
      db,
      {
        env: { ENVIRONMENT: "test", SESSION_SECRET: "payments-unit-secret-0123456789abcdef" },
        createCheckout: bookingCheckout(db, provider, { appUrl: "http://localhost:5173" }),
      },
      {
        eventId: event.id,
        body: {
          items: [{ ticket_id: ticket.id, quantity: 2 }],
          buyer: { first_name: "Jules", last_name: "Perrin", email: "jules@exemple.test" },
          answers: {},
          locale: "fr",
        },
      },
    );
    const sessionId = decodeURIComponent(new URL(placed.checkoutUrl!).pathname.split("/").pop()!);
    const payload = JSON.stringify(
      demoSessionEvent(
        { sessionId, orderId: placed.id, eventId: event.id, amount: placed.amount },
        "checkout.session.completed",
        Date.now(),
      ),
    );
    const signature = await signDemoWebhookPayload(env, payload);

    expect(await receiveProviderWebhook(db, { provider }, { payload, signature: "t=1,v1=00" })).toEqual({
      status: 400,
      error: "invalid_signature",
    });
    expect(await receiveProviderWebhook(db, { provider }, { payload, signature })).toMatchObject({
      status: 200,
      result: { outcome: "confirmed" },
    });
    expect(await receiveProviderWebhook(db, { provider }, { payload, signature })).toMatchObject({
      result: { outcome: "duplicate" },
    });
    const purchased = async () =>
      (await db.select().from(schema.tickets).where(eq(schema.tickets.id, ticket.id)))[0]!.purchased;
    expect(await purchased()).toBe(2);

    const actor = actorOf(owner, organization.id, "owner");
    expect(await refundOrder(db, { provider }, actor, { orderId: placed.id })).toMatchObject({ refunded: true });
    expect(await refundOrder(db, { provider }, actor, { orderId: placed.id })).toMatchObject({ refunded: false });
    expect(await purchased()).toBe(0);
    const [participants] = await db
      .select({ n: count() })
      .from(schema.participants)
      .where(eq(schema.participants.orderId, placed.id));
    expect(participants!.n).toBe(0);
    const ledger = await db
      .select({ type: schema.transactions.type, amount: schema.transactions.amount })
      .from(schema.transactions)
      .where(eq(schema.transactions.orderId, placed.id))
      .orderBy(schema.transactions.id);
    expect(ledger).toEqual([
      { type: "charge", amount: placed.amount },
      { type: "refund", amount: -placed.amount },
    ]);
  });
});
