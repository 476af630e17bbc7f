import * as v from "valibot";
import type { Database } from "#db/database";
import { payoutFrequencies, type PayoutFrequency } from "#db/schema";
import type { Actor } from "../shared/actor";
import { assertFinance, readAccountRow } from "./account-status";

/** Spec §9: manual, daily, weekly, monthly. */
export const payoutFrequencySchema = v.picklist(payoutFrequencies, "payment-account:errors.frequency-invalid");

export async function getPayoutFrequency(db: Database, actor: Actor): Promise<{ payoutFrequency: PayoutFrequency }> {
  assertFinance(actor, "finance:view");
  return { payoutFrequency: (await readAccountRow(db, actor.organizationId)).payoutFrequency };
}
