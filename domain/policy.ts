import { eventRoles as knownEventRoles, type ApiKeyScope, type EventRole, type OrganizationRole } from "#db/schema";
import type { Actor } from "./shared/actor";
import { forbidden, notFound } from "./shared/app-error";

/**
 * Every permission of the product, in one place. Loaders, actions and the API all ask here.
 *
 * Organization roles (spec §6): owner = super administrator (everything, members included);
 * admin = director/administrator (organization settings and configuration, the payment account, not members);
 * event_manager (the organization's events only: sees only the Events navigation); "" = guest (only the events
 * they were given access to). Event roles: event_manager (modify the event), team_manager (shown as admin: modify
 * the event and manage its team), validator (validate entries from the mobile app).
 *
 * An action is allowed only inside the actor's selected organization: anything about another organization is
 * refused, and the assert… helpers answer 404 for it so that no response reveals another tenant's data.
 * A platform admin acting in an organization they are not a member of (`actor.viaPlatformAdmin`) has the admin role's
 * rights there, decided here like every other right.
 * An organization's API key (`actor.apiKey`) gets exactly what its scopes map to (`scopesGranting`), in its own
 * organization only, and nothing on the platform (docs/decisions/0047-api-keys.md).
 * The matrix is spelled out in docs/decisions/0012-roles-and-permissions.md and tested in policy.test.ts.
 */
export const organizationActions = [
  "organization:view",
  "organization:update",
  "contact-entries:view",
  "contact-entries:update",
  "members:view",
  "members:manage",
  "finance:view",
  "finance:manage",
  "finance:connect-account",
  "integrations:manage",
  "events:list",
  "events:list-guest",
  "events:create",
  "privacy:export",
  "privacy:anonymise",
  "api-keys:manage",
] as const;
export type OrganizationAction = (typeof organizationActions)[number];

export const eventActions = [
  "event:view",
  "event:update",
  "event:publish",
  "event:delete",
  "event:view-team",
  "event:manage-team",
  "event:view-sales",
  "event:edit-participants",
  "event:message-attendees",
  "event:manage-sales",
  "event:validate-entries",
] as const;
export type EventAction = (typeof eventActions)[number];

/** Actions that do not depend on an organization. */
export const platformActions = ["organizations:create", "admin:access", "admin:ask-admin"] as const;
export type PlatformAction = (typeof platformActions)[number];

const except = <T extends string>(all: readonly T[], ...excluded: T[]) => all.filter((a) => !excluded.includes(a));

const organizationMatrix: Record<OrganizationRole, ReadonlySet<OrganizationAction>> = {
  owner: new Set(except(organizationActions, "events:list-guest")),
  // Exporting every buyer's data and anonymising it are the data controller's calls: the owner's alone (decision 0024).
  admin: new Set(
    except(organizationActions, "events:list-guest", "members:manage", "privacy:export", "privacy:anonymise"),
  ),
  event_manager: new Set<OrganizationAction>(["events:list", "events:create"]),
  "": new Set<OrganizationAction>(["events:list-guest"]),
};

/** What an organization role grants on every event of that organization. */
const eventMatrixByOrganizationRole: Record<OrganizationRole, ReadonlySet<EventAction>> = {
  owner: new Set(eventActions),
  admin: new Set(eventActions),
  event_manager: new Set(eventActions),
  "": new Set<EventAction>(),
};

/** What an access on one event grants on that event (the team-access roles). */
const eventMatrixByEventRole: Record<EventRole, ReadonlySet<EventAction>> = {
  team_manager: new Set(except(eventActions, "event:delete")),
  event_manager: new Set(except(eventActions, "event:delete", "event:manage-team")),
  validator: new Set<EventAction>(["event:validate-entries"]),
};

/**
 * A platform admin acting in an organization they are not a member of (askAdmin, or the API naming it) has the admin
 * role's rights there: enough to support the organization, never its members or where its money is paid out. The
 * marker counts only while the user is still a platform admin.
 */
export const PLATFORM_ADMIN_ORGANIZATION_ROLE = "admin" satisfies OrganizationRole;

/**
 * What the stand-in role never grants a platform admin who is not a member: where the money is paid out, and API keys
 * (a key would outlive the support visit as a credential of the organization's own).
 */
const notForPlatformAdmin: ReadonlySet<OrganizationAction> = new Set<OrganizationAction>([
  "finance:connect-account",
  "api-keys:manage",
]);

/**
 * The scopes of an API key that grant each action (any one of them is enough); an empty list: never granted to a key
 * (decision 0047). Every use-case's assert… therefore decides for keys too, and a new action must be given its line.
 * Seeing an event comes with every scope that works on events, so that a door system with check_ins:write alone
 * can open the event it scans for.
 */
const scopesGranting = {
  "organization:view": [],
  "organization:update": [],
  "contact-entries:view": [],
  "contact-entries:update": [],
  "members:view": [],
  "members:manage": [],
  "finance:view": ["finance:read"],
  "finance:manage": [],
  "finance:connect-account": [],
  "integrations:manage": [],
  "events:list": ["events:read"],
  "events:list-guest": [],
  "events:create": ["events:write"],
  "privacy:export": [],
  "privacy:anonymise": [],
  "api-keys:manage": [],
  "event:view": ["events:read", "events:write", "orders:read", "participants:write", "check_ins:write"],
  "event:update": ["events:write"],
  "event:publish": ["events:write"],
  "event:delete": [],
  "event:view-team": [],
  "event:manage-team": [],
  "event:view-sales": ["orders:read"],
  "event:edit-participants": ["participants:write"],
  // Writing to attendees follows the participants' rules (issue 27 §7).
  "event:message-attendees": ["participants:write"],
  "event:manage-sales": [],
  "event:validate-entries": ["check_ins:write"],
} as const satisfies Record<OrganizationAction | EventAction, readonly ApiKeyScope[]>;

/** Whether an API key's scopes grant the action. */
export function apiKeyGrants(scopes: readonly ApiKeyScope[], action: OrganizationAction | EventAction): boolean {
  const granting: readonly ApiKeyScope[] = scopesGranting[action];
  return granting.some((scope) => scopes.includes(scope));
}

function inSelectedOrganization(
  actor: Actor,
  organizationId: number | undefined,
): actor is Actor & { organizationId: number; role: OrganizationRole } {
  if (actor.organizationId === null || actor.role === null) return false;
  if (actor.viaPlatformAdmin && !actor.isAdmin) return false;
  return organizationId === undefined || organizationId === actor.organizationId;
}

/** The role whose rights apply: the member's own, or the platform admin's stand-in role. */
function effectiveRole(actor: Actor & { role: OrganizationRole }): OrganizationRole {
  return actor.viaPlatformAdmin ? PLATFORM_ADMIN_ORGANIZATION_ROLE : actor.role;
}

/**
 * Organization-level permission in the actor's selected organization. Pass `organizationId` when the data
 * names its organization: another organization is always refused.
 */
export function canInOrganization(actor: Actor, action: OrganizationAction, organizationId?: number): boolean {
  if (!inSelectedOrganization(actor, organizationId)) return false;
  if (actor.apiKey) return apiKeyGrants(actor.apiKey.scopes, action);
  if (actor.viaPlatformAdmin && notForPlatformAdmin.has(action)) return false;
  return organizationMatrix[effectiveRole(actor)].has(action);
}

export type EventScope = { organizationId: number; roles?: readonly EventRole[] };

/**
 * Event-level permission on an event of the actor's selected organization: by organization role, or by the
 * actor's access roles on that event. An event of another organization is always refused.
 */
export function canOnEvent(actor: Actor, action: EventAction, event: EventScope): boolean {
  if (!inSelectedOrganization(actor, event.organizationId)) return false;
  if (actor.apiKey) return apiKeyGrants(actor.apiKey.scopes, action);
  if (eventMatrixByOrganizationRole[effectiveRole(actor)].has(action)) return true;
  return (event.roles ?? []).some((role) => eventMatrixByEventRole[role].has(action));
}

/**
 * The event roles whose access grants `action` on that event: for a query that picks events by the actor's access
 * rows (the events home), so that its SQL follows the same matrix as canOnEvent.
 */
export function eventRolesGranting(action: EventAction): EventRole[] {
  return knownEventRoles.filter((role) => eventMatrixByEventRole[role].has(action));
}

export function canOnPlatform(actor: Pick<Actor, "isAdmin" | "apiKey">, action: PlatformAction): boolean {
  // A key works inside its organization only: never creating organizations, never the platform admin area.
  if (actor.apiKey) return false;
  switch (action) {
    case "organizations:create":
      return true;
    case "admin:access":
    case "admin:ask-admin":
      return actor.isAdmin;
  }
}

/** Pages of the signed-in area that need an organization-level role (spec §6: hidden for event_manager and guest). */
export function canSeeOrganizationArea(actor: Actor): boolean {
  return canInOrganization(actor, "organization:view");
}

/** 404 for another organization (or none), 403 for a role that lacks the action. */
export function assertCanInOrganization(
  actor: Actor,
  action: OrganizationAction,
  organizationId?: number,
): asserts actor is Actor & { organizationId: number; role: OrganizationRole } {
  if (!inSelectedOrganization(actor, organizationId)) throw notFound();
  if (!canInOrganization(actor, action, organizationId)) throw forbidden();
}

/** 404 for an event of another organization, 403 for a role that lacks the action. */
export function assertCanOnEvent(actor: Actor, action: EventAction, event: EventScope) {
  if (!inSelectedOrganization(actor, event.organizationId)) throw notFound();
  if (!canOnEvent(actor, action, event)) throw forbidden();
}

export function assertCanOnPlatform(actor: Pick<Actor, "isAdmin" | "apiKey">, action: PlatformAction) {
  if (!canOnPlatform(actor, action)) throw forbidden();
}

/** The pipe-separated roles stored in event_accesses.roles; unknown values are dropped. */
export function parseEventRoles(roles: string): EventRole[] {
  const known = new Set<string>(knownEventRoles);
  return roles.split("|").filter((r): r is EventRole => known.has(r));
}

/** Spec §4 team role mapping: team_manager is shown as admin, validator grants can_validate. */
export function displayEventRole(role: EventRole): "admin" | "event_manager" | "validator" {
  return role === "team_manager" ? "admin" : role;
}
