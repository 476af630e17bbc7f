import { Hono } from "hono";
import * as v from "valibot";
import { participantToJson, paymentToJson } from "#domain/events/event-json";
import { listOrdersAfter } from "#domain/orders/list-orders-after";
import { listParticipantsAfter } from "#domain/participants/list-participants-after";
import { AppError } from "#domain/shared/app-error";
import { cursorOf, cursorQueryEntries, CURSOR_LIMIT_DEFAULT } from "#domain/shared/cursor-paging";
import { requireId } from "#domain/shared/ids";
import { issuesToFields } from "#domain/shared/validation";
import { actorForEventParam } from "../actor-for-organization";
import { cursorListJson } from "../cursor-list";
import type { ApiEnv } from "../middleware/api-session";

/**
 * The event's participants and orders for integrators (issue 26 §4): cursor lists in id order, `?limit=` (1–100,
 * default 25) and `?starting_after=<id>`, answering `{ object: "list", data, has_more }` with spec §3's fields.
 */
export const eventListsApiRoutes = new Hono<ApiEnv>();

export const cursorQuerySchema = v.object(cursorQueryEntries);

function parseCursor(query: Record<string, string>) {
  const parsed = v.safeParse(cursorQuerySchema, query);
  if (!parsed.success)
    throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(parsed.issues) });
  return cursorOf(parsed.output) ?? { startingAfter: null, limit: CURSOR_LIMIT_DEFAULT };
}

/** GET /api/events/:id/participants — every participant row (add-ons included), oldest first. */
eventListsApiRoutes.get("/:id{[0-9]+}/participants", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const cursor = parseCursor(c.req.query());
  const actor = await actorForEventParam(c, eventId);
  return c.json(
    cursorListJson(await listParticipantsAfter(c.get("db"), actor, { eventId, cursor }), participantToJson),
  );
});

/** GET /api/events/:id/orders — every order (payment) with the status the tables show, oldest first. */
eventListsApiRoutes.get("/:id{[0-9]+}/orders", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const cursor = parseCursor(c.req.query());
  const actor = await actorForEventParam(c, eventId);
  return c.json(cursorListJson(await listOrdersAfter(c.get("db"), actor, { eventId, cursor }), paymentToJson));
});
