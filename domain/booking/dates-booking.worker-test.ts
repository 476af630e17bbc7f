import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { defineDatesBookingSuite } from "./dates-booking-suite";

defineDatesBookingSuite("D1", async () => ({ db: createD1Database(env.DB) }), { passes: 500, slot: 200 });
