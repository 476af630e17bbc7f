import { desc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { apiKeys, users, type ApiKeyMode, type ApiKeyScope } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { parseApiKeyScopes } from "./api-key-text";

export type ApiKeySummary = {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  mode: ApiKeyMode;
  createdAt: Date;
  createdByEmail: string | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  revokedAt: Date | null;
};

/** The organization's API keys, newest first, revoked ones included (owners and admins: api-keys:manage). */
export async function listApiKeys(db: Database, actor: Actor): Promise<ApiKeySummary[]> {
  assertCanInOrganization(actor, "api-keys:manage");
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      mode: apiKeys.mode,
      createdAt: apiKeys.createdAt,
      createdByEmail: users.email,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.organizationId, actor.organizationId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({ ...row, scopes: parseApiKeyScopes(row.scopes) }));
}
