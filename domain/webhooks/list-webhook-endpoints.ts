import { desc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookEndpoints } from "#db/schema";
import type { Actor } from "../shared/actor";
import { assertCanManageWebhooks } from "./webhook-endpoint-access";
import { toWebhookEndpointRecord, type WebhookEndpointRecord } from "./webhook-endpoint-record";

export async function listWebhookEndpoints(db: Database, actor: Actor): Promise<WebhookEndpointRecord[]> {
  const organizationId = assertCanManageWebhooks(actor);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(desc(webhookEndpoints.id));
  return rows.map(toWebhookEndpointRecord);
}
