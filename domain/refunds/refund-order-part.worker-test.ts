import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { definePartialRefundSuite } from "./refund-order-part-suite";

definePartialRefundSuite("D1", async () => ({ db: createD1Database(env.DB) }), { parallel: 20 });
