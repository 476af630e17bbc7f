import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { defineBookingRushSuite, defineBookingSuite } from "./booking-suite";

defineBookingSuite("D1", async () => ({ db: createD1Database(env.DB) }));
defineBookingRushSuite("D1", async () => ({ db: createD1Database(env.DB) }), { parallel: 150 });
