import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

/**
 * Standard Webhooks 1.0: `webhook-signature` is `v1,` + base64(HMAC-SHA256(secret, "{id}.{timestamp}.{body}")),
 * where the secret is the base64 part of `whsec_…`. During a rotation the endpoint holds several secrets (space
 * separated) and every one signs, so the receiver may switch at its own pace.
 */
const PREFIX = "whsec_";

/** A new secret: 32 random bytes (the standard asks for 24 to 64). */
export function newWebhookSecret(): string {
  return PREFIX + encodeBase64(crypto.getRandomValues(new Uint8Array(32)));
}

function keyOf(secret: string): Uint8Array {
  return decodeBase64(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret);
}

function signWebhookPayload(secrets: string, messageId: string, timestampSeconds: number, body: string): string {
  const content = new TextEncoder().encode(`${messageId}.${timestampSeconds}.${body}`);
  return secrets
    .split(" ")
    .filter(Boolean)
    .map((secret) => `v1,${encodeBase64(hmac(SHA256, keyOf(secret), content))}`)
    .join(" ");
}

/** The headers of one delivery attempt. The timestamp is the attempt's, so a receiver's replay window stays short. */
export function webhookHeaders(secrets: string, messageId: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "Guichet-Webhooks/1.0",
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhookPayload(secrets, messageId, timestamp, body),
  };
}

/**
 * The secrets that sign a delivery at `now`: the newest, and the previous one during its grace period (no expiry
 * recorded: rotated before grace periods existed, it signs until the next rotation).
 */
export function signingSecrets(endpoint: { secret: string; previousSecretExpiresAt: Date | null }, now: Date): string {
  const all = endpoint.secret.split(" ").filter(Boolean);
  const expired = endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt <= now;
  return (expired ? all.slice(-1) : all).join(" ");
}

/** The newest secret, shown once after creation or rotation. */
export function currentSecret(secrets: string): string {
  const all = secrets.split(" ").filter(Boolean);
  return all[all.length - 1] ?? "";
}
