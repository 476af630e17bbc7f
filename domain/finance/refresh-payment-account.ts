import type { Database } from "#db/database";
import type { Actor } from "../shared/actor";
import { assertFinance, paymentAccountOf, readAccountRow, type PaymentAccount } from "./account-status";
import { accountStateStatement, providerCall, toProviderSecond, type PaymentAccountDeps } from "./account-sync";

/**
 * The account as Stripe knows it now (on return from the onboarding, or the organizer's "refresh"): charges and
 * payouts enabled and details submitted make it valid. The demo has no other source than its own events, so there the
 * stored state is the answer.
 */
export async function refreshPaymentAccount(
  db: Database,
  deps: PaymentAccountDeps,
  actor: Actor,
): Promise<PaymentAccount> {
  assertFinance(actor, "finance:view");
  const organizationId = actor.organizationId;
  const row = await readAccountRow(db, organizationId);
  if (row.connectedAccountId) {
    const accountId = row.connectedAccountId;
    const account = await providerCall(() => deps.accounts.retrieveAccount(accountId));
    if (account && account.id === accountId) {
      const now = deps.now ?? Date.now();
      await accountStateStatement(db, { organizationId, account, at: toProviderSecond(now), now });
    }
  }
  return paymentAccountOf(actor, await readAccountRow(db, organizationId), deps.accounts.mode);
}
