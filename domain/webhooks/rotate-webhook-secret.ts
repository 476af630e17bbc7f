import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookEndpoints } from "#db/schema";
import type { Actor } from "../shared/actor";
import { loadWebhookEndpoint } from "./webhook-endpoint-access";
import { currentSecret, newWebhookSecret } from "./webhook-signature";

/**
 * A new secret, shown once. The previous one keeps signing alongside it (two `v1,` signatures per delivery) until the
 * next rotation, so a receiver can switch without losing a delivery; only the two newest are kept.
 */
export async function rotateWebhookSecret(db: Database, actor: Actor, endpointId: number): Promise<{ secret: string }> {
  const endpoint = await loadWebhookEndpoint(db, actor, endpointId);
  const secret = newWebhookSecret();
  await db
    .update(webhookEndpoints)
    .set({
      secret: `${currentSecret(endpoint.secret)} ${secret}`,
      updatedAt: sql`(cast(unixepoch('subsecond') * 1000 as integer))`,
    })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.organizationId, endpoint.organizationId)));
  return { secret };
}
