import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "#db/database";
import { orders } from "#db/schema";

/*
 * The payment provider (docs/decisions/0015-payments.md, contract docs/contracts/payments.md). Stripe when
 * STRIPE_SECRET_KEY is set; otherwise an offline demo that outside development and test refuses to take payments.
 * Demo sessions are the orders themselves (orders.stripe_checkout_session_id), so nothing else is stored for them.
 */

export type PaymentMode = "stripe" | "demo";

export type PaymentsEnv = {
  ENVIRONMENT: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** The Connect endpoint's own secret: events of connected accounts (account.updated, payout.*) are signed with it. */
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
};

/** Signs and verifies the demo checkout's events when STRIPE_WEBHOOK_SECRET is unset (development and test only). */
export const DEMO_WEBHOOK_SECRET = "whsec_guichet_demo_checkout_local_only";

/** Stripe Checkout refuses an `expires_at` closer than 30 minutes; a little margin covers the request's own time. */
const CHECKOUT_MIN_LIFETIME_MS = 30 * 60_000 + 60_000;

export type CheckoutLineItem = { name: string; unitAmount: number; quantity: number };

export type CreateCheckoutSessionInput = {
  orderId: number;
  eventId: number;
  organizationId: number;
  lineItems: CheckoutLineItem[];
  currency: "eur";
  /** The platform fee, cents. */
  applicationFeeAmount: number;
  /** The organization's Stripe account: required in stripe mode (destination charge). */
  connectedAccountId: string | null;
  customerEmail: string;
  /** Epoch ms (the order's payable_until); stripe mode moves it to at least 30 minutes ahead. */
  expiresAt: number;
  successUrl: string;
  cancelUrl: string;
  /** Guichet's own origin: the demo checkout page is ours even when the success address is an organizer's page. */
  appOrigin: string;
  locale: "fr" | "en";
  /** Clock for the demo and the 30-minute floor; defaults to Date.now(). */
  now?: number;
};

export type ProviderCheckoutSession = {
  id: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  paymentIntentId: string | null;
  orderId: number | null;
  amountTotal: number | null;
};

export type ProviderRefundStatus = "pending" | "succeeded" | "failed" | "canceled" | "requires_action";

export type ProviderRefund = { id: string; paymentIntentId: string; amount: number; status: ProviderRefundStatus };

export type ProviderEvent = Stripe.Event;

export interface PaymentProvider {
  readonly mode: PaymentMode;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ id: string; url: string }>;
  /**
   * The session as the provider knows it now (deliveries come late and out of order: never trust an old snapshot).
   * Demo mode has no other source than the event it signed itself: pass its object as `snapshot`.
   */
  retrieveCheckoutSession(sessionId: string, snapshot?: unknown): Promise<ProviderCheckoutSession>;
  refund(input: { paymentIntentId: string; amount?: number; idempotencyKey: string }): Promise<ProviderRefund>;
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** Verifies the Stripe-Signature header; throws on a bad or stale signature. */
  verifyWebhook(payload: string, signatureHeader: string): Promise<ProviderEvent>;
  /** stripe mode: the configured client (Connect, payouts for finance); null in demo mode. */
  readonly stripe: Stripe | null;
}

export class PaymentsUnavailableError extends Error {
  override name = "PaymentsUnavailableError";
}

/** Development and test may run the demo checkout; a deployment without a Stripe key takes no payment at all. */
export function demoPaymentsAllowed(env: Pick<PaymentsEnv, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";
}

export function paymentModeOf(env: Pick<PaymentsEnv, "STRIPE_SECRET_KEY">): PaymentMode {
  return env.STRIPE_SECRET_KEY ? "stripe" : "demo";
}

/** The secret webhooks are verified with: Stripe's, else the demo one where the demo may run, else none. */
function webhookSecretOf(env: PaymentsEnv): string | null {
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  return paymentModeOf(env) === "demo" && demoPaymentsAllowed(env) ? DEMO_WEBHOOK_SECRET : null;
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

async function verifyWithSecret(payload: string, signatureHeader: string, secret: string | null) {
  if (!secret) throw new PaymentsUnavailableError("No webhook secret is configured");
  return Stripe.webhooks.constructEventAsync(payload, signatureHeader, secret, undefined, cryptoProvider);
}

/** Signs `payload` the way Stripe signs its deliveries (t=…,v1=HMAC-SHA256), with the demo secret. */
export async function signDemoWebhookPayload(env: PaymentsEnv, payload: string, now = Date.now()): Promise<string> {
  const secret = webhookSecretOf(env);
  if (!secret || paymentModeOf(env) !== "demo") throw new PaymentsUnavailableError("The demo checkout is off");
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp: Math.floor(now / 1000),
    cryptoProvider,
  });
}

export function paymentProviderFromEnv(env: PaymentsEnv, db: Database): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) return stripeProvider(env, env.STRIPE_SECRET_KEY);
  return demoProvider(env, db);
}

/** The one way a Stripe client is made (finance's adapters use it too). */
export function stripeClient(secretKey: string): Stripe {
  // Looked up at call time so that tests can stub the global fetch (the network boundary) after the client exists.
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries: 1,
  });
}

function stripeProvider(env: PaymentsEnv, secretKey: string): PaymentProvider {
  const stripe = stripeClient(secretKey);
  const asRefund = (refund: Stripe.Refund, paymentIntentId: string): ProviderRefund => ({
    id: refund.id,
    paymentIntentId: idOf(refund.payment_intent) ?? paymentIntentId,
    amount: refund.amount,
    status: (refund.status ?? "pending") as ProviderRefundStatus,
  });
  return {
    mode: "stripe",
    stripe,
    async createCheckoutSession(input) {
      if (!input.connectedAccountId) throw new PaymentsUnavailableError("The organization has no payment account");
      const now = input.now ?? Date.now();
      const metadata = {
        order_id: String(input.orderId),
        event_id: String(input.eventId),
        organization_id: String(input.organizationId),
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: input.lineItems.map((item) => ({
            quantity: item.quantity,
            price_data: { currency: input.currency, unit_amount: item.unitAmount, product_data: { name: item.name } },
          })),
          customer_email: input.customerEmail,
          client_reference_id: String(input.orderId),
          metadata,
          payment_intent_data: {
            application_fee_amount: input.applicationFeeAmount,
            transfer_data: { destination: input.connectedAccountId },
            metadata,
          },
          expires_at: Math.ceil(Math.max(input.expiresAt, now + CHECKOUT_MIN_LIFETIME_MS) / 1000),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          locale: input.locale,
        },
        { idempotencyKey: `checkout-order-${input.orderId}` },
      );
      if (!session.url) throw new PaymentsUnavailableError("Stripe returned a session without a URL");
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const orderId = Number(session.metadata?.order_id ?? session.client_reference_id);
      return {
        id: session.id,
        status: sessionStatus(session.status),
        paymentStatus: sessionPaymentStatus(session.payment_status),
        paymentIntentId: idOf(session.payment_intent),
        orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
        amountTotal: session.amount_total,
      };
    },
    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          ...(amount === undefined ? {} : { amount }),
          // Destination charge: take the transfer back from the organization and give the platform fee back too,
          // so a refunded order leaves no money anywhere.
          reverse_transfer: true,
          refund_application_fee: true,
        },
        { idempotencyKey },
      );
      return asRefund(refund, paymentIntentId);
    },
    async listRefunds(paymentIntentId) {
      const list = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
      return list.data.map((refund) => asRefund(refund, paymentIntentId));
    },
    async verifyWebhook(payload, signatureHeader) {
      const connectSecret = env.STRIPE_CONNECT_WEBHOOK_SECRET;
      try {
        return await verifyWithSecret(payload, signatureHeader, webhookSecretOf(env));
      } catch (error) {
        // The same URL may serve the platform's endpoint and the Connect endpoint, each with its own secret.
        if (!connectSecret || error instanceof PaymentsUnavailableError) throw error;
        return verifyWithSecret(payload, signatureHeader, connectSecret);
      }
    },
  };
}

function sessionStatus(status: string | null | undefined): ProviderCheckoutSession["status"] {
  return status === "complete" || status === "expired" ? status : "open";
}

function sessionPaymentStatus(status: string | null | undefined): ProviderCheckoutSession["paymentStatus"] {
  return status === "paid" || status === "no_payment_required" ? status : "unpaid";
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

export const demoPaymentIntentId = (orderId: number) => `pi_demo_${orderId}`;
/** A refund of the whole payment keeps the id it always had; a partial one (an amount) is named after its key too. */
const demoRefundId = (paymentIntentId: string, partialKey?: string) =>
  `re_demo_${paymentIntentId.replace(/^pi_demo_/, "")}${partialKey === undefined ? "" : `_${partialKey.replace(/[^\w-]/g, "_")}`}`;

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The demo checkout page's path for a session (app/routes/public/demo-checkout.tsx). */
export const demoCheckoutPath = (sessionId: string) => `/demo-checkout/${encodeURIComponent(sessionId)}`;

function demoProvider(env: PaymentsEnv, db: Database): PaymentProvider {
  const assertAllowed = () => {
    if (!demoPaymentsAllowed(env)) throw new PaymentsUnavailableError("No payment provider is configured");
  };
  return {
    mode: "demo",
    stripe: null,
    async createCheckoutSession(input) {
      assertAllowed();
      const id = `cs_demo_${input.orderId}_${randomSuffix()}`;
      return { id, url: `${input.appOrigin}${demoCheckoutPath(id)}` };
    },
    async retrieveCheckoutSession(sessionId, snapshot) {
      assertAllowed();
      const object = (snapshot ?? {}) as Partial<Stripe.Checkout.Session>;
      if (object.id !== sessionId) throw new PaymentsUnavailableError("The demo session has no snapshot");
      const orderId = Number(object.metadata?.order_id ?? object.client_reference_id);
      return {
        id: sessionId,
        status: sessionStatus(object.status),
        paymentStatus: sessionPaymentStatus(object.payment_status),
        paymentIntentId: idOf(object.payment_intent),
        orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
        amountTotal: object.amount_total ?? null,
      };
    },
    async refund({ paymentIntentId, amount, idempotencyKey }) {
      assertAllowed();
      // A demo payment is named after its order (pi_demo_<order id>), even before the order records it; any other
      // pi_demo_ id (the seeded orders') is known by the order that records it.
      const orderId = Number(/^pi_demo_(\d+)$/.exec(paymentIntentId)?.[1]);
      const [order] = Number.isSafeInteger(orderId)
        ? await db.select({ amount: orders.amount }).from(orders).where(eq(orders.id, orderId)).limit(1)
        : paymentIntentId.startsWith("pi_demo_")
          ? await db
              .select({ amount: orders.amount })
              .from(orders)
              .where(eq(orders.stripePaymentIntentId, paymentIntentId))
              .limit(1)
          : [];
      if (!order) throw new PaymentsUnavailableError("No demo payment has this id");
      // The same id for the same payment: a retried refund is the same refund, like Stripe's idempotency keys.
      return {
        id: demoRefundId(paymentIntentId, amount === undefined ? undefined : idempotencyKey),
        paymentIntentId,
        amount: amount ?? order.amount,
        status: "succeeded",
      };
    },
    async listRefunds(paymentIntentId) {
      assertAllowed();
      const [order] = await db
        .select({ amount: orders.amount })
        .from(orders)
        .where(and(eq(orders.stripePaymentIntentId, paymentIntentId), eq(orders.status, "refunded")))
        .limit(1);
      return order
        ? [{ id: demoRefundId(paymentIntentId), paymentIntentId, amount: order.amount, status: "succeeded" }]
        : [];
    },
    verifyWebhook: (payload, signatureHeader) => verifyWithSecret(payload, signatureHeader, webhookSecretOf(env)),
  };
}
