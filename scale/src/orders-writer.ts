import { inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { orderItems, orders } from "#db/schema";
import { confirmationStatements } from "#domain/booking/confirm-statements";
import { releaseOrderHold } from "#domain/booking/expire-order";
import { pendingOrderValues, plannedConfirmation } from "#domain/booking/place-order";
import { orderWebhookStatement } from "#domain/webhooks/sales-webhook-statements";
import type { InventoryMessage } from "./messages";

/**
 * The queue consumer's side of the Durable Object design: writes the orders an event's object accepted into D1, with
 * the app's own statements (order, order items, then `confirmationStatements` for a free order: participants,
 * purchased, promo use, sales figures, outgoing webhook rows). No stock guard: the object already decided. All the
 * messages of one delivery go in ONE atomic batch; tokens already in D1 are skipped, so redelivery is harmless, and a
 * batch that fails (a concurrent duplicate hitting the unique access token) is retried whole by the queue.
 */
export async function writeOrders(db: Database, messages: InventoryMessage[]): Promise<number> {
  const places = messages.filter((message) => message.kind === "place");
  const tokens = places.map((message) => message.token);
  const existing =
    tokens.length === 0
      ? []
      : await db.select({ token: orders.accessToken }).from(orders).where(inArray(orders.accessToken, tokens));
  const done = new Set(existing.map((row) => row.token));
  const seen = new Set<string>();
  const statements: BatchItem<"sqlite">[] = [];
  for (const message of places) {
    if (done.has(message.token) || seen.has(message.token)) continue;
    seen.add(message.token);
    statements.push(...placeStatements(db, message));
  }
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

  for (const message of messages) {
    if (message.kind !== "expire") continue;
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.accessToken} = ${message.token}`)
      .limit(1);
    // Not written yet (the place message is still queued): the queue retries the expiry after it.
    if (!order) throw new Error(`order ${message.token} not in D1 yet`);
    await releaseOrderHold(db, order.id, "expired", message.expiredAt);
  }
  return seen.size;
}

function placeStatements(db: Database, message: Extract<InventoryMessage, { kind: "place" }>): BatchItem<"sqlite">[] {
  const { plan, placedAt, token } = message;
  const orderRef = sql`(select id from orders where access_token = ${token})`;
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(orders)
      .values(pendingOrderValues(plan, { accessToken: token, payableUntil: message.payableUntil, now: placedAt })),
  ];
  for (const line of plan.lines)
    statements.push(
      db.insert(orderItems).select(
        sql`select null, ${plan.organizationId}, ${plan.eventId}, ${orderRef}, ${line.ticketId}, ${line.ticketType},
          ${line.quantity}, ${line.unitPrice}, ${line.discount}, ${line.fees}, ${line.feesType},
          ${message.payableUntil}, ${placedAt}`,
      ),
    );
  statements.push(
    orderWebhookStatement(db, {
      organizationId: plan.organizationId,
      type: "order.created",
      orderId: orderRef,
      occurredAt: new Date(placedAt),
    }),
  );
  if (message.payableUntil === null)
    statements.push(
      ...confirmationStatements(db, plannedConfirmation(plan, { orderRef, timezone: message.timezone, at: placedAt })),
    );
  return statements;
}
