import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/database";
import { apiKeys } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";

/**
 * Revokes a key of the actor's organization (owners and admins): it answers 401 from the next request on. Revoking a
 * revoked key changes nothing; a key of another organization, or none, is not found.
 */
export async function revokeApiKey(db: Database, actor: Actor, input: { apiKeyId: number; now?: Date }): Promise<void> {
  assertCanInOrganization(actor, "api-keys:manage");
  const inOrganization = and(eq(apiKeys.id, input.apiKeyId), eq(apiKeys.organizationId, actor.organizationId));
  const [row] = await db.select({ id: apiKeys.id }).from(apiKeys).where(inOrganization).limit(1);
  if (!row) throw notFound("developers:errors.key-not-found");
  await db
    .update(apiKeys)
    .set({ revokedAt: input.now ?? new Date() })
    .where(and(inOrganization, isNull(apiKeys.revokedAt)));
}
