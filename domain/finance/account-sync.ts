import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import Stripe from "stripe";
import { accountIsValid, type PaymentAccountProvider, type ProviderAccount } from "#adapters/payment-accounts";
import { PaymentsUnavailableError } from "#adapters/payments";
import type { Database } from "#db/database";
import { organizations } from "#db/schema";
import { AppError } from "../shared/app-error";

export type PaymentAccountDeps = { accounts: PaymentAccountProvider; now?: number };

/**
 * A call to the payment provider, its failures told to the organizer: no provider at all (a deployment without a
 * Stripe key) or the provider refusing or unreachable. Both leave our data as it was.
 */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) throw new AppError("conflict", "payment-account:errors.unavailable");
    if (error instanceof Stripe.errors.StripeError) {
      console.error("payment provider refused an account call", { type: error.type, code: error.code });
      throw new AppError("conflict", "payment-account:errors.provider");
    }
    throw error;
  }
}

/** Stripe's `created` is in whole seconds: our own readings are floored alike so that the two compare fairly. */
export const toProviderSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * The write that applies the provider's view of an account to its organization, only if it is not older than the
 * state already applied (deliveries come out of order). The account may be adopted by an organization that has none
 * yet (an account.updated racing our own write after creating it); it never replaces another account.
 */
export function accountStateStatement(
  db: Database,
  input: { organizationId: number; account: ProviderAccount; at: number; now: number },
) {
  const { account, at } = input;
  return db
    .update(organizations)
    .set({
      connectedAccountId: account.id,
      isConnectedAccountValid: accountIsValid(account),
      connectedAccountDetailsSubmitted: account.detailsSubmitted,
      connectedAccountSyncedAt: new Date(at),
      updatedAt: new Date(input.now),
    })
    .where(
      and(
        eq(organizations.id, input.organizationId),
        or(eq(organizations.connectedAccountId, account.id), isNull(organizations.connectedAccountId)),
        or(
          isNull(organizations.connectedAccountSyncedAt),
          lt(organizations.connectedAccountSyncedAt, new Date(at)),
          // Stripe's `created` has whole seconds: two states of the same second cannot be told apart by time, so the
          // one further along (valid, then details submitted) is kept, whatever the delivery order
          // (docs/decisions/0029-fault-tolerance.md).
          and(
            eq(organizations.connectedAccountSyncedAt, new Date(at)),
            sql`(${organizations.isConnectedAccountValid} * 2 + ${organizations.connectedAccountDetailsSubmitted}) <= ${accountRank(account)}`,
          ),
        ),
      ),
    );
}

/** How far along an account state is, for two states of the same second: valid 2, plus 1 for details submitted. */
function accountRank(account: ProviderAccount): number {
  return (accountIsValid(account) ? 2 : 0) + (account.detailsSubmitted ? 1 : 0);
}
