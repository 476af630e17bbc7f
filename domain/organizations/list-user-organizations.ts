import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { memberships, organizations, type OrganizationRole } from "#db/schema";

export type UserOrganization = { id: number; title: string; role: OrganizationRole };

/** The organizations the user belongs to, sorted by title (spec §7 GET /me/organizers). */
export async function listUserOrganizations(db: Database, userId: number): Promise<UserOrganization[]> {
  return db
    .select({ id: organizations.id, title: organizations.title, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.title), asc(organizations.id));
}
