import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { defineSchemaSuite } from "../support/schema-suite";

defineSchemaSuite("D1", async () => createD1Database(env.DB));
