import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { organizations, type PayoutFrequency } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { assertFinance, readAccountRow } from "./account-status";
import { providerCall, type PaymentAccountDeps } from "./account-sync";
import { payoutFrequencySchema } from "./payout-frequency";

/**
 * The payout frequency (spec §9), saved per organization (owners and admins: finance:manage). With a connected
 * account it is applied to the account's payout schedule first, so what is saved is what the provider does; without
 * one, it is applied when the account is created.
 */
export async function updatePayoutFrequency(
  db: Database,
  deps: PaymentAccountDeps,
  actor: Actor,
  input: { payoutFrequency: unknown },
): Promise<{ payoutFrequency: PayoutFrequency }> {
  assertFinance(actor, "finance:manage");
  const parsed = v.safeParse(payoutFrequencySchema, input.payoutFrequency);
  if (!parsed.success) {
    throw new AppError("validation", "payment-account:errors.frequency-invalid", {
      fields: { payout_frequency: "payment-account:errors.frequency-invalid" },
    });
  }
  const payoutFrequency = parsed.output;
  const organizationId = actor.organizationId;
  const row = await readAccountRow(db, organizationId);
  const accountId = row.connectedAccountId;
  if (accountId) await providerCall(() => deps.accounts.updatePayoutSchedule(accountId, payoutFrequency));
  await db
    .update(organizations)
    .set({ payoutFrequency, updatedAt: new Date(deps.now ?? Date.now()) })
    .where(eq(organizations.id, organizationId));
  return { payoutFrequency };
}
