import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

const encoder = new TextEncoder();

/**
 * 20 random bytes (160 bits) from the CSPRNG, base32 (32 characters): session tokens, reset links, registration
 * tickets. Long enough that guessing is hopeless even offline.
 */
export function generateRandomToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What the database stores instead of a token or code: its SHA-256, hex. */
export function sha256Hex(value: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(value)));
}

/** Compares two strings in a time that depends only on the expected one's length, not on where they differ. */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!;
  return difference === 0;
}
