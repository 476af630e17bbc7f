import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { signingSecret, type SigningEnv } from "../shared/signing-secret";

/**
 * The link in a non-essential message that stops the event's messages for one address
 * (docs/decisions/0054-attendee-messages.md): `/messages/opt-out?e=<event>&a=<address, base64url>&s=<keyed hash>`, so
 * nobody can opt somebody else out, and nothing is stored before the person confirms.
 */
function signatureOf(env: SigningEnv, eventId: number, email: string): Uint8Array {
  const input = new TextEncoder().encode(`guichet:message-opt-out:${eventId}:${email.toLowerCase()}`);
  return hmac(SHA256, signingSecret(env, "message opt-out links"), input).slice(0, 16);
}

export function optOutUrl(env: SigningEnv & { APP_URL: string }, eventId: number, email: string): string {
  const url = new URL("/messages/opt-out", env.APP_URL);
  url.searchParams.set("e", String(eventId));
  url.searchParams.set("a", encodeBase64urlNoPadding(new TextEncoder().encode(email.toLowerCase())));
  url.searchParams.set("s", encodeBase64urlNoPadding(signatureOf(env, eventId, email)));
  return url.toString();
}

/** The event and address of a genuine opt-out link's parameters; null for anything else. */
export function readOptOutLink(
  env: SigningEnv,
  params: { e?: string | null; a?: string | null; s?: string | null },
): { eventId: number; email: string } | null {
  const eventId = Number(params.e);
  if (!Number.isSafeInteger(eventId) || eventId <= 0 || !params.a || !params.s) return null;
  if (params.a.length > 400 || params.s.length > 40) return null;
  try {
    const email = new TextDecoder("utf-8", { fatal: true }).decode(decodeBase64urlIgnorePadding(params.a));
    const given = decodeBase64urlIgnorePadding(params.s);
    const expected = signatureOf(env, eventId, email);
    if (given.length !== expected.length || !constantTimeEqual(given, expected)) return null;
    return { eventId, email: email.toLowerCase() };
  } catch {
    return null;
  }
}
