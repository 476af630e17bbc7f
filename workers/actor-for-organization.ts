import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { events } from "#db/schema";
import { actorForOrganization } from "#domain/organizations/actor-for-organization";
import type { Actor } from "#domain/shared/actor";
import { notFound } from "#domain/shared/app-error";
import { parseId } from "#domain/shared/ids";
import type { ApiEnv } from "./middleware/api-session";

type SelectedActor = Actor & { organizationId: number };

/** A positive integer path parameter, else 404 (an id that cannot exist is not found). */
export function idParam(value: string | undefined, messageKey = "not-found"): number {
  const id = parseId(value);
  if (id === null) throw notFound(messageKey);
  return id;
}

/**
 * The actor of an API request that names its organization (`/api/dashboard/:organizer/…`): the session user with
 * their role in that organization. Not a member → 404, whether the organization exists or not.
 */
export async function actorForOrganizerParam(c: Context<ApiEnv>, organizer: string | undefined): Promise<SelectedActor> {
  const organizationId = idParam(organizer);
  const actor = await actorForOrganization(c.get("db"), c.get("session").user, organizationId);
  if (actor.organizationId === null) throw notFound();
  return actor as SelectedActor;
}

/** The actor of a request that names only an event (`/api/events/:id`): as a member of the event's organization. */
export async function actorForEventParam(c: Context<ApiEnv>, eventId: number): Promise<SelectedActor> {
  const [event] = await c
    .get("db")
    .select({ organizationId: events.organizationId })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) throw notFound("events:errors.not-found");
  const actor = await actorForOrganization(c.get("db"), c.get("session").user, event.organizationId);
  if (actor.organizationId === null) throw notFound("events:errors.not-found");
  return actor as SelectedActor;
}
