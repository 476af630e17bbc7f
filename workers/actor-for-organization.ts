import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { events } from "#db/schema";
import { apiKeyActor } from "#domain/api-keys/authenticate-api-key";
import { recordPlatformAdminWrite } from "#domain/audit/record-platform-admin-write";
import {
  requireActorForEvent,
  requireActorInOrganization,
  type OrganizationActor,
} from "#domain/organizations/actor-for-organization";
import { notFound } from "#domain/shared/app-error";
import { requireId } from "#domain/shared/ids";
import { requirePersonSession, type ApiEnv } from "./middleware/api-session";

/**
 * The actor of an API request in one organization: the signed-in person as a member (not a member → 404), or the
 * request's API key, whose organization is fixed (another organization → 404, as for a person who is not a member);
 * what the key may do there is the policy's call, from its scopes (decision 0047).
 */
export async function actorInOrganization(
  c: Context<ApiEnv>,
  organizationId: number,
  messageKey = "not-found",
): Promise<OrganizationActor> {
  const key = c.get("apiKey");
  if (key) {
    if (key.organizationId !== organizationId) throw notFound(messageKey);
    return apiKeyActor(key);
  }
  const { user } = requirePersonSession(c);
  return audited(c, await requireActorInOrganization(c.get("db"), user, organizationId, messageKey));
}

/** The actor of an API request that names its organization (`/api/dashboard/:organizer/…`); not a member → 404. */
export async function actorForOrganizerParam(
  c: Context<ApiEnv>,
  organizer: string | undefined,
): Promise<OrganizationActor> {
  return actorInOrganization(c, requireId(organizer));
}

/** The actor of a request that names only an event (`/api/events/:id`): as a member of the event's organization. */
export async function actorForEventParam(c: Context<ApiEnv>, eventId: number): Promise<OrganizationActor> {
  const key = c.get("apiKey");
  if (key) {
    const [event] = await c
      .get("db")
      .select({ organizationId: events.organizationId })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1);
    if (!event || event.organizationId !== key.organizationId) throw notFound("events:errors.not-found");
    return apiKeyActor(key);
  }
  return audited(c, await requireActorForEvent(c.get("db"), requirePersonSession(c).user, eventId));
}

/** A platform admin's write in an organization they are not a member of goes to its audit log (see the use-case). */
async function audited(c: Context<ApiEnv>, actor: OrganizationActor): Promise<OrganizationActor> {
  await recordPlatformAdminWrite(c.get("db"), actor, { method: c.req.method, path: c.req.path });
  return actor;
}
