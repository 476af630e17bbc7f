import type { webhookEndpoints } from "#db/schema";
import { parseStoredEventTypes, type WebhookEventType } from "./webhook-event-types";
import { currentSecret } from "./webhook-signature";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** What the settings page and the API show of an endpoint: never the secret, only its last characters. */
export type WebhookEndpointRecord = {
  id: number;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  secretHint: string;
  /** While the previous secret still signs after a rotation: until when (null: it does not, or with no end known). */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
};

export function toWebhookEndpointRecord(row: WebhookEndpointRow): WebhookEndpointRecord {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: parseStoredEventTypes(row.eventTypes),
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt,
    secretHint: `whsec_…${currentSecret(row.secret).slice(-4)}`,
    previousSecretExpiresAt:
      row.secret.includes(" ") && row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt
        : null,
    createdAt: row.createdAt,
  };
}
