import { getTableColumns, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookDeliveries } from "#db/schema";
import { generateRandomToken } from "../shared/crypto";
import type { WebhookEventType } from "./webhook-event-types";

export type WebhookEvent = {
  organizationId: number;
  type: WebhookEventType;
  /** The object the event is about, in the API's field names (spec §3). */
  data: Record<string, unknown>;
  occurredAt?: Date;
  /** Only this endpoint ('send a test event'); otherwise every enabled endpoint subscribed to the type. */
  endpointId?: number;
  /**
   * Placed right after a guarded write in the same batch: the event is recorded only if that write changed a row
   * (SQLite's changes() reports the previous statement of the batch's connection), so a write that lost a race
   * reports nothing.
   */
  onlyIfPreviousChanged?: boolean;
};

/** The JSON body every endpoint receives (Standard Webhooks' recommended envelope). */
function webhookPayload(event: WebhookEvent, timestamp: string): string {
  return JSON.stringify({ type: event.type, timestamp, data: event.data });
}

/**
 * The outbox write: one pending delivery per enabled endpoint of the organization subscribed to the type, to put in
 * the SAME batch as the change it reports, so an event is recorded exactly when its change is. The queue hand-off
 * happens after the batch (dispatchDueWebhookDeliveries), and the scheduled sweep catches any hand-off that was lost.
 */
export function webhookEventStatement(db: Database, event: WebhookEvent) {
  const messageId = `msg_${generateRandomToken()}`;
  const { ms: now, iso } = webhookTimeOf(event.occurredAt ?? new Date());
  const payload = webhookPayload(event, iso);
  const onlyEndpoint = event.endpointId === undefined ? sql`1` : sql`e.id = ${event.endpointId}`;
  const afterChange = event.onlyIfPreviousChanged ? sql`changes() > 0` : sql`1`;
  const subscribed = sql`(${event.type} = 'webhook.test' or e.event_types = '[]'
    or exists (select 1 from json_each(e.event_types) where json_each.value = ${event.type}))`;
  // drizzle's insert…select lists every column of the table in schema order; each gets its value by name here.
  const values: Partial<Record<keyof typeof webhookDeliveries.$inferInsert, SQL>> = {
    organizationId: sql`e.organization_id`,
    endpointId: sql`e.id`,
    messageId: sql`${messageId}`,
    eventType: sql`${event.type}`,
    payload: sql`${payload}`,
    status: sql`'pending'`,
    attempts: sql`0`,
    nextAttemptAt: sql`${now}`,
    createdAt: sql`${now}`,
  };
  const selected = Object.keys(getTableColumns(webhookDeliveries)).map(
    (key) => values[key as keyof typeof values] ?? sql`null`,
  );
  // A query builder, not db.run: drizzle's D1 batch cannot bind the parameters of a raw statement.
  return db.insert(webhookDeliveries).select(
    sql`select ${sql.join(selected, sql`, `)} from webhook_endpoints e
      where e.organization_id = ${event.organizationId} and e.enabled = 1
        and ${onlyEndpoint} and ${afterChange} and ${subscribed}`,
  );
}

/**
 * Events whose data the database builds in the same batch: one event per row of `source`, a query returning the
 * columns `organization_id` (the row's own tenant: only that organization's endpoints get it) and `data` (JSON text,
 * e.g. `json_object(...)` over rows the batch just wrote, whose ids JavaScript does not know yet). Each endpoint × row
 * gets its own message id.
 */
export function webhookEventsFromQuery(
  db: Database,
  event: { type: WebhookEventType; source: SQL; occurredAt?: Date | WebhookTime },
) {
  const { ms: now, iso: timestamp } =
    event.occurredAt instanceof Date || event.occurredAt === undefined
      ? webhookTimeOf(event.occurredAt ?? new Date())
      : event.occurredAt;
  const values: Partial<Record<keyof typeof webhookDeliveries.$inferInsert, SQL>> = {
    organizationId: sql`e.organization_id`,
    endpointId: sql`e.id`,
    messageId: sql`'msg_' || lower(hex(randomblob(20)))`,
    eventType: sql`${event.type}`,
    payload: sql`json_object('type', ${event.type}, 'timestamp', ${timestamp}, 'data', json(src.data))`,
    status: sql`'pending'`,
    attempts: sql`0`,
    nextAttemptAt: sql`${now}`,
    createdAt: sql`${now}`,
  };
  const selected = Object.keys(getTableColumns(webhookDeliveries)).map(
    (key) => values[key as keyof typeof values] ?? sql`null`,
  );
  const subscribed = sql`(e.event_types = '[]'
    or exists (select 1 from json_each(e.event_types) where json_each.value = ${event.type}))`;
  return db.insert(webhookDeliveries).select(
    sql`select ${sql.join(selected, sql`, `)} from webhook_endpoints e, (${event.source}) src
      where e.organization_id = src.organization_id and e.enabled = 1 and ${subscribed}`,
  );
}

/**
 * When a webhook event happened, in milliseconds (the row's times) and as the payload's ISO timestamp; placeholders in
 * a statement rendered once (db/rendered-once.ts), filled with webhookTimeOf's values.
 */
export type WebhookTime = { ms: number | Placeholder; iso: string | Placeholder };

export function webhookTimeOf(at: Date): { ms: number; iso: string } {
  return { ms: at.getTime(), iso: at.toISOString() };
}

/** For writes that are not batched with anything else. */
export async function recordWebhookEvent(db: Database, event: WebhookEvent): Promise<void> {
  await webhookEventStatement(db, event);
}
