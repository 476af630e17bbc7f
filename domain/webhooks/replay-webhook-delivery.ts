import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { webhookDeliveries } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { assertCanManageWebhooks } from "./webhook-endpoint-access";

/**
 * Manual replay: the same message (same `webhook-id`, so a receiver that already has it can ignore it) goes out again
 * now, with a fresh signature. Its earlier attempts stay in the log; attempt numbers continue.
 */
export async function replayWebhookDelivery(db: Database, actor: Actor, deliveryId: number, now = new Date()) {
  const organizationId = assertCanManageWebhooks(actor);
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, enqueuedAt: null, lastError: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.organizationId, organizationId),
        ne(webhookDeliveries.status, "pending"),
        sql`exists (select 1 from webhook_endpoints e where e.id = ${webhookDeliveries.endpointId} and e.enabled = 1)`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (row) return;
  const [existing] = await db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.organizationId, organizationId)))
    .limit(1);
  if (!existing) throw notFound();
  throw new AppError(
    "conflict",
    existing.status === "pending" ? "webhooks:delivery-in-progress" : "webhooks:endpoint-disabled",
  );
}
