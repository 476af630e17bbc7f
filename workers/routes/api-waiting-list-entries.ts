import { Hono } from "hono";
import { requireId } from "#domain/shared/ids";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";
import { removeWaitingListEntry } from "#domain/waiting-list/remove-waiting-list-entry";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";

/** Issue 28 §3–4: the organizer's removal of someone from an event's waiting list, under /api/events. */
export const waitingListEntriesApiRoutes = new Hono<ApiEnv>();

/**
 * DELETE /api/events/:id/waiting-list/:entry_id — takes an open entry (waiting, or holding an offer) off the list: it
 * stays `removed`. 404 for an entry of another event or organization, 409 when it is no longer open.
 */
waitingListEntriesApiRoutes.delete("/:id{[0-9]+}/waiting-list/:entry_id{[0-9]+}", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const entryId = requireId(c.req.param("entry_id"), "waiting-list:errors.entry-not-found");
  const actor = await actorForEventParam(c, eventId);
  const removed = await removeWaitingListEntry(c.get("db"), actor, { eventId, entryId });
  // An offer taken back: its places go to the next person in line.
  if (removed.previousStatus === "offered") await offerFreedPlaces(c.get("db"), c.env, { eventId });
  return c.json({ id: removed.id, status: removed.status });
});
