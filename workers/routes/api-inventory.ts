import { Hono } from "hono";
import * as v from "valibot";
import { changeInventoryMode } from "#domain/inventory/change-inventory-mode";
import { inventoryFromBinding } from "#domain/inventory/inventory-port";
import { requireId } from "#domain/shared/ids";
import { actorForEventParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/**
 * Issue 31 §1 (decision 0072): where an event's places are counted. `PUT /api/events/:id/inventory` with
 * `{"mode": "object" | "database"}` answers `{"mode": …}`; going back to `database` answers 409
 * `inventory_still_writing` while the object's last orders are on their way to D1 (retry in a few seconds).
 */
export const inventoryApiRoutes = new Hono<ApiEnv>();

export const inventoryModeSchema = v.object({ mode: v.picklist(["object", "database"], "errors:invalid-input") });

inventoryApiRoutes.put("/:id{[0-9]+}/inventory", async (c) => {
  const eventId = requireId(c.req.param("id"), "events:errors.not-found");
  const body = await parseJson(c, inventoryModeSchema);
  const actor = await actorForEventParam(c, eventId);
  const result = await changeInventoryMode(
    c.get("db"),
    actor,
    { eventId, mode: body.mode },
    { inventory: inventoryFromBinding(c.env.EVENT_INVENTORY) },
  );
  return c.json(result);
});
