import { encodeBase64urlNoPadding } from "@oslojs/encoding";

/**
 * What the offline list gives a scanner instead of the ticket tokens themselves: the first 16 bytes of the token's
 * SHA-256, base64url. The scanner hashes what it reads and compares; a leaked list cannot be turned back into tickets.
 * Web Crypto only, so the browser computes the same value (app/routes/app/event/scan*).
 */
export async function ticketTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token.trim()));
  return encodeBase64urlNoPadding(new Uint8Array(digest).slice(0, 16));
}
