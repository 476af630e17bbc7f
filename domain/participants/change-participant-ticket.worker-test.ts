import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { defineTicketChangeSuite } from "./change-participant-ticket-suite";

defineTicketChangeSuite("D1", async () => ({ db: createD1Database(env.DB) }), { parallel: 30 });
