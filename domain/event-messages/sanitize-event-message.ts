import { sanitizeEventHtml } from "../events/sanitize-event-html";
import { EVENT_MESSAGE_MAX_BYTES } from "./event-messages-schema";

/**
 * A personalized message as stored: sanitized with the event description's allowlist. Null when the sanitized HTML is
 * over the size limit (escaping can make it longer than what was received).
 */
export function sanitizeEventMessage(html: string): string | null {
  const sanitized = sanitizeEventHtml(html);
  return new TextEncoder().encode(sanitized).length > EVENT_MESSAGE_MAX_BYTES ? null : sanitized;
}
