import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Database } from "#db/database";
import { apiKeys, type ApiKeyMode, type ApiKeyScope } from "#db/schema";
import type { OrganizationActor } from "../organizations/actor-for-organization";
import { constantTimeEqual, sha256Hex } from "../shared/crypto";
import { isApiKeyText, parseApiKeyScopes } from "./api-key-text";

export type AuthenticatedApiKey = {
  id: number;
  organizationId: number;
  scopes: ApiKeyScope[];
  createdBy: number;
  lastUsedAt: Date | null;
};

/**
 * The key a Bearer token stands for, or null: unknown, revoked, or of the other mode than the environment's (a
 * `gk_test_` key stops working once real payments are on, and the other way round). Looked up by its SHA-256, then
 * compared in constant time as sessions are.
 */
export async function authenticateApiKey(
  db: Database,
  input: { secret: string; mode: ApiKeyMode },
): Promise<AuthenticatedApiKey | null> {
  if (!isApiKeyText(input.secret) || !input.secret.startsWith(`gk_${input.mode}_`)) return null;
  const hash = sha256Hex(input.secret);
  const [row] = await db
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      scopes: apiKeys.scopes,
      secretHash: apiKeys.secretHash,
      mode: apiKeys.mode,
      createdBy: apiKeys.createdBy,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, hash))
    .limit(1);
  if (!row || row.revokedAt !== null || row.mode !== input.mode) return null;
  if (!constantTimeEqual(hash, row.secretHash)) return null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    scopes: parseApiKeyScopes(row.scopes),
    createdBy: row.createdBy,
    lastUsedAt: row.lastUsedAt,
  };
}

/** The actor a key acts as: its organization and scopes, its creator for attribution, never a platform admin. */
export function apiKeyActor(key: AuthenticatedApiKey): OrganizationActor {
  return {
    userId: key.createdBy,
    email: "",
    isAdmin: false,
    organizationId: key.organizationId,
    role: "",
    apiKey: { id: key.id, scopes: key.scopes },
  };
}

/** Last use is written at most once a minute per key: one write per busy minute, not one per request. */
export const API_KEY_USE_RECORD_STEP_MS = 60_000;

export function apiKeyUseIsStale(key: Pick<AuthenticatedApiKey, "lastUsedAt">, now: Date): boolean {
  return key.lastUsedAt === null || now.getTime() - key.lastUsedAt.getTime() >= API_KEY_USE_RECORD_STEP_MS;
}

/** Records the key's last use (time and IP); the condition keeps parallel requests to one write per minute. */
export async function recordApiKeyUse(
  db: Database,
  input: { apiKeyId: number; ip: string | null; now: Date },
): Promise<void> {
  const staleBefore = new Date(input.now.getTime() - API_KEY_USE_RECORD_STEP_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: input.now, lastUsedIp: input.ip?.slice(0, 64) ?? null })
    .where(and(eq(apiKeys.id, input.apiKeyId), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, staleBefore))));
}
