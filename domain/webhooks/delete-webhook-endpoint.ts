import { and, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookEndpoints } from "#db/schema";
import type { Actor } from "../shared/actor";
import { loadWebhookEndpoint } from "./webhook-endpoint-access";

/** Deletes an endpoint with its delivery log (cascade); queued attempts for it find nothing and stop. */
export async function deleteWebhookEndpoint(db: Database, actor: Actor, endpointId: number): Promise<void> {
  const endpoint = await loadWebhookEndpoint(db, actor, endpointId);
  await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.organizationId, endpoint.organizationId)));
}
