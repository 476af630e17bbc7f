import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import type { Database } from "#db/database";
import { recordEmailBounce } from "./record-email-bounce";

/** A delivery older or newer than this is refused (a replayed capture). */
export const PROVIDER_EVENT_TOLERANCE_S = 5 * 60;

export type ProviderEventReceipt =
  | { status: 200; outcome: "bounced" | "ignored" | "unknown-email" }
  | { status: 400; error: "invalid_signature" }
  | { status: 503; error: "webhook_unconfigured" };

function verify(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now: Date,
) {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > PROVIDER_EVENT_TOLERANCE_S)
    return false;
  const key = decodeBase64(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
  const expected = new TextEncoder().encode(
    encodeBase64(hmac(SHA256, key, new TextEncoder().encode(`${headers.id}.${headers.timestamp}.${body}`))),
  );
  return headers.signature.split(" ").some((part) => {
    const [version, value] = part.split(",");
    if (version !== "v1" || !value) return false;
    const given = new TextEncoder().encode(value);
    return given.length === expected.length && constantTimeEqual(given, expected);
  });
}

/**
 * Resend's webhook (Svix, the Standard Webhooks format; docs/decisions/0054-attendee-messages.md): the signature is
 * checked with RESEND_WEBHOOK_SECRET before anything is read; `email.bounced` marks the delivery of a message to an
 * attendee as bounced with the provider's reason. Other event types are acknowledged and ignored.
 */
export async function receiveEmailProviderEvent(
  db: Database,
  input: {
    secret: string | undefined;
    headers: { id?: string; timestamp?: string; signature?: string };
    body: string;
    now?: Date;
  },
): Promise<ProviderEventReceipt> {
  if (!input.secret) return { status: 503, error: "webhook_unconfigured" };
  const { id, timestamp, signature } = input.headers;
  if (!id || !timestamp || !signature) return { status: 400, error: "invalid_signature" };
  let valid: boolean;
  try {
    valid = verify(input.secret, { id, timestamp, signature }, input.body, input.now ?? new Date());
  } catch {
    // A secret that is not base64: nothing verifies.
    valid = false;
  }
  if (!valid) return { status: 400, error: "invalid_signature" };
  let event: { type?: unknown; data?: { email_id?: unknown; bounce?: { message?: unknown } } };
  try {
    event = JSON.parse(input.body) as typeof event;
  } catch {
    // Signed by the provider yet unreadable: answering an error would only bring the same delivery again.
    return { status: 200, outcome: "ignored" };
  }
  if (event.type !== "email.bounced") return { status: 200, outcome: "ignored" };
  const emailId = event.data?.email_id;
  if (typeof emailId !== "string" || emailId.length > 200) return { status: 200, outcome: "ignored" };
  const reason = typeof event.data?.bounce?.message === "string" ? event.data.bounce.message : "bounced";
  const marked = await recordEmailBounce(db, { providerMessageId: emailId, reason });
  return { status: 200, outcome: marked ? "bounced" : "unknown-email" };
}
