import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { defineWaitingListSuite } from "./waiting-list-suite";

defineWaitingListSuite("D1", async () => ({ db: createD1Database(env.DB) }), {
  line: 200,
  bookings: 300,
  refunds: 100,
});
