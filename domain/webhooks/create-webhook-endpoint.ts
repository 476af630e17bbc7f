import type { Database } from "#db/database";
import { webhookEndpoints } from "#db/schema";
import type { Actor } from "../shared/actor";
import { assertCanManageWebhooks, assertWebhookUrlAllowed } from "./webhook-endpoint-access";
import type { WebhookEndpointInput } from "./webhook-endpoint-input-schema";
import { toWebhookEndpointRecord, type WebhookEndpointRecord } from "./webhook-endpoint-record";
import { newWebhookSecret } from "./webhook-signature";

/** Creates an endpoint and returns its secret: the only time it is shown (a rotation shows the new one). */
export async function createWebhookEndpoint(
  db: Database,
  actor: Actor,
  input: WebhookEndpointInput,
  options: { allowLocal: boolean },
): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
  const organizationId = assertCanManageWebhooks(actor);
  assertWebhookUrlAllowed(input.url, options.allowLocal);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      organizationId,
      url: input.url,
      description: input.description,
      eventTypes: JSON.stringify(input.eventTypes),
      enabled: input.enabled,
      secret,
    })
    .returning();
  return { endpoint: toWebhookEndpointRecord(row!), secret };
}
