import type { Database } from "#db/database";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { assertFinance, readAccountRow } from "./account-status";
import { providerCall, type PaymentAccountDeps } from "./account-sync";

/**
 * The provider's dashboard for a valid account (Stripe Express: a single-use login link, made on each click). Only
 * those who may connect the account open it: it shows the bank account the money goes to.
 */
export async function createAccountDashboardLink(
  db: Database,
  deps: PaymentAccountDeps,
  actor: Actor,
  input: { origin: string },
): Promise<{ url: string }> {
  assertFinance(actor, "finance:connect-account");
  const row = await readAccountRow(db, actor.organizationId);
  const accountId = row.connectedAccountId;
  if (!accountId || !row.isConnectedAccountValid) throw new AppError("conflict", "payment-account:errors.not-valid");
  return providerCall(() => deps.accounts.createDashboardLink({ accountId, origin: input.origin }));
}
