import { apiKeyScopes, type ApiKeyMode, type ApiKeyScope } from "#db/schema";
import { generateRandomToken } from "../shared/crypto";

/**
 * The text of an API key: `gk_live_` or `gk_test_` then 32 base32 characters (160 random bits, like session tokens).
 * `gk_test_` is for environments whose payments run in demo mode (no Stripe key: nothing real is sold).
 */
export const API_KEY_PATTERN = /^gk_(live|test)_[a-z2-7]{32}$/;

/** Whether a Bearer token is an API key rather than a session token (the two never look alike). */
export function isApiKeyText(token: string): boolean {
  return API_KEY_PATTERN.test(token);
}

export function generateApiKeyText(mode: ApiKeyMode): string {
  return `gk_${mode}_${generateRandomToken()}`;
}

/** What the list shows of a key after creation: the mode marker and the first 6 random characters. */
export function apiKeyPrefix(text: string): string {
  return text.slice(0, "gk_live_".length + 6);
}

/** The key's mode for an environment: test while payments run in demo mode (STRIPE_SECRET_KEY unset). */
export function apiKeyModeFor(paymentMode: "stripe" | "demo"): ApiKeyMode {
  return paymentMode === "stripe" ? "live" : "test";
}

/** Stored scopes (a JSON array) back to the known ones, in the canonical order; anything else is dropped. */
export function parseApiKeyScopes(stored: string): ApiKeyScope[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return apiKeyScopes.filter((scope) => parsed.includes(scope));
}
