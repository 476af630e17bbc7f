import type { EventInventory } from "./event-inventory";
import type { InventoryMessage } from "./messages";

/** Bindings of scale/wrangler.toml. */
export type ScaleEnv = {
  DB: D1Database;
  INVENTORY: DurableObjectNamespace<EventInventory>;
  ORDERS: Queue<InventoryMessage>;
  ENVIRONMENT?: string;
  SESSION_SECRET?: string;
};
