import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookDeliveries, webhookDeliveryAttempts } from "#db/schema";
import type { Actor } from "../shared/actor";
import { loadWebhookEndpoint } from "./webhook-endpoint-access";
import { toWebhookEndpointRecord, type WebhookEndpointRecord } from "./webhook-endpoint-record";

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export type WebhookDeliveryRecord = {
  id: number;
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastResponseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  payload: string;
  attemptLog: {
    attempt: number;
    responseStatus: number | null;
    error: string | null;
    responseExcerpt: string;
    durationMs: number;
    attemptedAt: Date;
  }[];
};

/** An endpoint's delivery log, newest first, paged in SQL on (endpoint, created_at). */
export async function listWebhookDeliveries(
  db: Database,
  actor: Actor,
  input: { endpointId: number; page: number; pageSize: number; statuses?: readonly WebhookDeliveryStatus[] },
): Promise<{ endpoint: WebhookEndpointRecord; rows: WebhookDeliveryRecord[]; total: number }> {
  const endpoint = await loadWebhookEndpoint(db, actor, input.endpointId);
  const where = and(
    eq(webhookDeliveries.endpointId, endpoint.id),
    eq(webhookDeliveries.organizationId, endpoint.organizationId),
    input.statuses?.length ? inArray(webhookDeliveries.status, [...input.statuses]) : undefined,
  );
  const [deliveries, [totalRow]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(input.pageSize)
      .offset(input.page * input.pageSize),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  const ids = deliveries.map((d) => d.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookDeliveryAttempts)
        .where(
          and(
            inArray(webhookDeliveryAttempts.deliveryId, ids),
            eq(webhookDeliveryAttempts.organizationId, endpoint.organizationId),
          ),
        )
        .orderBy(asc(webhookDeliveryAttempts.attempt))
    : [];
  return {
    endpoint: toWebhookEndpointRecord(endpoint),
    total: totalRow?.total ?? 0,
    rows: deliveries.map((d) => ({
      id: d.id,
      messageId: d.messageId,
      eventType: d.eventType,
      status: d.status,
      attempts: d.attempts,
      lastResponseStatus: d.lastResponseStatus,
      lastError: d.lastError,
      nextAttemptAt: d.status === "pending" ? d.nextAttemptAt : null,
      deliveredAt: d.deliveredAt,
      createdAt: d.createdAt,
      payload: d.payload,
      attemptLog: attempts
        .filter((a) => a.deliveryId === d.id)
        .map(({ attempt, responseStatus, error, responseExcerpt, durationMs, attemptedAt }) => ({
          attempt,
          responseStatus,
          error,
          responseExcerpt,
          durationMs,
          attemptedAt,
        })),
    })),
  };
}
