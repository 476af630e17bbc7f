import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_WEBHOOK_SECRET, paymentProviderFromEnv, type PaymentsEnv } from "#adapters/payments";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { placeOrder, type PlaceOrderDeps } from "#domain/booking/place-order";
import { quotaDay } from "#domain/emails/email-quota";
import { DUE_EMAIL_SWEEP_AGE_MS, takeDueOrderEmails } from "#domain/order-documents/order-email-outbox";
import { orderRefundJob, refundEmailKey } from "#domain/order-documents/refund-email-outbox";
import { bookingCheckout } from "#domain/payments/booking-checkout";
import { demoSessionEvent } from "#domain/payments/demo-checkout";
import { refundOrder } from "#domain/payments/refund-order";
import { handleQueueBatch } from "../../workers/queue";
import { FakeStripe, stripeEvent } from "../support/fault-stripe";
import { recordingQueue, stripeDelivery, testEnv, workerFetch } from "../support/fault-worker";
import { actorOf, insertEvent, insertMember, insertOrganization, insertTicket, insertUser } from "../support/fixtures";

// Issue 25 §4: a refund tells the buyer. The organizer's refund (demo mode) records the notice in the order-email
// outbox with the refund itself, counted in the daily email quota; the queue consumer sends it into the dev mailbox in
// the buyer's language, once, retrying a failed send.

const BASE = "http://localhost";
const db = createD1Database(env.DB);
const provider = paymentProviderFromEnv(env, db);
const BOOKING_ENV: PlaceOrderDeps["env"] = {
  ENVIRONMENT: "test",
  SESSION_SECRET: "refund-email-secret-0123456789abcdef",
};
// Saturday 14 June 2031, 20:30 in Paris.
const START = new Date(Date.UTC(2031, 5, 14, 18, 30));

type MailboxRow = { to: string; subject: string; text: string; html: string };

/** The refund notices in the dev mailbox for `to` (the order's confirmation may be there too, sent by the queue). */
async function mailbox(to: string): Promise<MailboxRow[]> {
  const response = await exports.default.fetch(`${BASE}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  const rows = (await response.json()) as MailboxRow[];
  return rows.filter((row) => /^(Remboursement|Refund) /.test(row.subject));
}

/** Runs the Worker's queue consumer on one delivery of `body`, as the Queues runtime would. */
async function deliver(body: unknown, options: { attempts?: number; env?: Env } = {}) {
  const attempts = options.attempts ?? 1;
  const batch = createMessageBatch<unknown>("guichet-jobs", [
    { id: `refund-${attempts}`, timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, options.env ?? env, ctx);
  return getQueueResult(batch, ctx);
}

let sequence = 0;

/** A paid order (demo checkout completed through the real webhook route): two tickets and one add-on. */
async function paidOrder(input: { locale: "fr" | "en"; quota?: number }) {
  sequence += 1;
  const organization = await insertOrganization(db, { dailyEmailQuota: input.quota ?? null });
  const owner = await insertUser(db);
  await insertMember(db, organization.id, owner.id, "owner");
  const event = await insertEvent(db, organization.id, {
    title: "Nuit du Jazz",
    status: "published",
    startAt: START,
    endAt: new Date(START.getTime() + 3 * 3_600_000),
    timezone: "Europe/Paris",
  });
  const ticket = await insertTicket(db, event, { title: "Plein tarif", price: 2500, amount: 10 });
  const addon = await insertTicket(db, event, { title: "Parking", price: 500, amount: 10, ticketType: "addon" });
  const email = `refund${sequence}.${input.locale}@exemple.test`;
  const buyer = { first_name: "Élise", last_name: "Núñez", email };
  const placed = await placeOrder(
    db,
    { env: BOOKING_ENV, createCheckout: bookingCheckout(db, provider, { appUrl: BASE }) },
    {
      eventId: event.id,
      body: {
        items: [
          { ticket_id: ticket.id, quantity: 2 },
          { ticket_id: addon.id, quantity: 1 },
        ],
        buyer,
        participants: [
          { ticket_id: ticket.id, ...buyer, answers: {} },
          {
            ticket_id: ticket.id,
            first_name: "Hugo",
            last_name: "Núñez",
            email: `hugo${sequence}@exemple.test`,
            answers: {},
          },
        ],
        answers: {},
        locale: input.locale,
      },
    },
  );
  expect(placed.status).toBe("pending");
  const sessionId = decodeURIComponent(new URL(placed.checkoutUrl!).pathname.split("/").pop()!);
  const completed = demoSessionEvent(
    { orderId: placed.id, eventId: event.id, amount: placed.amount, sessionId },
    "checkout.session.completed",
    Date.now(),
  );
  const payload = JSON.stringify(completed);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: DEMO_WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const response = await exports.default.fetch(`${BASE}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  expect(await response.json()).toMatchObject({ outcome: "confirmed" });
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, placed.id));
  expect(order!.status).toBe("paid");
  return { organization, event, order: order!, email, actor: actorOf(owner, organization.id, "owner") };
}

async function refundDeliveries(orderId: number) {
  return db
    .select({
      key: schema.orderEmailDeliveries.key,
      kind: schema.orderEmailDeliveries.kind,
      status: schema.orderEmailDeliveries.status,
      attempts: schema.orderEmailDeliveries.attempts,
      lastError: schema.orderEmailDeliveries.lastError,
    })
    .from(schema.orderEmailDeliveries)
    .where(and(eq(schema.orderEmailDeliveries.orderId, orderId), eq(schema.orderEmailDeliveries.kind, "refund")));
}

async function quotaUsed(organizationId: number) {
  const [row] = await db
    .select({ sent: schema.emailQuotaUsage.sent })
    .from(schema.emailQuotaUsage)
    .where(
      and(
        eq(schema.emailQuotaUsage.organizationId, organizationId),
        eq(schema.emailQuotaUsage.day, quotaDay(Date.now())),
      ),
    );
  return row?.sent ?? 0;
}

describe("the refund notice", () => {
  beforeAll(() => {
    expect(env.APP_URL).toBeTruthy();
  });

  it("is recorded with the refund, counted once, and sent once in French with the amount, the lines and the demo's wording", async () => {
    const { organization, order, email, actor } = await paidOrder({ locale: "fr" });
    const usedBefore = await quotaUsed(organization.id);

    expect(await refundOrder(db, { provider }, actor, { orderId: order.id })).toMatchObject({ refunded: true });
    expect(await refundDeliveries(order.id)).toEqual([
      { key: refundEmailKey(order.id), kind: "refund", status: "due", attempts: 0, lastError: null },
    ]);
    expect(await quotaUsed(organization.id)).toBe(usedBefore + 1);
    // A second refund (a double click) records and counts nothing more.
    expect(await refundOrder(db, { provider }, actor, { orderId: order.id })).toMatchObject({ refunded: false });
    expect(await refundDeliveries(order.id)).toHaveLength(1);
    expect(await quotaUsed(organization.id)).toBe(usedBefore + 1);

    const sent = await deliver(orderRefundJob(order.id));
    expect(sent.explicitAcks).toEqual(["refund-1"]);
    const [mail, ...others] = await mailbox(email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe("Remboursement de votre commande pour Nuit du Jazz");
    expect(mail!.text).toContain("Bonjour Élise,");
    expect(mail!.text).toContain(`Votre commande n° ${order.id} pour « Nuit du Jazz » a été remboursée.`);
    expect(mail!.text).toContain(`Montant remboursé : 55,00\u00a0€`);
    expect(mail!.text).toContain("Ce remboursement couvre :\n- 2 × Plein tarif\n- 1 × Parking (option)");
    expect(mail!.text).toContain("Date de l'événement : sam. 14 juin 2031, 20:30 – 23:30");
    expect(mail!.text).toContain("Il s'agit d'une commande de démonstration");
    expect(mail!.text).not.toContain("5 à 10 jours ouvrés");
    expect(mail!.text).toContain("Les billets de cette commande ne sont plus valables à l'entrée.");
    expect(mail!.text).toContain(`${env.APP_URL}/orders/${order.id}?token=${order.accessToken}`);
    expect(mail!.html).toContain("Montant remboursé : 55,00");
    expect(mail!.html).toContain("• 1 × Parking (option)");
    expect(await refundDeliveries(order.id)).toMatchObject([{ status: "sent", attempts: 1 }]);

    // The queue delivers the job again (a lost ack): acknowledged, nothing sent.
    const again = await deliver(orderRefundJob(order.id), { attempts: 2 });
    expect(again.explicitAcks).toEqual(["refund-2"]);
    expect(await mailbox(email)).toHaveLength(1);
  });

  it("speaks the buyer's English and, for a card payment, says when the bank shows it; a failed send is retried", async () => {
    const { order, email, actor } = await paidOrder({ locale: "en" });
    expect(await refundOrder(db, { provider }, actor, { orderId: order.id })).toMatchObject({ refunded: true });
    // The same order as if Stripe had taken the payment (the demo's ids name demo payments).
    await db
      .update(schema.orders)
      .set({ stripePaymentIntentId: `pi_3Test${order.id}` })
      .where(eq(schema.orders.id, order.id));

    // The mail service is down (Resend answers 503 in the test pool): the job is retried, the row released "failed".
    const failed = await deliver(orderRefundJob(order.id), { env: { ...env, RESEND_API_KEY: "re_test" } });
    expect(failed.retryMessages.map((message) => message.msgId)).toEqual(["refund-1"]);
    const [row] = await refundDeliveries(order.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.lastError).toContain("Resend refused the email");
    expect(await mailbox(email)).toHaveLength(0);

    const retried = await deliver(orderRefundJob(order.id), { attempts: 2 });
    expect(retried.explicitAcks).toEqual(["refund-2"]);
    const [mail] = await mailbox(email);
    expect(mail!.subject).toBe("Refund of your order for Nuit du Jazz");
    expect(mail!.text).toContain("Hello Élise,");
    expect(mail!.text).toContain("Amount refunded: 55.00\u00a0€");
    expect(mail!.text).toContain("This refund covers:\n- 2 × Plein tarif\n- 1 × Parking (add-on)");
    expect(mail!.text).toContain("The refund shows on your bank statement within 5 to 10 business days.");
    expect(mail!.text).not.toContain("demo");
    expect(await refundDeliveries(order.id)).toMatchObject([{ status: "sent", attempts: 2 }]);
  });

  it("is handed to the queue again by the sweep when the hand-off after the refund was lost", async () => {
    const { order, actor } = await paidOrder({ locale: "fr" });
    const refundedAt = Date.now();
    expect(await refundOrder(db, { provider, now: refundedAt }, actor, { orderId: order.id })).toMatchObject({
      refunded: true,
    });
    const jobs = await takeDueOrderEmails(db, new Date(refundedAt + DUE_EMAIL_SWEEP_AGE_MS));
    expect(jobs).toContainEqual({ type: "send-order-refund", orderId: order.id });
  });

  it("is not sent past the organization's daily quota, and the refund still goes through", async () => {
    const { organization, order, email, actor } = await paidOrder({ locale: "fr", quota: 0 });
    expect(await refundOrder(db, { provider }, actor, { orderId: order.id })).toMatchObject({ refunded: true });
    const [refunded] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(refunded!.status).toBe("refunded");
    expect(await refundDeliveries(order.id)).toEqual([]);
    expect(await quotaUsed(organization.id)).toBe(0);
    expect(await mailbox(email)).toEqual([]);
  });

  describe("for a full refund made in Stripe's dashboard (Stripe mode, its API stubbed)", () => {
    const STRIPE: PaymentsEnv = {
      ENVIRONMENT: "test",
      STRIPE_SECRET_KEY: "sk_test_guichet_refund_notice",
      STRIPE_WEBHOOK_SECRET: "whsec_guichet_refund_notice_test",
    };
    afterEach(() => vi.restoreAllMocks());

    it("is recorded and queued once by the webhook, and says when the bank shows it", async () => {
      const stripe = new FakeStripe();
      vi.spyOn(globalThis, "fetch").mockImplementation(stripe.handle);
      const organization = await insertOrganization(db, {
        connectedAccountId: "acct_refund_notice",
        isConnectedAccountValid: true,
      });
      const event = await insertEvent(db, organization.id, {
        title: "Nuit du Jazz",
        status: "published",
        startAt: START,
        timezone: "Europe/Paris",
      });
      const ticket = await insertTicket(db, event, { title: "Plein tarif", price: 2500, amount: 5 });
      const stripeProvider = paymentProviderFromEnv(STRIPE, db);
      const email = "dashboard.refund@exemple.test";
      const placed = await placeOrder(
        db,
        { env: BOOKING_ENV, createCheckout: bookingCheckout(db, stripeProvider, { appUrl: BASE }) },
        {
          eventId: event.id,
          body: {
            items: [{ ticket_id: ticket.id, quantity: 1 }],
            buyer: { first_name: "Jules", last_name: "Carte", email },
            answers: {},
            locale: "fr",
          },
        },
      );
      const sessionId = new URL(placed.checkoutUrl!).pathname.split("/").pop()!;
      stripe.pay(sessionId);
      const created = Math.floor(Date.now() / 1000);
      const completed = stripeEvent(
        "checkout.session.completed",
        { id: sessionId, object: "checkout.session" },
        created,
      );
      const queue = recordingQueue();
      const workerEnv = testEnv({ ...STRIPE, JOBS: queue.binding });
      const post = async (body: unknown) => {
        const response = await workerFetch(workerEnv, await stripeDelivery(body, STRIPE.STRIPE_WEBHOOK_SECRET));
        expect(response.status).toBe(200);
      };
      await post(completed);
      stripe.refund(sessionId, placed.amount);
      const refunded = stripeEvent(
        "charge.refunded",
        { id: `ch_${sessionId}`, object: "charge", payment_intent: stripe.paymentIntentOf(sessionId) },
        created + 60,
      );
      await post(refunded);
      await post({ ...refunded, id: `${refunded.id}_again` });

      expect(queue.ofType("send-order-refund")).toEqual([{ type: "send-order-refund", orderId: placed.id }]);
      expect(await refundDeliveries(placed.id)).toMatchObject([{ status: "due", kind: "refund" }]);
      vi.restoreAllMocks();
      await deliver(orderRefundJob(placed.id));
      const [mail, ...others] = await mailbox(email);
      expect(others).toEqual([]);
      expect(mail!.text).toContain("Montant remboursé : 25,00\u00a0€");
      expect(mail!.text).toContain("- 1 × Plein tarif");
      expect(mail!.text).toContain("Le remboursement apparaîtra sur votre relevé bancaire sous 5 à 10 jours ouvrés.");
    });
  });
});
