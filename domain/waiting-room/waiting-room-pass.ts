import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { signingSecret, type SigningEnv } from "../shared/signing-secret";

/**
 * The pass an admitted visitor books with (docs/decisions/0070-waiting-room.md): `<event id>.<expiry, epoch ms>.<mac>`,
 * the MAC a keyed hash (SESSION_SECRET, as private links) of both. Stateless: the booking checks it without asking the
 * waiting room. Pages carry it in a cookie, programs in the `Guichet-Waiting-Room-Pass` header.
 */
export const WAITING_ROOM_PASS_HEADER = "Guichet-Waiting-Room-Pass";

function macOf(env: SigningEnv, eventId: number, expiresAt: number): Uint8Array {
  const input = new TextEncoder().encode(`guichet:waiting-room-pass:${eventId}:${expiresAt}`);
  return hmac(SHA256, signingSecret(env, "waiting room passes"), input).slice(0, 16);
}

export function signWaitingRoomPass(env: SigningEnv, pass: { eventId: number; expiresAt: number }): string {
  return `${pass.eventId}.${pass.expiresAt}.${encodeBase64urlNoPadding(macOf(env, pass.eventId, pass.expiresAt))}`;
}

export type PassCheck = "valid" | "missing" | "invalid" | "expired";

/** Whether `value` is a genuine pass of this event that has not expired at `now`. */
export function checkWaitingRoomPass(
  env: SigningEnv,
  value: string | null | undefined,
  input: { eventId: number; now: number },
): PassCheck {
  if (!value) return "missing";
  const match = /^(\d{1,16})\.(\d{1,16})\.([A-Za-z0-9_-]{1,40})$/.exec(value.trim());
  if (!match) return "invalid";
  const eventId = Number(match[1]);
  const expiresAt = Number(match[2]);
  if (eventId !== input.eventId) return "invalid";
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(match[3]!);
  } catch {
    return "invalid";
  }
  const expected = macOf(env, eventId, expiresAt);
  if (given.length !== expected.length || !constantTimeEqual(given, expected)) return "invalid";
  return expiresAt > input.now ? "valid" : "expired";
}

/** The expiry of a well-formed pass value (not checked), for the cookie's Max-Age. */
export function passExpiresAt(value: string): number | null {
  const match = /^\d{1,16}\.(\d{1,16})\./.exec(value);
  return match ? Number(match[1]) : null;
}
