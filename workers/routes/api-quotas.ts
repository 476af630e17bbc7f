import { Hono } from "hono";
import { listQuotas, type EventQuotas } from "#domain/quotas/list-quotas";
import { putQuotas } from "#domain/quotas/put-quotas";
import { quotasInputSchema, toQuotaInputs } from "#domain/quotas/quota-input-schema";
import { requireId } from "#domain/shared/ids";
import { offerFreedPlaces } from "#domain/waiting-list/offer-waiting-list-places";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { limitBody } from "../middleware/body-limit";
import { parseJson } from "../parse-json";

/**
 * Issue 30 §6: an event's quotas (decision 0068), the event capacity first as the simplest quota. Bad input answers
 * 400 with the field named (`quotas.N.size`…) and writes nothing; another organization's event 404.
 */
export const quotasApiRoutes = new Hono<ApiEnv>();

export function eventQuotasToJson(list: EventQuotas) {
  return {
    event_capacity: {
      size: list.eventCapacity.size,
      sold: list.eventCapacity.sold,
      held: list.eventCapacity.held,
      remaining: list.eventCapacity.remaining,
    },
    quotas: list.quotas.map((quota) => ({
      id: quota.id,
      name: quota.name,
      size: quota.size,
      date_id: quota.dateId,
      ticket_ids: quota.tickets.map((ticket) => ticket.id),
      sold: quota.sold,
      held: quota.held,
      remaining: quota.remaining,
    })),
  };
}

/** GET /api/events/:id/quotas — the event capacity and the quotas with their sold, held and remaining places. */
quotasApiRoutes.get("/:id{[0-9]+}/quotas", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  return c.json(eventQuotasToJson(await listQuotas(c.get("db"), actor, { eventId })));
});

/** PUT /api/events/:id/quotas — `{event_capacity?, quotas: [...]}`: the whole list (kept ones by id, new ones without). */
// 100 quotas of 90 ticket ids each.
quotasApiRoutes.put("/:id{[0-9]+}/quotas", limitBody(128 * 1024), async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const body = toQuotaInputs(await parseJson(c, quotasInputSchema));
  const actor = await actorForEventParam(c, eventId);
  const result = await putQuotas(c.get("db"), actor, { eventId, ...body });
  // A raised capacity or quota may free places for the people waiting.
  await offerFreedPlaces(c.get("db"), c.env, { eventId });
  return c.json(eventQuotasToJson(result));
});
