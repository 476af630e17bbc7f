import { assertCanInOrganization, canInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

/*
 * Billing is part of the organization's money (spec §6): owners and admins, and API keys with finance:read to read.
 * Anyone who cannot see the finances — another organization, an event manager, the empty role — gets 404, as for the
 * finance pages; who sees them but may not change them gets 403.
 */
export function assertCanViewBilling(actor: Actor, organizationId: number): void {
  if (!canInOrganization(actor, "finance:view", organizationId)) throw notFound();
}

export function assertCanManageBilling(actor: Actor, organizationId: number): void {
  assertCanViewBilling(actor, organizationId);
  assertCanInOrganization(actor, "finance:manage", organizationId);
}
