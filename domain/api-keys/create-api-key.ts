import { and, count, eq, isNull } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { apiKeys, apiKeyScopes, type ApiKeyMode, type ApiKeyScope } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { sha256Hex } from "../shared/crypto";
import { issuesToFields } from "../shared/validation";
import { apiKeyPrefix, generateApiKeyText } from "./api-key-text";
import type { ApiKeySummary } from "./list-api-keys";

export const API_KEY_NAME_MAX_LENGTH = 80;
/** Active (not revoked) keys an organization may hold at once: enough for every integration, not a flood. */
export const MAX_ACTIVE_API_KEYS = 25;

export const createApiKeySchema = v.object({
  name: v.pipe(
    v.string("developers:errors.name-required"),
    v.trim(),
    v.minLength(1, "developers:errors.name-required"),
    v.maxLength(API_KEY_NAME_MAX_LENGTH, "developers:errors.name-too-long"),
  ),
  scopes: v.pipe(
    v.array(v.picklist(apiKeyScopes, "developers:errors.scopes-required"), "developers:errors.scopes-required"),
    v.minLength(1, "developers:errors.scopes-required"),
  ),
});
export type CreateApiKeyInput = v.InferInput<typeof createApiKeySchema>;

/**
 * Creates an API key of the actor's organization (owners and admins: api-keys:manage). The key text is answered here
 * once and never again: only its SHA-256 is stored (decision 0047).
 */
export async function createApiKey(
  db: Database,
  actor: Actor,
  input: CreateApiKeyInput & { mode: ApiKeyMode; now?: Date },
): Promise<{ key: ApiKeySummary; secret: string }> {
  assertCanInOrganization(actor, "api-keys:manage");
  const parsed = v.safeParse(createApiKeySchema, { name: input.name, scopes: input.scopes });
  if (!parsed.success) {
    throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(parsed.issues) });
  }
  const organizationId = actor.organizationId;
  const [active] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)));
  if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw new AppError("conflict", "developers:errors.too-many-keys");

  const scopes: ApiKeyScope[] = apiKeyScopes.filter((scope) => parsed.output.scopes.includes(scope));
  const secret = generateApiKeyText(input.mode);
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(apiKeys)
    .values({
      organizationId,
      name: parsed.output.name,
      scopes: JSON.stringify(scopes),
      prefix: apiKeyPrefix(secret),
      secretHash: sha256Hex(secret),
      mode: input.mode,
      createdBy: actor.userId,
      createdAt: now,
    })
    .returning({ id: apiKeys.id });
  return {
    secret,
    key: {
      id: row!.id,
      name: parsed.output.name,
      prefix: apiKeyPrefix(secret),
      scopes,
      mode: input.mode,
      createdAt: now,
      createdByEmail: actor.email,
      lastUsedAt: null,
      lastUsedIp: null,
      revokedAt: null,
    },
  };
}
