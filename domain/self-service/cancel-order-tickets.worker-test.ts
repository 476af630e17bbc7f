import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { defineBuyerCancelSuite } from "./cancel-order-tickets-suite";

defineBuyerCancelSuite("D1", async () => ({ db: createD1Database(env.DB) }));
