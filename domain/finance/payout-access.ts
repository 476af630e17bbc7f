import { canInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

/**
 * Finance pages and calls: owners and admins (finance:view). Anyone else — another organization, an event manager,
 * the empty role — is answered as if there were nothing here (404, spec §6: the Finances entry is hidden from them).
 */
export function assertCanViewPayouts(actor: Actor): asserts actor is Actor & { organizationId: number } {
  if (!canInOrganization(actor, "finance:view")) throw notFound();
}
