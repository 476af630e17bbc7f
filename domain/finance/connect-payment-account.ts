import { and, eq, isNull } from "drizzle-orm";
import { accountIsValid } from "#adapters/payment-accounts";
import type { Database } from "#db/database";
import { organizations } from "#db/schema";
import type { Actor } from "../shared/actor";
import { assertFinance, readAccountRow } from "./account-status";
import { providerCall, type PaymentAccountDeps } from "./account-sync";

/** Where Stripe sends the organizer back after the onboarding (the overview refreshes the account from Stripe). */
export const PAYMENT_ACCOUNT_RETURN_PATH = "/finance?account=return";
/** Where Stripe sends the organizer when the onboarding link expired (the overview makes a new one). */
export const PAYMENT_ACCOUNT_REFRESH_PATH = "/finance?account=refresh";

/**
 * 'Connect' (spec §4, owners and admins): the organization's connected account — created once, an Express account
 * with an idempotency key per organization — and a fresh onboarding link to it. Connecting again (an unfinished
 * onboarding, an expired link) reuses the account. Returns the address to send the organizer to.
 */
export async function connectPaymentAccount(
  db: Database,
  deps: PaymentAccountDeps,
  actor: Actor,
  input: { origin: string },
): Promise<{ url: string }> {
  assertFinance(actor, "finance:connect-account");
  const organizationId = actor.organizationId;
  const row = await readAccountRow(db, organizationId);
  let accountId = row.connectedAccountId;
  if (!accountId) {
    const account = await providerCall(() =>
      deps.accounts.createAccount({
        organizationId,
        email: row.contactEmail || actor.email,
        payoutFrequency: row.payoutFrequency,
      }),
    );
    // Two connects racing get the same account (the idempotency key); the first write keeps it.
    await db
      .update(organizations)
      .set({
        connectedAccountId: account.id,
        isConnectedAccountValid: accountIsValid(account),
        connectedAccountDetailsSubmitted: account.detailsSubmitted,
        connectedAccountSyncedAt: null,
        updatedAt: new Date(deps.now ?? Date.now()),
      })
      .where(and(eq(organizations.id, organizationId), isNull(organizations.connectedAccountId)));
    accountId = (await readAccountRow(db, organizationId)).connectedAccountId ?? account.id;
  }
  const connectedAccountId = accountId;
  return providerCall(() =>
    deps.accounts.createAccountLink({
      accountId: connectedAccountId,
      returnUrl: `${input.origin}${PAYMENT_ACCOUNT_RETURN_PATH}`,
      refreshUrl: `${input.origin}${PAYMENT_ACCOUNT_REFRESH_PATH}`,
    }),
  );
}
