import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookEndpoints } from "#db/schema";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { assertWebhookUrlAllowed, loadWebhookEndpoint } from "./webhook-endpoint-access";
import type { WebhookEndpointInput } from "./webhook-endpoint-input-schema";
import { toWebhookEndpointRecord, type WebhookEndpointRecord } from "./webhook-endpoint-record";

/** Changes an endpoint; enabling it again clears why it was disabled and its failure count. */
export async function updateWebhookEndpoint(
  db: Database,
  actor: Actor,
  endpointId: number,
  input: WebhookEndpointInput,
  options: { allowLocal: boolean },
): Promise<WebhookEndpointRecord> {
  const current = await loadWebhookEndpoint(db, actor, endpointId);
  assertWebhookUrlAllowed(input.url, options.allowLocal);
  const reEnabled = input.enabled && !current.enabled;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: input.url,
      description: input.description,
      eventTypes: JSON.stringify(input.eventTypes),
      enabled: input.enabled,
      ...(reEnabled ? { disabledReason: null, disabledAt: null, consecutiveFailures: 0 } : {}),
      updatedAt: sql`(cast(unixepoch('subsecond') * 1000 as integer))`,
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organizationId, current.organizationId)))
    .returning();
  if (!row) throw notFound();
  return toWebhookEndpointRecord(row);
}
