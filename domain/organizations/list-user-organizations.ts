import { asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { memberships, organizations, type OrganizationRole } from "#db/schema";

export type UserOrganization = {
  id: number;
  title: string;
  /** The user's role in it; for an organization reached through askAdmin, the platform admin's role (see viaAdmin). */
  role: OrganizationRole;
  /** True when the user is not a member and sees it only as a platform admin with askAdmin on. */
  viaAdmin?: boolean;
};

/**
 * The organizations the user belongs to, sorted by title (spec §7 GET /me/organizers). Sorted on the lower-cased
 * key so that "mon asso" does not land after every capitalised name.
 */
export async function listUserOrganizations(db: Database, userId: number): Promise<UserOrganization[]> {
  return userOrganizationsQuery(db, userId);
}

/**
 * The same list as a query not yet run, for a `db.batch`: `userId` may be SQL (the session's user, read in the same
 * round trip as the session in domain/auth/sessions.ts).
 */
export function userOrganizationsQuery(db: Database, userId: number | SQL) {
  return db
    .select({ id: organizations.id, title: organizations.title, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.titleKey), asc(organizations.id));
}
