/** The part of the Worker env that keys the app's signatures (private links, ticket tokens). */
export type SigningEnv = { SESSION_SECRET?: string; ENVIRONMENT?: string };

/**
 * Only when ENVIRONMENT is exactly "development" or "test" does a missing SESSION_SECRET fall back to this fixed value,
 * so local runs, seeds and tests produce stable links. Anything else (production, staging, a typo, no ENVIRONMENT at
 * all) refuses to sign or check without the secret: fail closed (docs/decisions/0011-events-domain.md).
 */
const DEV_ONLY_SECRET = "guichet-dev-only-private-event-link-secret";
const DEV_ONLY_ENVIRONMENTS: ReadonlySet<string> = new Set(["development", "test"]);

export function signingSecret(env: SigningEnv, purpose: string): Uint8Array {
  const secret = env.SESSION_SECRET;
  if (secret) return new TextEncoder().encode(secret);
  if (env.ENVIRONMENT !== undefined && DEV_ONLY_ENVIRONMENTS.has(env.ENVIRONMENT))
    return new TextEncoder().encode(DEV_ONLY_SECRET);
  throw new Error(`SESSION_SECRET is required for ${purpose} (ENVIRONMENT=${JSON.stringify(env.ENVIRONMENT ?? null)})`);
}
