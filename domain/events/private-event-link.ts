import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { eventSlug } from "./event-slug";

/** The part of the Worker env this module reads. */
export type PrivateLinkEnv = { SESSION_SECRET?: string; ENVIRONMENT?: string };

/**
 * Only when ENVIRONMENT is exactly "development" or "test" does a missing SESSION_SECRET fall back to this fixed value,
 * so local runs, seeds and tests produce stable links. Anything else (production, staging, a typo, no ENVIRONMENT at
 * all) refuses to build or check a link without the secret: fail closed (docs/decisions/events-domain.md).
 */
const DEV_ONLY_SECRET = "guichet-dev-only-private-event-link-secret";
const DEV_ONLY_ENVIRONMENTS: ReadonlySet<string> = new Set(["development", "test"]);
export const PRIVATE_EVENT_HASH_LENGTH = 22;

function secretOf(env: PrivateLinkEnv): Uint8Array {
  const secret = env.SESSION_SECRET;
  if (secret) return new TextEncoder().encode(secret);
  if (env.ENVIRONMENT !== undefined && DEV_ONLY_ENVIRONMENTS.has(env.ENVIRONMENT)) return new TextEncoder().encode(DEV_ONLY_SECRET);
  throw new Error(`SESSION_SECRET is required for private event links (ENVIRONMENT=${JSON.stringify(env.ENVIRONMENT ?? null)})`);
}

function macOf(env: PrivateLinkEnv, eventId: number): Uint8Array {
  // Domain-separated so the same secret can key other things without their MACs being interchangeable.
  return hmac(SHA256, secretOf(env), new TextEncoder().encode(`guichet:private-event:${eventId}`)).slice(0, 16);
}

/** Spec §2: the `?t=` value of a private event's public link, a keyed hash of its id (base64url, 22 characters). */
export function privateEventHash(env: PrivateLinkEnv, eventId: number): string {
  return encodeBase64urlNoPadding(macOf(env, eventId));
}

/** Constant-time check of a `?t=` value. */
export function verifyPrivateEventHash(env: PrivateLinkEnv, eventId: number, hash: string | null | undefined): boolean {
  const expected = new TextEncoder().encode(privateEventHash(env, eventId));
  const given = new TextEncoder().encode(typeof hash === "string" ? hash : "");
  // Compare equal-length buffers so the time taken does not depend on the given value's length either.
  const padded = new Uint8Array(expected.length);
  padded.set(given.subarray(0, expected.length));
  return constantTimeEqual(expected, padded) && given.length === expected.length;
}

/** Path of the public page: `/events/{id}/{slug}`, with `?t=` for a private event (spec §2). */
export function publicEventPath(
  env: PrivateLinkEnv,
  event: { id: number; title: string; visibility: "public" | "private" },
): string {
  const path = `/events/${event.id}/${encodeURIComponent(eventSlug(event.title))}`;
  return event.visibility === "private" ? `${path}?t=${privateEventHash(env, event.id)}` : path;
}

/** Path of the preview of an unpublished event: `/events/preview/{id}/{slug}/{access_token}`; null without a token. */
export function previewEventPath(event: { id: number; title: string; accessToken: string | null }): string | null {
  if (!event.accessToken) return null;
  return `/events/preview/${event.id}/${encodeURIComponent(eventSlug(event.title))}/${encodeURIComponent(event.accessToken)}`;
}
