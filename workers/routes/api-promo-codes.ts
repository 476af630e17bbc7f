import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import { deletePromoCode } from "#domain/promo-codes/delete-promo-code";
import { listPromoCodes } from "#domain/promo-codes/list-promo-codes";
import { promoCodeItemsSchema } from "#domain/promo-codes/promo-code-input-schema";
import { promoCodeToJson } from "#domain/promo-codes/promo-code-record";
import { savePromoCodes } from "#domain/promo-codes/save-promo-codes";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/** Spec §7 promo-code calls under /api/events/:id (issue 9 names the JSON of one entry). */
export const promoCodesApiRoutes = new Hono<ApiEnv>();

/** GET /api/events/:id/promo-code — every code of the event with its use count. */
promoCodesApiRoutes.get("/:id{[0-9]+}/promo-code", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  return c.json((await listPromoCodes(c.get("db"), actor, { eventId })).map(promoCodeToJson));
});

/**
 * PUT /api/events/:id/promo-code/:code/:code/bulk — creates or updates each entry of the array by its key; one invalid
 * entry refuses the whole array. The path's codes are what the spec's client sends; the body is what counts.
 */
promoCodesApiRoutes.put("/:id{[0-9]+}/promo-code/:code/:again/bulk", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  const entries = await parseJson(c, promoCodeItemsSchema);
  return c.json((await savePromoCodes(c.get("db"), actor, { eventId, entries })).map(promoCodeToJson));
});

/** DELETE /api/events/:id/promo-code/:code — ours: the spec's client has no delete call. */
promoCodesApiRoutes.delete("/:id{[0-9]+}/promo-code/:code", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const actor = await actorForEventParam(c, eventId);
  await deletePromoCode(c.get("db"), actor, { eventId, key: c.req.param("code") });
  return c.body(null, 204);
});
