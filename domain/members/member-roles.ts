import type { OrganizationRole } from "#db/schema";
import { PLATFORM_ADMIN_ORGANIZATION_ROLE } from "../policy";
import type { Actor } from "../shared/actor";
import { forbidden } from "../shared/app-error";

/** Higher is more: owner (super administrator) > admin > event_manager > guest (""). */
const RANK: Record<OrganizationRole, number> = { owner: 3, admin: 2, event_manager: 1, "": 0 };

export function roleRank(role: OrganizationRole): number {
  return RANK[role];
}

/** The role whose rank limits what the actor may hand out (a platform admin acting there counts as admin). */
function actorRole(actor: Actor): OrganizationRole {
  if (actor.viaPlatformAdmin) return PLATFORM_ADMIN_ORGANIZATION_ROLE;
  return actor.role ?? "";
}

/**
 * Nobody raises anyone above their own role, nor changes or removes someone ranked above them:
 * 'members:errors.role-above-own' (403).
 */
export function assertMayGrant(actor: Actor, role: OrganizationRole, currentRole?: OrganizationRole): void {
  const own = roleRank(actorRole(actor));
  if (roleRank(role) > own) throw forbidden("members:errors.role-above-own");
  if (currentRole !== undefined && roleRank(currentRole) > own) throw forbidden("members:errors.role-above-own");
}
