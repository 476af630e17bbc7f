import type { Database } from "#db/database";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { loadWebhookEndpoint } from "./webhook-endpoint-access";
import { webhookEventStatement } from "./webhook-event-statement";

/** 'Send a test event': one `webhook.test` delivery to this endpoint only, through the normal queue and retries. */
export async function sendTestWebhook(db: Database, actor: Actor, endpointId: number, now = new Date()): Promise<void> {
  const endpoint = await loadWebhookEndpoint(db, actor, endpointId);
  if (!endpoint.enabled) throw new AppError("conflict", "webhooks:endpoint-disabled");
  await webhookEventStatement(db, {
    organizationId: endpoint.organizationId,
    endpointId: endpoint.id,
    type: "webhook.test",
    data: { endpoint_id: endpoint.id, message: "Guichet test event" },
    occurredAt: now,
  });
}
