import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, memberships } from "#db/schema";
import { PLATFORM_ADMIN_ORGANIZATION_ROLE } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

export type ActingUser = { id: number; email: string; isAdmin: boolean };

/** An actor acting in one organization (a member, or a platform admin acting there). */
export type OrganizationActor = Actor & { organizationId: number };

/**
 * The actor for a request that names its organization (the JSON API): the user's role in it when they are a
 * member; a platform admin who is not a member acts there `viaPlatformAdmin`, which the policy grants the admin role's
 * rights, as with askAdmin in the web app (docs/decisions/0010-ask-admin.md); anyone else gets no organization, which the
 * policy answers with 404.
 */
export async function actorForOrganization(db: Database, user: ActingUser, organizationId: number): Promise<Actor> {
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

/** As `actorForOrganization`, for a caller that can do nothing without the organization: not a member → 404. */
export async function requireActorInOrganization(
  db: Database,
  user: ActingUser,
  organizationId: number,
  messageKey = "not-found",
): Promise<OrganizationActor> {
  const actor = await actorForOrganization(db, user, organizationId);
  if (actor.organizationId === null) throw notFound(messageKey);
  return actor as OrganizationActor;
}

/**
 * The actor of a request that names only an event (`/api/events/:id`): as a member of the event's organization.
 * An unknown event and an event of another organization answer the same 404.
 */
export async function requireActorForEvent(
  db: Database,
  user: ActingUser,
  eventId: number,
): Promise<OrganizationActor> {
  // One round trip: the event's organization and the user's membership there, as actorForOrganization decides.
  const [row] = await db
    .select({ organizationId: events.organizationId, role: memberships.role })
    .from(events)
    .leftJoin(memberships, and(eq(memberships.organizationId, events.organizationId), eq(memberships.userId, user.id)))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) throw notFound("events:errors.not-found");
  const base = { userId: user.id, email: user.email, isAdmin: user.isAdmin, organizationId: row.organizationId };
  // The guest role is "" (falsy): only a missing membership row (null) means "not a member".
  if (row.role !== null) return { ...base, role: row.role };
  if (user.isAdmin) return { ...base, role: PLATFORM_ADMIN_ORGANIZATION_ROLE, viaPlatformAdmin: true };
  throw notFound("events:errors.not-found");
}
