import { canInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

/**
 * Finance data is the selected organization's, for the roles with finance:view (owners and admins). Everyone else —
 * another organization, event managers, the empty role — is told it does not exist (issue 13 §7: 404).
 */
export function assertFinanceViewer(actor: Actor): asserts actor is Actor & { organizationId: number } {
  if (actor.organizationId === null || !canInOrganization(actor, "finance:view")) throw notFound();
}
