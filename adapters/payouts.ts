import Stripe from "stripe";
import type { Database } from "#db/database";
import {
  demoPaymentsAllowed,
  paymentProviderFromEnv,
  PaymentsUnavailableError,
  type PaymentMode,
  type PaymentProvider,
  type PaymentsEnv,
} from "./payments";

/*
 * Payouts to an organization's bank account (decision 0022, contract docs/contracts/finance-payouts.md). The mode is
 * the payments adapter's: Stripe when STRIPE_SECRET_KEY is set (payouts of the connected account, which receives the
 * destination charges), else an offline demo that answers from the payout itself: it arrives two days after it was
 * made and is paid once that time has passed, so the job's reconciliation settles demo payouts the way it settles
 * Stripe's.
 */

export type ProviderPayoutStatus = "pending" | "in_transit" | "paid" | "failed" | "canceled";

export type ProviderPayout = {
  id: string;
  amount: number;
  status: ProviderPayoutStatus;
  /** Estimated (then actual) arrival, epoch ms. */
  arrivalDate: number | null;
  bankAccountName: string | null;
  failureCode: string | null;
  failureMessage: string | null;
};

export type CreatePayoutInput = {
  connectedAccountId: string;
  amount: number;
  currency: "eur";
  idempotencyKey: string;
  /** Ours: the payouts row, its organization and period (metadata; the webhook finds the row by it). */
  payoutId: number;
  organizationId: number;
  periodKey: string;
  /** When the payout row was made: the demo's arrival counts from it, so that a retried create answers the same. */
  initiatedAt: number;
};

export type RetrievePayoutInput = {
  connectedAccountId: string;
  providerPayoutId: string;
  amount: number;
  initiatedAt: number;
  estimatedAt: number | null;
  now: number;
  /** The object of the event that is being handled: the demo has no other source than what it signed itself. */
  snapshot?: unknown;
};

export interface PayoutProvider {
  readonly mode: PaymentMode;
  /** What the connected account can pay out now, cents; null when the provider sets no limit (demo). */
  availableBalance(connectedAccountId: string): Promise<number | null>;
  /** Throws PayoutRejectedError when the provider refused the payout for good (anything else may be retried). */
  createPayout(input: CreatePayoutInput): Promise<ProviderPayout>;
  retrievePayout(input: RetrievePayoutInput): Promise<ProviderPayout>;
}

/** The provider answered and said no (insufficient funds, no bank account…): the payout will not happen. */
export class PayoutRejectedError extends Error {
  override name = "PayoutRejectedError";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const DEMO_PAYOUT_DELAY_MS = 2 * 86_400_000;
export const DEMO_BANK_ACCOUNT_NAME = "Banque de démonstration •••• 0000";

/** `demoAllowed`: whether the demo may answer (development and test only; see `demoPaymentsAllowed`). */
export function payoutProviderFor(payments: PaymentProvider, options: { demoAllowed: boolean }): PayoutProvider {
  return payments.stripe ? stripePayouts(payments.stripe) : demoPayouts(options.demoAllowed);
}

export function payoutProviderFromEnv(env: PaymentsEnv, db: Database): PayoutProvider {
  return payoutProviderFor(paymentProviderFromEnv(env, db), { demoAllowed: demoPaymentsAllowed(env) });
}

const REJECTIONS = new Set(["StripeInvalidRequestError", "StripeCardError", "StripePermissionError"]);

function stripePayouts(stripe: Stripe): PayoutProvider {
  return {
    mode: "stripe",
    async availableBalance(connectedAccountId) {
      const balance = await stripe.balance.retrieve({}, { stripeAccount: connectedAccountId });
      return balance.available.filter((b) => b.currency === "eur").reduce((sum, b) => sum + b.amount, 0);
    },
    async createPayout(input) {
      try {
        const payout = await stripe.payouts.create(
          {
            amount: input.amount,
            currency: input.currency,
            metadata: {
              payout_id: String(input.payoutId),
              organization_id: String(input.organizationId),
              period: input.periodKey,
            },
            expand: ["destination"],
          },
          { stripeAccount: input.connectedAccountId, idempotencyKey: input.idempotencyKey },
        );
        return fromStripe(payout);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && REJECTIONS.has(error.type)) {
          throw new PayoutRejectedError(error.code ?? error.type, error.message);
        }
        throw error;
      }
    },
    async retrievePayout(input) {
      const payout = await stripe.payouts.retrieve(
        input.providerPayoutId,
        { expand: ["destination"] },
        { stripeAccount: input.connectedAccountId },
      );
      return fromStripe(payout);
    },
  };
}

function fromStripe(payout: Stripe.Payout): ProviderPayout {
  return {
    id: payout.id,
    amount: payout.amount,
    status: asStatus(payout.status),
    arrivalDate: payout.arrival_date ? payout.arrival_date * 1000 : null,
    bankAccountName: bankAccountName(payout.destination),
    failureCode: payout.failure_code ?? null,
    failureMessage: payout.failure_message ?? null,
  };
}

function asStatus(status: string | null | undefined): ProviderPayoutStatus {
  return status === "in_transit" || status === "paid" || status === "failed" || status === "canceled"
    ? status
    : "pending";
}

/** "BNP PARIBAS •••• 6789" from an expanded bank account; null when Stripe gave only its id. */
function bankAccountName(destination: Stripe.Payout["destination"]): string | null {
  if (!destination || typeof destination === "string") return null;
  const account = destination as { bank_name?: string | null; last4?: string | null; brand?: string | null };
  const name = (account.bank_name ?? account.brand ?? "").trim();
  const last4 = account.last4 ? `•••• ${account.last4}` : "";
  return [name, last4].filter(Boolean).join(" ") || null;
}

function demoPayouts(allowed: boolean): PayoutProvider {
  const assertAllowed = () => {
    if (!allowed) throw new PaymentsUnavailableError("No payment provider is configured");
  };
  return {
    mode: "demo",
    async availableBalance() {
      assertAllowed();
      return null;
    },
    async createPayout(input) {
      assertAllowed();
      return {
        // Named after the idempotency key: the same create gives the same payout, as with Stripe.
        id: `po_demo_${input.idempotencyKey.replace(/[^A-Za-z0-9]+/g, "_")}`,
        amount: input.amount,
        status: "pending",
        arrivalDate: input.initiatedAt + DEMO_PAYOUT_DELAY_MS,
        bankAccountName: DEMO_BANK_ACCOUNT_NAME,
        failureCode: null,
        failureMessage: null,
      };
    },
    async retrievePayout(input) {
      assertAllowed();
      const arrivalDate = input.estimatedAt ?? input.initiatedAt + DEMO_PAYOUT_DELAY_MS;
      const snapshot = (input.snapshot ?? null) as Partial<Stripe.Payout> | null;
      const status =
        snapshot?.id === input.providerPayoutId && snapshot.status
          ? asStatus(snapshot.status)
          : input.now >= arrivalDate
            ? "paid"
            : "in_transit";
      return {
        id: input.providerPayoutId,
        amount: input.amount,
        status,
        arrivalDate,
        // Keeps whatever name the payout already has (the create's, or one written before the demo knew it).
        bankAccountName: null,
        failureCode: status === "failed" ? (snapshot?.failure_code ?? "demo_failure") : null,
        failureMessage: status === "failed" ? (snapshot?.failure_message ?? null) : null,
      };
    },
  };
}
