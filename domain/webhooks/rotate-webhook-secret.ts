import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookEndpoints } from "#db/schema";
import type { Actor } from "../shared/actor";
import { loadWebhookEndpoint } from "./webhook-endpoint-access";
import { DEFAULT_SECRET_GRACE_HOURS, type SecretGraceHours } from "./secret-grace";
import { currentSecret, newWebhookSecret } from "./webhook-signature";

/**
 * A new secret, shown once. During the grace period the previous one keeps signing alongside it (two `v1,` signatures
 * per delivery), so a receiver can switch without losing a delivery; with no grace it stops at once. Only the two
 * newest are kept: a rotation during a grace period ends the older one's.
 */
export async function rotateWebhookSecret(
  db: Database,
  actor: Actor,
  endpointId: number,
  options: { graceHours?: SecretGraceHours; now?: Date } = {},
): Promise<{ secret: string; previousSecretExpiresAt: Date | null }> {
  const endpoint = await loadWebhookEndpoint(db, actor, endpointId);
  const graceHours = options.graceHours ?? DEFAULT_SECRET_GRACE_HOURS;
  const now = options.now ?? new Date();
  const secret = newWebhookSecret();
  const previousSecretExpiresAt = graceHours === 0 ? null : new Date(now.getTime() + graceHours * 3_600_000);
  await db
    .update(webhookEndpoints)
    .set({
      secret: graceHours === 0 ? secret : `${currentSecret(endpoint.secret)} ${secret}`,
      previousSecretExpiresAt,
      updatedAt: sql`(cast(unixepoch('subsecond') * 1000 as integer))`,
    })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.organizationId, endpoint.organizationId)));
  return { secret, previousSecretExpiresAt };
}
