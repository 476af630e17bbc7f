import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { memberships, organizations } from "#db/schema";
import { assertCanOnPlatform, PLATFORM_ADMIN_ORGANIZATION_ROLE } from "../policy";
import type { Actor } from "../shared/actor";
import type { UserOrganization } from "./list-user-organizations";

/**
 * Every organization, sorted by title, for a platform admin (spec §7 GET /me/organizers-admin, and the switcher
 * while askAdmin is on). Where the admin is a member, their real role; elsewhere marked viaAdmin, with the role the
 * policy grants a platform admin there ("admin"; docs/decisions/0010-ask-admin.md).
 */
export async function listAllOrganizations(
  db: Database,
  actor: Pick<Actor, "userId" | "isAdmin">,
): Promise<UserOrganization[]> {
  assertCanOnPlatform(actor, "admin:ask-admin");
  const rows = await db
    .select({ id: organizations.id, title: organizations.title, role: memberships.role })
    .from(organizations)
    .leftJoin(memberships, and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, actor.userId)))
    .orderBy(asc(organizations.titleKey), asc(organizations.id));
  return rows.map((row) =>
    row.role === null
      ? { id: row.id, title: row.title, role: PLATFORM_ADMIN_ORGANIZATION_ROLE, viaAdmin: true }
      : { id: row.id, title: row.title, role: row.role },
  );
}
