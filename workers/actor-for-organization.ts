import type { Context } from "hono";
import { recordPlatformAdminWrite } from "#domain/audit/record-platform-admin-write";
import {
  requireActorForEvent,
  requireActorInOrganization,
  type OrganizationActor,
} from "#domain/organizations/actor-for-organization";
import { requireId } from "#domain/shared/ids";
import type { ApiEnv } from "./middleware/api-session";

/** The actor of an API request that names its organization (`/api/dashboard/:organizer/…`); not a member → 404. */
export async function actorForOrganizerParam(
  c: Context<ApiEnv>,
  organizer: string | undefined,
): Promise<OrganizationActor> {
  return audited(c, await requireActorInOrganization(c.get("db"), c.get("session").user, requireId(organizer)));
}

/** The actor of a request that names only an event (`/api/events/:id`): as a member of the event's organization. */
export async function actorForEventParam(c: Context<ApiEnv>, eventId: number): Promise<OrganizationActor> {
  return audited(c, await requireActorForEvent(c.get("db"), c.get("session").user, eventId));
}

/** A platform admin's write in an organization they are not a member of goes to its audit log (see the use-case). */
async function audited(c: Context<ApiEnv>, actor: OrganizationActor): Promise<OrganizationActor> {
  await recordPlatformAdminWrite(c.get("db"), actor, { method: c.req.method, path: c.req.path });
  return actor;
}
