import type Stripe from "stripe";
import type { PayoutFrequency } from "#db/schema";
import { demoPaymentsAllowed, PaymentsUnavailableError, stripeClient, type PaymentsEnv } from "./payments";

/*
 * The organization's connected account at the payment provider (issue 13 §1, §4; contract
 * docs/contracts/finance-account.md). Stripe Connect Express when STRIPE_SECRET_KEY is set; otherwise the offline
 * demo (development and test only), whose onboarding is our page /demo-connect/:accountId and whose account state is
 * whatever its own signed account.updated events said.
 */

export type ProviderAccount = {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** From the account's metadata, set when the platform created it. */
  organizationId: number | null;
};

export interface PaymentAccountProvider {
  readonly mode: "stripe" | "demo";
  /** An Express account; the idempotency key is per organization, so a retried connect makes no second account. */
  createAccount(input: {
    organizationId: number;
    email: string | null;
    payoutFrequency: PayoutFrequency;
  }): Promise<ProviderAccount>;
  /** Onboarding (Account Link, account_onboarding) with the return and refresh addresses. */
  createAccountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** The account as the provider knows it now; null in demo mode, which has no other source than its events. */
  retrieveAccount(accountId: string): Promise<ProviderAccount | null>;
  /** The Express dashboard (a single-use login link); the demo page in demo mode. */
  createDashboardLink(input: { accountId: string; origin: string }): Promise<{ url: string }>;
  /** Applies the payout frequency to the account (its metadata; Stripe's own schedule stays manual). */
  updatePayoutSchedule(accountId: string, frequency: PayoutFrequency): Promise<void>;
}

/** Spec §4's valid state, from Stripe's answer: it can take payments, receive payouts, and nothing is missing. */
export function accountIsValid(
  account: Pick<ProviderAccount, "chargesEnabled" | "payoutsEnabled" | "detailsSubmitted">,
): boolean {
  return account.chargesEnabled && account.payoutsEnabled && account.detailsSubmitted;
}

type Schedule = Stripe.AccountUpdateParams.Settings.Payouts.Schedule;

/**
 * The account's Stripe payout schedule for a spec §9 frequency: always manual. Guichet's payout job creates the payouts
 * (decision 0022: funds of an event are held until it has ended, which Stripe's automatic schedule would not respect);
 * the frequency itself is applied to the account as metadata and drives the job.
 */
export function payoutSchedule(_frequency: PayoutFrequency): Schedule {
  return { interval: "manual" };
}

export const connectAccountIdempotencyKey = (organizationId: number) => `connect-account-org-${organizationId}`;

/** A Stripe account object (an API answer or an event's snapshot) as we read it. */
export function providerAccountOf(object: unknown): ProviderAccount | null {
  const account = object as Partial<Stripe.Account> | null | undefined;
  if (!account || typeof account.id !== "string") return null;
  const organizationId = Number(account.metadata?.organization_id);
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    organizationId: Number.isSafeInteger(organizationId) && organizationId > 0 ? organizationId : null,
  };
}

export const demoAccountId = (organizationId: number) => `acct_demo_${organizationId}`;

/** The organization a demo account belongs to (its id names it), or null for anything else. */
export function demoAccountOrganizationId(accountId: string): number | null {
  const match = /^acct_demo_([1-9]\d{0,15})$/.exec(accountId);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/** The demo onboarding page (app/routes/public/demo-connect.tsx). */
const demoConnectPath = (accountId: string) => `/demo-connect/${encodeURIComponent(accountId)}`;

export function paymentAccountProviderFromEnv(env: PaymentsEnv): PaymentAccountProvider {
  return env.STRIPE_SECRET_KEY ? stripeAccounts(env.STRIPE_SECRET_KEY) : demoAccounts(env);
}

function stripeAccounts(secretKey: string): PaymentAccountProvider {
  const stripe = stripeClient(secretKey);
  const read = (account: Stripe.Account): ProviderAccount => {
    const parsed = providerAccountOf(account);
    if (!parsed) throw new PaymentsUnavailableError("Stripe returned an account without an id");
    return parsed;
  };
  return {
    mode: "stripe",
    async createAccount({ organizationId, email, payoutFrequency }) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          country: "FR",
          ...(email ? { email } : {}),
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { organization_id: String(organizationId), payout_frequency: payoutFrequency },
          settings: { payouts: { schedule: payoutSchedule(payoutFrequency) } },
        },
        { idempotencyKey: connectAccountIdempotencyKey(organizationId) },
      );
      return read(account);
    },
    async createAccountLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { url: link.url };
    },
    async retrieveAccount(accountId) {
      return read(await stripe.accounts.retrieve(accountId));
    },
    async createDashboardLink({ accountId }) {
      const link = await stripe.accounts.createLoginLink(accountId);
      return { url: link.url };
    },
    async updatePayoutSchedule(accountId, frequency) {
      await stripe.accounts.update(accountId, {
        metadata: { payout_frequency: frequency },
        settings: { payouts: { schedule: payoutSchedule(frequency) } },
      });
    },
  };
}

function demoAccounts(env: PaymentsEnv): PaymentAccountProvider {
  const assertAllowed = () => {
    if (!demoPaymentsAllowed(env)) throw new PaymentsUnavailableError("No payment provider is configured");
  };
  return {
    mode: "demo",
    async createAccount({ organizationId }) {
      assertAllowed();
      // One account per organization, always the same id: a retried connect finds it, like Stripe's idempotency key.
      return {
        id: demoAccountId(organizationId),
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        organizationId,
      };
    },
    async createAccountLink({ accountId, returnUrl }) {
      assertAllowed();
      return { url: `${new URL(returnUrl).origin}${demoConnectPath(accountId)}` };
    },
    async retrieveAccount() {
      assertAllowed();
      return null;
    },
    async createDashboardLink({ accountId, origin }) {
      assertAllowed();
      return { url: `${origin}${demoConnectPath(accountId)}` };
    },
    async updatePayoutSchedule() {
      assertAllowed();
    },
  };
}
