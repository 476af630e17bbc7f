import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { defineAdminSuite } from "./admin-suite";

defineAdminSuite("D1", async () => ({ db: createD1Database(env.DB) }));
