import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { signingSecret, type SigningEnv } from "../shared/signing-secret";
import { eventSlug } from "./event-slug";

/** The part of the Worker env this module reads. */
export type PrivateLinkEnv = SigningEnv;

export const PRIVATE_EVENT_HASH_LENGTH = 22;

function secretOf(env: PrivateLinkEnv): Uint8Array {
  return signingSecret(env, "private event links");
}

/**
 * Which link of an event: its id and the version of its private link. A bare id is the first version (0), the one
 * every event had before links could be revoked; raising the version ('Régénérer le lien privé') changes the hash.
 */
export type PrivateLinkKey = number | { id: number; privateLinkVersion: number };

function keyOf(link: PrivateLinkKey): { id: number; version: number } {
  return typeof link === "number" ? { id: link, version: 0 } : { id: link.id, version: link.privateLinkVersion };
}

function macOf(env: PrivateLinkEnv, link: PrivateLinkKey): Uint8Array {
  const { id, version } = keyOf(link);
  // Domain-separated so the same secret can key other things without their MACs being interchangeable. Version 0
  // keeps the input links had before versions existed, so those already shared keep working until revoked.
  const input = version === 0 ? `guichet:private-event:${id}` : `guichet:private-event:${id}:v${version}`;
  return hmac(SHA256, secretOf(env), new TextEncoder().encode(input)).slice(0, 16);
}

/** Spec §2: the `?t=` value of a private event's public link, a keyed hash of its id and link version (22 characters). */
export function privateEventHash(env: PrivateLinkEnv, link: PrivateLinkKey): string {
  return encodeBase64urlNoPadding(macOf(env, link));
}

/** Compares two secrets in constant time: the time taken depends neither on where they differ nor on the given length. */
function secretsMatch(expected: string, given: unknown): boolean {
  const expectedBytes = new TextEncoder().encode(expected);
  const givenBytes = new TextEncoder().encode(typeof given === "string" ? given : "");
  const padded = new Uint8Array(expectedBytes.length);
  padded.set(givenBytes.subarray(0, expectedBytes.length));
  return constantTimeEqual(expectedBytes, padded) && givenBytes.length === expectedBytes.length;
}

/** Constant-time check of a `?t=` value against the event's current link version. */
export function verifyPrivateEventHash(
  env: PrivateLinkEnv,
  link: PrivateLinkKey,
  hash: string | null | undefined,
): boolean {
  return secretsMatch(privateEventHash(env, link), hash);
}

/** Constant-time check of a preview key (`/events/preview/{id}/{slug}/{access_token}`); no stored key matches nothing. */
export function previewTokenMatches(stored: string | null | undefined, given: string | null | undefined): boolean {
  if (!stored) return false;
  return secretsMatch(stored, given);
}

/** Path of the public page: `/events/{id}/{slug}`, with `?t=` for a private event (spec §2). */
export function publicEventPath(
  env: PrivateLinkEnv,
  event: { id: number; title: string; visibility: "public" | "private"; privateLinkVersion: number },
): string {
  const path = `/events/${event.id}/${encodeURIComponent(eventSlug(event.title))}`;
  return event.visibility === "private" ? `${path}?t=${privateEventHash(env, event)}` : path;
}

/** Path of the preview of an unpublished event: `/events/preview/{id}/{slug}/{access_token}`; null without a token. */
export function previewEventPath(event: { id: number; title: string; accessToken: string | null }): string | null {
  if (!event.accessToken) return null;
  return `/events/preview/${event.id}/${encodeURIComponent(eventSlug(event.title))}/${encodeURIComponent(event.accessToken)}`;
}
