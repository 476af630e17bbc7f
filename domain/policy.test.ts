import { describe, expect, it } from "vitest";
import type { ApiKeyScope, EventRole, OrganizationRole } from "#db/schema";
import {
  assertCanInOrganization,
  assertCanOnEvent,
  assertCanOnPlatform,
  canInOrganization,
  canOnEvent,
  canOnPlatform,
  canSeeOrganizationArea,
  displayEventRole,
  eventActions,
  organizationActions,
  parseEventRoles,
  platformActions,
  type EventAction,
  type OrganizationAction,
} from "./policy";
import type { Actor } from "./shared/actor";
import { AppError } from "./shared/app-error";

// The expected permissions, written out by hand from spec §6 and docs/decisions/0012-roles-and-permissions.md.
// Columns: owner, admin, event_manager, guest (""). Nothing here is derived from the implementation.
const Y = true;
const N = false;

const ORGANIZATION_TABLE: Record<
  OrganizationAction,
  [owner: boolean, admin: boolean, eventManager: boolean, guest: boolean]
> = {
  "organization:view": [Y, Y, N, N],
  "organization:update": [Y, Y, N, N],
  "contact-entries:view": [Y, Y, N, N],
  "contact-entries:update": [Y, Y, N, N],
  "members:view": [Y, Y, N, N],
  "members:manage": [Y, N, N, N],
  "finance:view": [Y, Y, N, N],
  "finance:manage": [Y, Y, N, N],
  "finance:connect-account": [Y, Y, N, N],
  "integrations:manage": [Y, Y, N, N],
  "events:list": [Y, Y, Y, N],
  "events:list-guest": [N, N, N, Y],
  "events:create": [Y, Y, Y, N],
  "privacy:export": [Y, N, N, N],
  "privacy:anonymise": [Y, N, N, N],
  "api-keys:manage": [Y, Y, N, N],
};

// Event actions granted by the organization role, on any event of that organization.
const EVENT_BY_ORGANIZATION_ROLE_TABLE: Record<
  EventAction,
  [owner: boolean, admin: boolean, eventManager: boolean, guest: boolean]
> = {
  "event:view": [Y, Y, Y, N],
  "event:update": [Y, Y, Y, N],
  "event:publish": [Y, Y, Y, N],
  "event:delete": [Y, Y, Y, N],
  "event:view-team": [Y, Y, Y, N],
  "event:manage-team": [Y, Y, Y, N],
  "event:view-sales": [Y, Y, Y, N],
  "event:edit-participants": [Y, Y, Y, N],
  "event:message-attendees": [Y, Y, Y, N],
  "event:manage-sales": [Y, Y, Y, N],
  "event:validate-entries": [Y, Y, Y, N],
};

// Event actions granted by an access on that one event, to a guest of the organization.
// Columns: team_manager (shown as admin), event_manager, validator.
const EVENT_BY_EVENT_ROLE_TABLE: Record<
  EventAction,
  [teamManager: boolean, eventManager: boolean, validator: boolean]
> = {
  "event:view": [Y, Y, N],
  "event:update": [Y, Y, N],
  "event:publish": [Y, Y, N],
  "event:delete": [N, N, N],
  "event:view-team": [Y, Y, N],
  "event:manage-team": [Y, N, N],
  "event:view-sales": [Y, Y, N],
  "event:edit-participants": [Y, Y, N],
  "event:message-attendees": [Y, Y, N],
  "event:manage-sales": [Y, Y, N],
  "event:validate-entries": [Y, Y, Y],
};

// A platform admin in an organization they are not a member of (actor.viaPlatformAdmin): the admin column, whatever
// role the actor carries. Columns: still a platform admin, no longer one (the marker then grants nothing).
const VIA_PLATFORM_ADMIN_ORGANIZATION_TABLE: Record<
  OrganizationAction,
  [platformAdmin: boolean, formerAdmin: boolean]
> = {
  "organization:view": [Y, N],
  "organization:update": [Y, N],
  "contact-entries:view": [Y, N],
  "contact-entries:update": [Y, N],
  "members:view": [Y, N],
  "members:manage": [N, N],
  "finance:view": [Y, N],
  "finance:manage": [Y, N],
  "finance:connect-account": [N, N],
  "integrations:manage": [Y, N],
  "events:list": [Y, N],
  "events:list-guest": [N, N],
  "events:create": [Y, N],
  "privacy:export": [N, N],
  "privacy:anonymise": [N, N],
  "api-keys:manage": [N, N],
};

const VIA_PLATFORM_ADMIN_EVENT_TABLE: Record<EventAction, [platformAdmin: boolean, formerAdmin: boolean]> = {
  "event:view": [Y, N],
  "event:update": [Y, N],
  "event:publish": [Y, N],
  "event:delete": [Y, N],
  "event:view-team": [Y, N],
  "event:manage-team": [Y, N],
  "event:view-sales": [Y, N],
  "event:edit-participants": [Y, N],
  "event:message-attendees": [Y, N],
  "event:manage-sales": [Y, N],
  "event:validate-entries": [Y, N],
};

// An API key (decision 0047): what each scope alone grants. Columns: events:read, events:write, orders:read,
// participants:write, check_ins:write, finance:read.
type ScopeColumns = [
  eventsRead: boolean,
  eventsWrite: boolean,
  ordersRead: boolean,
  participantsWrite: boolean,
  checkInsWrite: boolean,
  financeRead: boolean,
];
const API_KEY_SCOPES: ApiKeyScope[] = [
  "events:read",
  "events:write",
  "orders:read",
  "participants:write",
  "check_ins:write",
  "finance:read",
];
const API_KEY_ORGANIZATION_TABLE: Record<OrganizationAction, ScopeColumns> = {
  "organization:view": [N, N, N, N, N, N],
  "organization:update": [N, N, N, N, N, N],
  "contact-entries:view": [N, N, N, N, N, N],
  "contact-entries:update": [N, N, N, N, N, N],
  "members:view": [N, N, N, N, N, N],
  "members:manage": [N, N, N, N, N, N],
  "finance:view": [N, N, N, N, N, Y],
  "finance:manage": [N, N, N, N, N, N],
  "finance:connect-account": [N, N, N, N, N, N],
  "integrations:manage": [N, N, N, N, N, N],
  "events:list": [Y, N, N, N, N, N],
  "events:list-guest": [N, N, N, N, N, N],
  "events:create": [N, Y, N, N, N, N],
  "privacy:export": [N, N, N, N, N, N],
  "privacy:anonymise": [N, N, N, N, N, N],
  "api-keys:manage": [N, N, N, N, N, N],
};
const API_KEY_EVENT_TABLE: Record<EventAction, ScopeColumns> = {
  "event:view": [Y, Y, Y, Y, Y, N],
  "event:update": [N, Y, N, N, N, N],
  "event:publish": [N, Y, N, N, N, N],
  "event:delete": [N, N, N, N, N, N],
  "event:view-team": [N, N, N, N, N, N],
  "event:manage-team": [N, N, N, N, N, N],
  "event:view-sales": [N, N, Y, N, N, N],
  "event:edit-participants": [N, N, N, Y, N, N],
  "event:message-attendees": [N, N, N, Y, N, N],
  "event:manage-sales": [N, N, N, N, N, N],
  "event:validate-entries": [N, N, N, N, Y, N],
};

const ORGANIZATION_ROLES: OrganizationRole[] = ["owner", "admin", "event_manager", ""];
const EVENT_ROLES: EventRole[] = ["team_manager", "event_manager", "validator"];
const roleName = (role: OrganizationRole) => (role === "" ? "guest" : role);

const OWN = 10;
const FOREIGN = 20;

function actor(role: OrganizationRole | null, overrides: Partial<Actor> = {}): Actor {
  return {
    userId: 1,
    email: "someone@guichet.test",
    isAdmin: false,
    organizationId: role === null ? null : OWN,
    role,
    ...overrides,
  };
}

function errorCode(work: () => void): string | null {
  try {
    work();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe("the tables cover every action", () => {
  it("lists every organization, event and platform action", () => {
    expect(Object.keys(ORGANIZATION_TABLE).sort()).toEqual([...organizationActions].sort());
    expect(Object.keys(API_KEY_ORGANIZATION_TABLE).sort()).toEqual([...organizationActions].sort());
    expect(Object.keys(API_KEY_EVENT_TABLE).sort()).toEqual([...eventActions].sort());
    expect(Object.keys(EVENT_BY_ORGANIZATION_ROLE_TABLE).sort()).toEqual([...eventActions].sort());
    expect(Object.keys(EVENT_BY_EVENT_ROLE_TABLE).sort()).toEqual([...eventActions].sort());
    expect(Object.keys(VIA_PLATFORM_ADMIN_ORGANIZATION_TABLE).sort()).toEqual([...organizationActions].sort());
    expect(Object.keys(VIA_PLATFORM_ADMIN_EVENT_TABLE).sort()).toEqual([...eventActions].sort());
    expect([...platformActions].sort()).toEqual(["admin:access", "admin:ask-admin", "organizations:create"]);
  });
});

describe("organization actions × organization roles", () => {
  for (const action of organizationActions) {
    ORGANIZATION_ROLES.forEach((role, column) => {
      const expected = ORGANIZATION_TABLE[action][column]!;
      const who = roleName(role);

      it(`${who} ${expected ? "may" : "may not"} ${action} in their own organization`, () => {
        const a = actor(role);
        expect(canInOrganization(a, action)).toBe(expected);
        expect(canInOrganization(a, action, OWN)).toBe(expected);
        expect(errorCode(() => assertCanInOrganization(a, action, OWN))).toBe(expected ? null : "forbidden");
      });

      it(`${who} may not ${action} in a foreign organization (404)`, () => {
        const a = actor(role);
        expect(canInOrganization(a, action, FOREIGN)).toBe(false);
        expect(errorCode(() => assertCanInOrganization(a, action, FOREIGN))).toBe("not_found");
      });

      it(`a platform admin who is ${who} gets exactly the ${who} rights for ${action}`, () => {
        const a = actor(role, { isAdmin: true });
        expect(canInOrganization(a, action, OWN)).toBe(expected);
        expect(canInOrganization(a, action, FOREIGN)).toBe(false);
      });
    });

    it(`nobody without an organization may ${action}`, () => {
      const a = actor(null);
      expect(canInOrganization(a, action)).toBe(false);
      expect(canInOrganization(a, action, OWN)).toBe(false);
      expect(errorCode(() => assertCanInOrganization(a, action))).toBe("not_found");
    });
  }
});

describe("a platform admin acting in an organization they are not a member of (viaPlatformAdmin)", () => {
  // Whatever role the actor carries (actorForOrganization and askAdmin set "admin"), the marker decides.
  const viaAdmin = (role: OrganizationRole, isAdmin = true) => actor(role, { isAdmin, viaPlatformAdmin: true });

  for (const action of organizationActions) {
    const [expected, forFormerAdmin] = VIA_PLATFORM_ADMIN_ORGANIZATION_TABLE[action];
    it(`${expected ? "may" : "may not"} ${action} there (admin rights), and not at all once no longer a platform admin`, () => {
      for (const role of ORGANIZATION_ROLES) {
        expect(canInOrganization(viaAdmin(role), action, OWN)).toBe(expected);
        expect(canInOrganization(viaAdmin(role, false), action, OWN)).toBe(forFormerAdmin);
      }
      expect(errorCode(() => assertCanInOrganization(viaAdmin("owner"), action, OWN))).toBe(
        expected ? null : "forbidden",
      );
      expect(errorCode(() => assertCanInOrganization(viaAdmin("owner", false), action, OWN))).toBe("not_found");
    });

    it(`may not ${action} in another organization than the one it acts in (404)`, () => {
      expect(canInOrganization(viaAdmin("admin"), action, FOREIGN)).toBe(false);
      expect(errorCode(() => assertCanInOrganization(viaAdmin("admin"), action, FOREIGN))).toBe("not_found");
    });
  }

  for (const action of eventActions) {
    const [expected, forFormerAdmin] = VIA_PLATFORM_ADMIN_EVENT_TABLE[action];
    it(`${expected ? "may" : "may not"} ${action} on the organization's events, and not at all once no longer a platform admin`, () => {
      expect(canOnEvent(viaAdmin("owner"), action, { organizationId: OWN })).toBe(expected);
      expect(canOnEvent(viaAdmin("owner", false), action, { organizationId: OWN, roles: EVENT_ROLES })).toBe(
        forFormerAdmin,
      );
      expect(canOnEvent(viaAdmin("admin"), action, { organizationId: FOREIGN })).toBe(false);
      expect(errorCode(() => assertCanOnEvent(viaAdmin("admin", false), action, { organizationId: OWN }))).toBe(
        "not_found",
      );
    });
  }

  it("sees the organization area", () => {
    expect(canSeeOrganizationArea(viaAdmin("admin"))).toBe(true);
    expect(canSeeOrganizationArea(viaAdmin("admin", false))).toBe(false);
  });
});

describe("event actions × organization roles", () => {
  for (const action of eventActions) {
    ORGANIZATION_ROLES.forEach((role, column) => {
      const expected = EVENT_BY_ORGANIZATION_ROLE_TABLE[action][column]!;
      const who = roleName(role);

      it(`${who} ${expected ? "may" : "may not"} ${action} on an event of their own organization`, () => {
        const a = actor(role);
        expect(canOnEvent(a, action, { organizationId: OWN })).toBe(expected);
        expect(errorCode(() => assertCanOnEvent(a, action, { organizationId: OWN }))).toBe(
          expected ? null : "forbidden",
        );
      });

      it(`${who} may not ${action} on an event of a foreign organization, whatever its access roles (404)`, () => {
        const a = actor(role);
        const scope = { organizationId: FOREIGN, roles: EVENT_ROLES };
        expect(canOnEvent(a, action, scope)).toBe(false);
        expect(errorCode(() => assertCanOnEvent(a, action, scope))).toBe("not_found");
      });
    });

    it(`nobody without an organization may ${action}, even with access roles`, () => {
      expect(canOnEvent(actor(null), action, { organizationId: OWN, roles: EVENT_ROLES })).toBe(false);
    });
  }
});

describe("event actions × event roles (a guest of the organization with an access on the event)", () => {
  for (const action of eventActions) {
    EVENT_ROLES.forEach((eventRole, column) => {
      const expected = EVENT_BY_EVENT_ROLE_TABLE[action][column]!;

      it(`${eventRole} ${expected ? "may" : "may not"} ${action} on that event`, () => {
        const guest = actor("");
        const scope = { organizationId: OWN, roles: [eventRole] };
        expect(canOnEvent(guest, action, scope)).toBe(expected);
        expect(errorCode(() => assertCanOnEvent(guest, action, scope))).toBe(expected ? null : "forbidden");
      });

      it(`${eventRole} may not ${action} on that event from a foreign organization`, () => {
        expect(canOnEvent(actor(""), action, { organizationId: FOREIGN, roles: [eventRole] })).toBe(false);
      });
    });

    it(`a guest with no access may not ${action}`, () => {
      expect(canOnEvent(actor(""), action, { organizationId: OWN, roles: [] })).toBe(false);
      expect(canOnEvent(actor(""), action, { organizationId: OWN })).toBe(false);
    });
  }

  it("adds up several roles on one event", () => {
    const scope = { organizationId: OWN, roles: ["validator", "event_manager"] as EventRole[] };
    expect(canOnEvent(actor(""), "event:update", scope)).toBe(true);
    expect(canOnEvent(actor(""), "event:validate-entries", scope)).toBe(true);
    expect(canOnEvent(actor(""), "event:manage-team", scope)).toBe(false);
  });

  it("never lowers what the organization role gives", () => {
    expect(canOnEvent(actor("owner"), "event:delete", { organizationId: OWN, roles: ["validator"] })).toBe(true);
  });
});

describe("an API key (decision 0047): exactly what its scopes grant, in its organization only", () => {
  const keyActor = (scopes: ApiKeyScope[], overrides: Partial<Actor> = {}) =>
    actor("", { email: "", apiKey: { id: 7, scopes }, ...overrides });

  for (const [action, columns] of Object.entries(API_KEY_ORGANIZATION_TABLE) as [OrganizationAction, ScopeColumns][]) {
    API_KEY_SCOPES.forEach((scope, index) => {
      const expected = columns[index]!;
      it(`a key with ${scope} ${expected ? "may" : "may not"} ${action} (${expected ? "allowed" : "403"})`, () => {
        expect(canInOrganization(keyActor([scope]), action)).toBe(expected);
        expect(errorCode(() => assertCanInOrganization(keyActor([scope]), action))).toBe(expected ? null : "forbidden");
      });
    });
    it(`a key with every scope may ${action} in no other organization (404)`, () => {
      expect(canInOrganization(keyActor(API_KEY_SCOPES), action, FOREIGN)).toBe(false);
      expect(errorCode(() => assertCanInOrganization(keyActor(API_KEY_SCOPES), action, FOREIGN))).toBe("not_found");
    });
  }

  for (const [action, columns] of Object.entries(API_KEY_EVENT_TABLE) as [EventAction, ScopeColumns][]) {
    API_KEY_SCOPES.forEach((scope, index) => {
      const expected = columns[index]!;
      it(`a key with ${scope} ${expected ? "may" : "may not"} ${action}, whatever its creator's access roles`, () => {
        const withRoles = { organizationId: OWN, roles: ["team_manager"] as EventRole[] };
        expect(canOnEvent(keyActor([scope]), action, withRoles)).toBe(expected);
        expect(errorCode(() => assertCanOnEvent(keyActor([scope]), action, withRoles))).toBe(
          expected ? null : "forbidden",
        );
      });
    });
    it(`a key with every scope may not ${action} on another organization's event (404)`, () => {
      expect(errorCode(() => assertCanOnEvent(keyActor(API_KEY_SCOPES), action, { organizationId: FOREIGN }))).toBe(
        "not_found",
      );
    });
  }

  it("adds up its scopes, and no role it carries changes them", () => {
    const both = keyActor(["events:read", "orders:read"], { role: "owner" });
    expect(canInOrganization(both, "events:list")).toBe(true);
    expect(canOnEvent(both, "event:view-sales", { organizationId: OWN })).toBe(true);
    expect(canOnEvent(both, "event:update", { organizationId: OWN })).toBe(false);
    expect(canInOrganization(both, "members:manage")).toBe(false);
  });

  it("never acts on the platform, even for a key of a platform admin", () => {
    for (const action of platformActions) {
      expect(canOnPlatform(keyActor(API_KEY_SCOPES, { isAdmin: true }), action)).toBe(false);
      expect(errorCode(() => assertCanOnPlatform(keyActor(API_KEY_SCOPES, { isAdmin: true }), action))).toBe(
        "forbidden",
      );
    }
  });
});

describe("platform actions", () => {
  const EXPECTED: Record<string, [user: boolean, admin: boolean]> = {
    "organizations:create": [Y, Y],
    "admin:access": [N, Y],
    "admin:ask-admin": [N, Y],
  };
  for (const [action, [forUser, forAdmin]] of Object.entries(EXPECTED)) {
    it(`${action}: user ${forUser}, platform admin ${forAdmin}`, () => {
      const typed = action as (typeof platformActions)[number];
      for (const role of [...ORGANIZATION_ROLES, null]) {
        expect(canOnPlatform(actor(role), typed)).toBe(forUser);
        expect(canOnPlatform(actor(role, { isAdmin: true }), typed)).toBe(forAdmin);
      }
      expect(errorCode(() => assertCanOnPlatform(actor("owner"), typed))).toBe(forUser ? null : "forbidden");
    });
  }
});

describe("navigation (spec §6: Organizer, Finances and Settings hidden for event_manager and guest)", () => {
  const EXPECTED: Record<string, boolean> = { owner: Y, admin: Y, event_manager: N, guest: N, none: N };
  for (const [who, expected] of Object.entries(EXPECTED)) {
    it(`${who}: ${expected ? "sees" : "does not see"} the organization area`, () => {
      const role = who === "none" ? null : who === "guest" ? "" : (who as OrganizationRole);
      expect(canSeeOrganizationArea(actor(role))).toBe(expected);
    });
  }
});

describe("event roles", () => {
  it("parses the stored pipe-separated list and drops unknown values", () => {
    expect(parseEventRoles("validator|event_manager")).toEqual(["validator", "event_manager"]);
    expect(parseEventRoles("team_manager|owner||")).toEqual(["team_manager"]);
    expect(parseEventRoles("")).toEqual([]);
  });

  it("shows team_manager as admin (spec §4)", () => {
    expect(displayEventRole("team_manager")).toBe("admin");
    expect(displayEventRole("event_manager")).toBe("event_manager");
    expect(displayEventRole("validator")).toBe("validator");
  });
});
