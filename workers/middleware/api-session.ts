import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { paymentModeOf } from "#adapters/payments";
import { takeApiKeyRequest } from "#domain/api-keys/api-key-rate-limit";
import { apiKeyModeFor, isApiKeyText } from "#domain/api-keys/api-key-text";
import {
  apiKeyUseIsStale,
  authenticateApiKey,
  recordApiKeyUse,
  type AuthenticatedApiKey,
} from "#domain/api-keys/authenticate-api-key";
import { validateSessionToken, type ValidatedSession } from "#domain/auth/sessions";
import { AppError } from "#domain/shared/app-error";
import { logger, errorFields } from "#domain/shared/logger";
import { readSessionToken } from "#domain/http/session-cookie";
import type { HonoEnv } from "../hono-app";

/**
 * `session`: the signed-in person's session, null when an API key authenticates the request instead (`apiKey`); routes
 * tied to a person read it through requirePersonSession, and the organization routes build their actor with
 * workers/actor-for-organization.ts, which knows both.
 */
export type ApiEnv = HonoEnv & {
  Variables: HonoEnv["Variables"] & {
    session: ValidatedSession | null;
    token: string | null;
    apiKey: AuthenticatedApiKey | null;
  };
};

/** The token of `Authorization: Bearer <token>`, or null when the request carries none. */
export function bearerToken(authorization: string | undefined): string | null {
  return authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length).trim() || null : null;
}

/** The credential a request carries: `Authorization: Bearer <token>` when sent, else the session cookie. */
export function requestCredential(request: Request): string | null {
  const authorization = request.headers.get("Authorization") ?? undefined;
  return authorization?.startsWith("Bearer ") ? bearerToken(authorization) : readSessionToken(request);
}

/**
 * `/api` accepts `Authorization: Bearer <token>` or the session cookie (the same session tokens), or
 * `Authorization: Bearer gk_live_…` / `gk_test_…`, an organization's API key (decision 0047): unknown or revoked → 401;
 * each keyed request counts against the key's rate limit and answers the RateLimit-* headers.
 */
export const requireApiSession = createMiddleware<ApiEnv>(async (c, next) => {
  const token = requestCredential(c.req.raw);
  if (token && isApiKeyText(token)) return authenticateWithApiKey(c, token, next);
  const session = token ? await validateSessionToken(c.get("db"), token) : null;
  if (!session || !token) throw new AppError("unauthorized", "unauthorized");
  c.set("session", session);
  c.set("token", token);
  c.set("apiKey", null);
  await next();
});

async function authenticateWithApiKey(c: Context<ApiEnv>, secret: string, next: () => Promise<void>) {
  const db = c.get("db");
  const key = await authenticateApiKey(db, { secret, mode: apiKeyModeFor(paymentModeOf(c.env)) });
  if (!key) throw new AppError("unauthorized", "errors:api-key-invalid");
  const now = new Date();
  const limit = await takeApiKeyRequest(db, { apiKeyId: key.id, now });
  c.header("RateLimit-Limit", String(limit.limit));
  c.header("RateLimit-Remaining", String(limit.remaining));
  c.header("RateLimit-Reset", String(limit.resetSeconds));
  if (!limit.allowed) {
    c.header("Retry-After", String(limit.resetSeconds));
    throw new AppError("rate_limited", "errors:rate-limited");
  }
  if (apiKeyUseIsStale(key, now)) {
    const ip = c.req.header("CF-Connecting-IP") ?? null;
    const recording = recordApiKeyUse(db, { apiKeyId: key.id, ip, now }).catch((error: unknown) =>
      logger.error("api key use not recorded", errorFields(error)),
    );
    waitUntil(c, recording);
  }
  c.set("session", null);
  c.set("token", null);
  c.set("apiKey", key);
  await next();
}

function waitUntil(c: Context<ApiEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a test calling app.request): the write simply finishes on its own.
  }
}

/**
 * The session of a route tied to a person (/api/me…, creating an organization): an API key belongs to an
 * organization, not to a person, and is refused there with 403 (decision 0047).
 */
export function requirePersonSession(c: Context<ApiEnv>): ValidatedSession {
  const session = c.get("session");
  if (!session) throw new AppError("forbidden", "errors:api-key-person-only");
  return session;
}

/** Refuses API keys on a whole area (the platform admin routes, /me): 403 before any handler runs. */
export const personOnly = createMiddleware<ApiEnv>(async (c, next) => {
  requirePersonSession(c);
  await next();
});
