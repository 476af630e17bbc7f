import * as v from "valibot";

/** What an endpoint can subscribe to (issue 12 §6). `webhook.test` is sent only by 'send a test event'. */
export const webhookEventTypes = [
  "order.created",
  "order.paid",
  "order.refunded",
  "order.cancelled",
  "order.updated",
  "participant.created",
  "participant.updated",
  "participant.transferred",
  "participant.deleted",
  "check_in.created",
  "event.published",
  "event.updated",
  "waiting_list.offered",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number] | "webhook.test";

export const webhookEventTypeSchema = v.picklist(webhookEventTypes);

/** The stored list: empty means every type, now and later. */
export function parseStoredEventTypes(stored: string): WebhookEventType[] {
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    return value.filter((t): t is WebhookEventType => (webhookEventTypes as readonly string[]).includes(t));
  } catch {
    return [];
  }
}
