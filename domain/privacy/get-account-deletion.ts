import { and, asc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { memberships, organizations, users } from "#db/schema";
import { notFound } from "../shared/app-error";

export type AccountDeletion = {
  /** How the user proves it is them: their password, or a code emailed to a Google account (no password). */
  confirmation: "password" | "email-code";
  /** Organizations the user is the only owner of: to hand over or delete before the account can go. */
  soleOwnerOrganizations: { id: number; title: string }[];
};

/** The organizations where `userId` is an owner and no other member is. */
export async function soleOwnerOrganizations(db: Database, userId: number): Promise<{ id: number; title: string }[]> {
  const others = alias(memberships, "other_owners");
  const rows = await db
    .select({ id: organizations.id, title: organizations.title, otherOwner: others.id })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(
      others,
      and(
        eq(others.organizationId, memberships.organizationId),
        eq(others.role, "owner"),
        ne(others.userId, memberships.userId),
      ),
    )
    .where(and(eq(memberships.userId, userId), eq(memberships.role, "owner")))
    .orderBy(asc(organizations.title), asc(organizations.id));
  const sole = new Map<number, { id: number; title: string }>();
  const shared = new Set<number>();
  for (const row of rows) {
    if (row.otherOwner !== null) shared.add(row.id);
    else sole.set(row.id, { id: row.id, title: row.title });
  }
  return [...sole.values()].filter((organization) => !shared.has(organization.id));
}

/** What the account settings page needs before offering deletion. The actor is the signed-in user themselves. */
export async function getAccountDeletion(db: Database, actor: { userId: number }): Promise<AccountDeletion> {
  const [user] = await db
    .select({ authMethod: users.authMethod, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  if (!user) throw notFound();
  return {
    confirmation: user.authMethod === "password" && user.passwordHash ? "password" : "email-code",
    soleOwnerOrganizations: await soleOwnerOrganizations(db, actor.userId),
  };
}
