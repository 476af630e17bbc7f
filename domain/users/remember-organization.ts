import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { users } from "#db/schema";

/**
 * Remembers the organization the user switched to, for their next sign-in on any device (issue 24 §2). The caller has
 * checked that the user may open it; at sign-in it is used only while still among the user's organizations.
 */
export async function rememberOrganization(db: Database, userId: number, organizationId: number): Promise<void> {
  await db.update(users).set({ lastOrganizationId: organizationId }).where(eq(users.id, userId));
}
