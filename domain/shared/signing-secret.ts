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

/**
 * What keeps the Worker from starting, checked on every request before anything else runs (workers/middleware/
 * startup-check.ts): outside development and test, a missing SESSION_SECRET is one clear refusal of every request
 * instead of a 500 on the first private link (docs/decisions/0036-input-limits-and-hardening.md). null when fine.
 */
export function startupConfigurationProblem(env: SigningEnv): string | null {
  if (env.SESSION_SECRET) return null;
  if (env.ENVIRONMENT !== undefined && DEV_ONLY_ENVIRONMENTS.has(env.ENVIRONMENT)) return null;
  return (
    `Guichet cannot start: SESSION_SECRET is not set (ENVIRONMENT=${JSON.stringify(env.ENVIRONMENT ?? null)}). ` +
    "Set it with `npx wrangler secret put SESSION_SECRET` (32 random characters or more); local runs use " +
    "ENVIRONMENT=development (npm start writes .dev.vars)."
  );
}
