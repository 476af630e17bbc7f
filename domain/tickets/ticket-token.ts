import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { signingSecret, type SigningEnv } from "../shared/signing-secret";

/**
 * The signed ticket token a ticket's QR code holds: `G1.{eventId}.{participantId}.{mac}`. The event id is readable so a
 * scanner can answer "wrong event" without a lookup; the MAC (HMAC-SHA256 over both ids and the participant's own
 * access token, truncated to 128 bits) makes the token unforgeable and lets a participant's ticket be revoked by
 * changing that access token. Short enough for a QR code that scans from a phone screen at low resolution.
 */
export type TicketTokenSubject = { eventId: number; participantId: number; accessToken: string };

const PREFIX = "G1";

function macOf(env: SigningEnv, subject: TicketTokenSubject): Uint8Array {
  const input = `guichet:ticket:${subject.eventId}:${subject.participantId}:${subject.accessToken}`;
  return hmac(SHA256, signingSecret(env, "ticket tokens"), new TextEncoder().encode(input)).slice(0, 16);
}

export function signTicketToken(env: SigningEnv, subject: TicketTokenSubject): string {
  return `${PREFIX}.${subject.eventId}.${subject.participantId}.${encodeBase64urlNoPadding(macOf(env, subject))}`;
}

export type ParsedTicketToken = { eventId: number; participantId: number; mac: Uint8Array };

/** Reads the ids out of a token without checking it; null when it is not shaped like one. */
export function parseTicketToken(token: string): ParsedTicketToken | null {
  const parts = token.trim().split(".");
  if (parts.length !== 4 || parts[0] !== PREFIX) return null;
  const [, event, participant, mac] = parts as [string, string, string, string];
  if (!/^[1-9]\d{0,15}$/.test(event) || !/^[1-9]\d{0,15}$/.test(participant) || !/^[\w-]{22}$/.test(mac)) return null;
  try {
    return { eventId: Number(event), participantId: Number(participant), mac: decodeBase64urlIgnorePadding(mac) };
  } catch {
    return null;
  }
}

/** Constant-time check of a parsed token against the participant it names (looked up by the caller, tenant-scoped). */
export function ticketTokenMatches(env: SigningEnv, parsed: ParsedTicketToken, subject: TicketTokenSubject): boolean {
  if (parsed.eventId !== subject.eventId || parsed.participantId !== subject.participantId) return false;
  const expected = macOf(env, subject);
  return parsed.mac.length === expected.length && constantTimeEqual(parsed.mac, expected);
}
