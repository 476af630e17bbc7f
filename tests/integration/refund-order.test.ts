import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentProviderFromEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { refundOrder } from "#domain/payments/refund-order";
import { failure } from "../support/failure";
import { actorOf, insertEvent, insertMember, insertOrder, insertOrganization, insertUser } from "../support/fixtures";

// The organizer's refund against D1 when the provider refuses it, and for a paid order as the demo seed writes it.
const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);

async function paidOrder(paymentIntentId: string) {
  const organization = await insertOrganization(db);
  const owner = await insertUser(db);
  await insertMember(db, organization.id, owner.id, "owner");
  const event = await insertEvent(db, organization.id, { status: "published", startAt: FUTURE, endAt: FUTURE });
  const { order } = await insertOrder(db, event, { status: "paid", tickets: 2, price: 3900 });
  await db.update(schema.orders).set({ stripePaymentIntentId: paymentIntentId }).where(eq(schema.orders.id, order.id));
  return { order, actor: actorOf(owner, organization.id, "owner") };
}

async function stateOf(orderId: number) {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const [participants] = await db
    .select({ n: count() })
    .from(schema.participants)
    .where(eq(schema.participants.orderId, orderId));
  const ledger = await db
    .select({ type: schema.transactions.type, amount: schema.transactions.amount })
    .from(schema.transactions)
    .where(eq(schema.transactions.orderId, orderId));
  return { status: order!.status, updatedAt: order!.updatedAt, participants: participants!.n, ledger };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("refundOrder when the provider refuses", () => {
  it("answers a translated conflict and writes nothing (demo: a payment it does not know)", async () => {
    const { order, actor } = await paidOrder("pi_elsewhere_4242");
    const before = await stateOf(order.id);
    const provider = paymentProviderFromEnv({ ENVIRONMENT: "test" }, db);

    const error = await failure(refundOrder(db, { provider }, actor, { orderId: order.id }));
    expect(error.code).toBe("conflict");
    expect(error.messageKey).toBe("orders:errors.refund-failed");
    expect(await stateOf(order.id)).toEqual(before);
    expect(before).toMatchObject({ status: "paid", participants: 2, ledger: [] });
  });

  it("answers a translated conflict and writes nothing (Stripe answers an error)", async () => {
    const { order, actor } = await paidOrder("pi_3StripeRefused");
    const before = await stateOf(order.id);
    const fetchStub = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Already refunded" },
          }),
          { status: 400, headers: { "Content-Type": "application/json" } },
        ),
    );
    vi.stubGlobal("fetch", fetchStub);
    const provider = paymentProviderFromEnv(
      { ENVIRONMENT: "test", STRIPE_SECRET_KEY: "sk_test_guichet", STRIPE_WEBHOOK_SECRET: "whsec_guichet" },
      db,
    );

    const error = await failure(refundOrder(db, { provider }, actor, { orderId: order.id }));
    expect(error).toMatchObject({ code: "conflict", messageKey: "orders:errors.refund-failed" });
    expect(fetchStub).toHaveBeenCalled();
    expect(await stateOf(order.id)).toEqual(before);
  });
});

describe("refundOrder in demo mode", () => {
  it("refunds a paid order whose payment id is the seed's pi_demo_<hex>", async () => {
    const paymentIntentId = "pi_demo_3f9a0c1b2d4e5f60718293a4";
    const { order, actor } = await paidOrder(paymentIntentId);
    const provider = paymentProviderFromEnv({ ENVIRONMENT: "test" }, db);

    expect(await refundOrder(db, { provider }, actor, { orderId: order.id })).toEqual({
      refunded: true,
      refundId: "re_demo_3f9a0c1b2d4e5f60718293a4",
    });
    const after = await stateOf(order.id);
    expect(after.status).toBe("refunded");
    expect(after.participants).toBe(0);
    expect(after.ledger).toEqual([{ type: "refund", amount: -7800 }]);
    expect(await provider.listRefunds(paymentIntentId)).toEqual([
      { id: "re_demo_3f9a0c1b2d4e5f60718293a4", paymentIntentId, amount: 7800, status: "succeeded" },
    ]);
  });
});
