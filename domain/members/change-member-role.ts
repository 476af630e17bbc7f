import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { memberships, type OrganizationRole } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { findMember, type Member } from "./list-members";
import { assertMayGrant } from "./member-roles";

/**
 * SQL condition on a membership row: it is not an owner, or another owner remains. Evaluated inside the one UPDATE or
 * DELETE statement, so two parallel demotions of the last two owners cannot both pass (SQLite runs each statement
 * atomically): the organization always keeps at least one owner.
 */
export function anotherOwnerRemains(organizationId: number) {
  return or(
    ne(memberships.role, "owner"),
    sql`(select count(*) from ${memberships} as others where others.organization_id = ${organizationId} and others.role = 'owner' and others.user_id <> ${sql.raw('"memberships"."user_id"')}) > 0`,
  )!;
}

/** Changes a member's role among the organization roles (spec §6). The last owner keeps the role: 409 'last-owner'. */
export async function changeMemberRole(
  db: Database,
  actor: Actor,
  organizationId: number,
  userId: number,
  role: OrganizationRole,
): Promise<Member> {
  assertCanInOrganization(actor, "members:manage", organizationId);
  const member = await findMember(db, actor.organizationId, userId);
  if (!member) throw notFound("members:errors.not-found");
  assertMayGrant(actor, role, member.role);

  const where = and(eq(memberships.organizationId, actor.organizationId), eq(memberships.userId, userId));
  const updated = await db
    .update(memberships)
    .set({ role })
    .where(role === "owner" ? where : and(where, anotherOwnerRemains(actor.organizationId)))
    .returning({ role: memberships.role });
  if (updated.length === 0) {
    if (!(await findMember(db, actor.organizationId, userId))) throw notFound("members:errors.not-found");
    throw new AppError("conflict", "members:errors.last-owner");
  }
  return { ...member, role };
}
