import type { EventRole, OrganizationRole } from "#db/schema";
import type { Actor } from "./shared/actor";
import { forbidden, notFound } from "./shared/app-error";

/**
 * Every permission of the product, in one place. Loaders, actions and the API all ask here.
 *
 * Organization roles (spec §6): owner = super administrator (everything, members included);
 * admin = director/administrator (organization settings and configuration); event_manager (the
 * organization's events only); "" = guest (only the events they were given access to).
 * Event roles: event_manager (modify the event), team_manager (shown as admin: modify the event and
 * manage its team), validator (validate entries from the mobile app).
 */
export const organizationActions = [
  "organization:view",
  "organization:update",
  "organization:view-contact-entries",
  "members:view",
  "members:manage",
  "finance:view",
  "finance:manage",
  "integrations:manage",
  "events:list",
  "events:create",
] as const;
export type OrganizationAction = (typeof organizationActions)[number];

export const eventActions = [
  "event:view",
  "event:update",
  "event:publish",
  "event:delete",
  "event:manage-team",
  "event:manage-sales",
  "event:validate-entries",
] as const;
export type EventAction = (typeof eventActions)[number];

const organizationMatrix: Record<OrganizationRole, ReadonlySet<OrganizationAction>> = {
  owner: new Set(organizationActions),
  admin: new Set(organizationActions.filter((a) => a !== "members:manage")),
  event_manager: new Set<OrganizationAction>(["events:list", "events:create"]),
  "": new Set<OrganizationAction>(),
};

const eventMatrixByOrgRole: Record<OrganizationRole, ReadonlySet<EventAction>> = {
  owner: new Set(eventActions),
  admin: new Set(eventActions),
  event_manager: new Set(eventActions),
  "": new Set<EventAction>(),
};

const eventMatrixByEventRole: Record<EventRole, ReadonlySet<EventAction>> = {
  team_manager: new Set<EventAction>([
    "event:view",
    "event:update",
    "event:publish",
    "event:manage-team",
    "event:manage-sales",
    "event:validate-entries",
  ]),
  event_manager: new Set<EventAction>(["event:view", "event:update", "event:publish", "event:manage-sales", "event:validate-entries"]),
  validator: new Set<EventAction>(["event:validate-entries"]),
};

/** Organization-level permission in the actor's selected organization. */
export function canInOrganization(actor: Actor, action: OrganizationAction): boolean {
  if (actor.organizationId === null || actor.role === null) return false;
  return organizationMatrix[actor.role].has(action);
}

/** Event-level permission: by organization role, or by the actor's access roles on that event. */
export function canOnEvent(actor: Actor, action: EventAction, eventRoles: readonly EventRole[] = []): boolean {
  if (actor.role !== null && eventMatrixByOrgRole[actor.role].has(action)) return true;
  return eventRoles.some((role) => eventMatrixByEventRole[role].has(action));
}

export function canAccessAdmin(actor: Pick<Actor, "isAdmin">): boolean {
  return actor.isAdmin;
}

/** Pages of the signed-in area that need an organization-level role (spec §6: hidden for event_manager and guest). */
export function canSeeOrganizationArea(actor: Actor): boolean {
  return canInOrganization(actor, "organization:view");
}

export function assertCanInOrganization(actor: Actor, action: OrganizationAction): asserts actor is Actor & { organizationId: number } {
  if (actor.organizationId === null) throw notFound();
  if (!canInOrganization(actor, action)) throw forbidden();
}

export function assertCanOnEvent(actor: Actor, action: EventAction, eventRoles: readonly EventRole[] = []) {
  if (!canOnEvent(actor, action, eventRoles)) throw forbidden();
}

export function parseEventRoles(roles: string): EventRole[] {
  const known = new Set<string>(["event_manager", "team_manager", "validator"]);
  return roles.split("|").filter((r): r is EventRole => known.has(r));
}
