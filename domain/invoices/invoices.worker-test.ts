import { env } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import { defineInvoicesSuite } from "./invoices-suite";

defineInvoicesSuite("D1", async () => ({ db: createD1Database(env.DB) }), { parallel: 100 });
