import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { memberships, users, type OrganizationRole } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";

export type Member = { userId: number; email: string; firstName: string; lastName: string; role: OrganizationRole };

const memberColumns = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: memberships.role,
};

/** The organization's members (spec §3: email, first name, last name, role), by last name then first name. */
export async function listMembers(db: Database, actor: Actor, organizationId: number): Promise<Member[]> {
  assertCanInOrganization(actor, "members:view", organizationId);
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, actor.organizationId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

/** One member of the organization, or null. */
export async function findMember(db: Database, organizationId: number, userId: number): Promise<Member | null> {
  const [member] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return member ?? null;
}
