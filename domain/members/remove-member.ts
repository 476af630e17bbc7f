import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventAccesses, memberships } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { anotherOwnerRemains } from "./change-member-role";
import { findMember } from "./list-members";
import { assertMayGrant } from "./member-roles";

/**
 * Removes a member (the page asks to type DELETE MEMBER first, spec §5) and their accesses to the organization's
 * events. The last owner cannot be removed: 409 'last-owner', decided inside the DELETE statement itself.
 */
export async function removeMember(db: Database, actor: Actor, organizationId: number, userId: number): Promise<void> {
  assertCanInOrganization(actor, "members:manage", organizationId);
  const member = await findMember(db, actor.organizationId, userId);
  if (!member) throw notFound("members:errors.not-found");
  assertMayGrant(actor, member.role, member.role);

  const deleted = await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.organizationId, actor.organizationId),
        eq(memberships.userId, userId),
        anotherOwnerRemains(actor.organizationId),
      ),
    )
    .returning({ id: memberships.id });
  if (deleted.length === 0) {
    if (!(await findMember(db, actor.organizationId, userId))) throw notFound("members:errors.not-found");
    throw new AppError("conflict", "members:errors.last-owner");
  }
  await db
    .delete(eventAccesses)
    .where(and(eq(eventAccesses.organizationId, actor.organizationId), eq(eventAccesses.userId, userId)));
}
