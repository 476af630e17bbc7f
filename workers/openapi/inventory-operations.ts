import { inventoryModeSchema } from "../routes/api-inventory";
import type { ApiOperation } from "./operations";

/** Issue 31 §1: where an event's places are counted (decision 0072), listed by operations.ts. */
export const inventoryOperations: ApiOperation[] = [
  {
    method: "PUT",
    route: "/api/events/:id{[0-9]+}/inventory",
    operationId: "changeEventInventoryMode",
    tag: "Events",
    summary: "Count an event's places in its own on-sale object, or in the database",
    description:
      "`object`: the event's places, quotas and promo-code uses are counted by a Durable Object of its own, which " +
      "answers buyers without waiting for the database and writes the orders to it in batches moments later (for " +
      "on-sales of thousands of buyers a minute). `database` (the default): every booking is checked and written in " +
      "the database at once. Going back to `database` answers 409 `inventory_still_writing` while the object's last " +
      "orders are still on their way to the database: call again a few seconds later.",
    access: { kind: "organization", scope: "events:write" },
    body: { schemas: [inventoryModeSchema], example: { mode: "object" } },
    response: {
      status: 200,
      description: "Where the event's places are counted now.",
      schema: { type: "object", description: '`{ mode: "object" | "database" }`.' },
      example: { mode: "object" },
    },
    errors: [400, 404, 409],
  },
];
