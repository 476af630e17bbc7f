import type { Database } from "#db/database";
import { eventToJson } from "../events/event-json";
import { toEventRecord, type EventRow } from "../events/event-record";
import { webhookEventStatement } from "./webhook-event-statement";

/**
 * `event.published` when a write publishes the event, `event.updated` for any other change: to place right after
 * the event's guarded update in one batch (recorded only if that update applied).
 */
export function eventWebhookStatement(db: Database, before: EventRow, after: EventRow, now: Date) {
  const published = before.status !== "published" && after.status === "published";
  return webhookEventStatement(db, {
    organizationId: after.organizationId,
    type: published ? "event.published" : "event.updated",
    data: eventToJson(toEventRecord(after), now),
    occurredAt: now,
    onlyIfPreviousChanged: true,
  });
}
