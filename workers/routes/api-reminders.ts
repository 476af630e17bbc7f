import { Hono } from "hono";
import { getEventReminders } from "#domain/reminders/get-event-reminders";
import { eventReminderToJson } from "#domain/reminders/reminder-record";
import { remindersInputSchema } from "#domain/reminders/reminder-schema";
import { updateEventReminders } from "#domain/reminders/update-event-reminders";
import { requireId } from "#domain/shared/ids";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/** Issue 27 §7: an event's automatic reminders, under /api/events/:id (the participants' tenant and role rules). */
export const remindersApiRoutes = new Hono<ApiEnv>();

/** GET /api/events/:id/reminders — `{ reminders: [...] }` in order, each with its `next_send_at`. */
remindersApiRoutes.get("/:id{[0-9]+}/reminders", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const { reminders } = await getEventReminders(c.get("db"), actor, { eventId });
  return c.json({ reminders: reminders.map(eventReminderToJson) });
});

/**
 * PUT /api/events/:id/reminders — `{ reminders: [...] }` replaces the list (0 to 3); a reminder given with its
 * `id` is kept (what it was already sent for with it). Answers the list as stored.
 */
remindersApiRoutes.put("/:id{[0-9]+}/reminders", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const body = await parseJson(c, remindersInputSchema);
  const { reminders } = await updateEventReminders(c.get("db"), actor, { eventId, reminders: body.reminders });
  return c.json({ reminders: reminders.map(eventReminderToJson) });
});
