import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { memberships } from "#db/schema";
import { PLATFORM_ADMIN_ORGANIZATION_ROLE } from "../policy";
import type { Actor } from "../shared/actor";

/**
 * The actor for a request that names its organization (the JSON API): the user's role in it when they are a
 * member; a platform admin who is not a member acts there `viaPlatformAdmin`, which the policy grants the admin role's
 * rights, as with askAdmin in the web app (docs/decisions/ask-admin.md); anyone else gets no organization, which the
 * policy answers with 404.
 */
export async function actorForOrganization(
  db: Database,
  user: { id: number; email: string; isAdmin: boolean },
  organizationId: number,
): Promise<Actor> {
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), eq(memberships.organizationId, organizationId)))
    .limit(1);
  const base = { userId: user.id, email: user.email, isAdmin: user.isAdmin };
  if (membership) return { ...base, organizationId, role: membership.role };
  if (user.isAdmin) return { ...base, organizationId, role: PLATFORM_ADMIN_ORGANIZATION_ROLE, viaPlatformAdmin: true };
  return { ...base, organizationId: null, role: null };
}
