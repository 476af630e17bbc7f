import { describe, expect, it } from "vitest";
import type { OrganizationRole } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { assertMayGrant, roleRank } from "./member-roles";

const actor = (role: OrganizationRole, viaPlatformAdmin = false): Actor => ({
  userId: 1,
  email: "a@guichet.test",
  isAdmin: viaPlatformAdmin,
  organizationId: 1,
  role,
  viaPlatformAdmin,
});

const ROLES: OrganizationRole[] = ["owner", "admin", "event_manager", ""];

function allowed(work: () => void): boolean {
  try {
    work();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden") return false;
    throw error;
  }
}

describe("nobody raises anyone above their own role", () => {
  // Rows: the actor's role; columns: the role handed out (owner, admin, event_manager, guest).
  const EXPECTED: Record<string, boolean[]> = {
    owner: [true, true, true, true],
    admin: [false, true, true, true],
    event_manager: [false, false, true, true],
    guest: [false, false, false, true],
  };
  for (const own of ROLES) {
    it(`${own || "guest"} may hand out exactly the roles up to their own`, () => {
      expect(ROLES.map((role) => allowed(() => assertMayGrant(actor(own), role)))).toEqual(EXPECTED[own || "guest"]);
    });
  }

  it("refuses to change someone ranked above the actor, even downwards", () => {
    expect(allowed(() => assertMayGrant(actor("admin"), "", "owner"))).toBe(false);
    expect(allowed(() => assertMayGrant(actor("admin"), "", "admin"))).toBe(true);
  });

  it("ranks a platform admin acting in the organization as admin, whatever its role field", () => {
    expect(allowed(() => assertMayGrant(actor("owner", true), "owner"))).toBe(false);
    expect(roleRank("owner")).toBeGreaterThan(roleRank("admin"));
  });
});
