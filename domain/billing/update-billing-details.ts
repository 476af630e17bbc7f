import type { Database } from "#db/database";
import { organizationBilling } from "#db/schema";
import { assertCanManageBilling } from "./billing-access";
import type { Actor } from "../shared/actor";
import type { BillingDetailsInput } from "./billing-input-schema";

/**
 * Saves the seller's details (issue 29 §1): owners and admins (finance:manage), another organization 404. Invoices
 * already issued keep the details they were issued with; these apply to the next ones.
 */
export async function updateBillingDetails(
  db: Database,
  actor: Actor,
  input: { organizationId: number; details: BillingDetailsInput; now?: number },
): Promise<void> {
  assertCanManageBilling(actor, input.organizationId);
  const now = new Date(input.now ?? Date.now());
  await db
    .insert(organizationBilling)
    .values({ organizationId: input.organizationId, ...input.details, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: organizationBilling.organizationId, set: { ...input.details, updatedAt: now } });
}
