import { PLATFORM_TIME_ZONE } from "../events/event-time-zone";
import { asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { events, orderItems, orders, participants } from "#db/schema";
import { orderInvoiceStatements } from "../invoices/issue-order-invoice";
import { invoiceDueAtPayment } from "../invoices/plan-invoice";
import { readInvoiceSources } from "../invoices/read-invoice-sources";
import { confirmableOrder } from "../orders/order-status";
import { confirmationStatements } from "./confirm-statements";
import type { OrderDraft } from "./place-order";
import { clearGuards, guardStatement, isGuardFailure, promoAllows, stockAllows } from "./stock-sql";

export type ConfirmOrderInput = {
  orderId: number;
  paidAt: number;
  paymentIntentId?: string | null;
  checkoutSessionId?: string | null;
  now?: number;
  /**
   * Written in the confirmation's own batch, so only when this call confirms the order: the payment's ledger row
   * (a fault between two batches would leave a paid order without its charge until the webhook's replay).
   */
  statements?: BatchItem<"sqlite">[];
};

export type ConfirmResult =
  | { outcome: "confirmed"; orderId: number; participantIds: number[] }
  | { outcome: "already_confirmed"; orderId: number }
  | { outcome: "needs_refund"; orderId: number; reason: "sold_out" | "cancelled" | "refunded" | "not_found" };

function parseDraft(text: string | null): OrderDraft {
  try {
    const parsed = JSON.parse(text ?? "") as Partial<OrderDraft>;
    return { participants: parsed.participants ?? [], orderAnswers: parsed.orderAnswers ?? [] };
  } catch {
    return { participants: [], orderAnswers: [] };
  }
}

/**
 * A payment completed (issue 10 §5): writes the participants and answers the order kept, raises purchased and
 * use_count, clears the holds and marks the order paid, in one batch. Idempotent: an order already paid changes
 * nothing and says so. When the payment came after the hold expired (docs/decisions/0017-booking-holds-and-fees.md), the order is confirmed
 * only if the stock, the capacity and the promo code still allow it, by the same conditional SQL as a new order;
 * otherwise nothing is written and the caller refunds (needs_refund).
 */
export async function confirmOrder(db: Database, input: ConfirmOrderInput): Promise<ConfirmResult> {
  const now = input.now ?? Date.now();
  const { orderId } = input;
  const [orderRows, items, eventRows] = await db.batch([
    db.select().from(orders).where(eq(orders.id, orderId)).limit(1),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db
      .select({ timezone: events.timezone })
      .from(events)
      .where(sql`${events.id} = (select event_id from orders where id = ${orderId})`)
      .limit(1),
  ]);
  const order = orderRows[0];
  if (!order) return { outcome: "needs_refund", orderId, reason: "not_found" };
  if (order.status === "paid" || order.status === "manual" || order.paidAt !== null)
    return { outcome: "already_confirmed", orderId };
  if (order.status === "cancelled" || order.status === "refunded")
    return { outcome: "needs_refund", orderId, reason: order.status };

  const draft = parseDraft(order.draft);
  const statements: BatchItem<"sqlite">[] = [
    // Two deliveries racing: the second batch finds the order paid and rolls back.
    guardStatement(
      db,
      sql`exists (select 1 from orders where id = ${orderId} and paid_at is null and ${confirmableOrder()})`,
    ),
  ];
  for (const item of items)
    statements.push(
      guardStatement(
        db,
        sql`(coalesce((select held_until from order_items where id = ${item.id}), 0) > ${now}
          or ${stockAllows({ ticketId: item.ticketId, eventId: item.eventId, dateId: item.dateId, dated: true }, item.quantity, now)})`,
      ),
    );
  if (order.promoCodeId !== null) statements.push(guardStatement(db, promoAllows(order.promoCodeId, now, orderId)));
  // The invoice, when one is due at payment (decision 0065), is issued by the confirmation's own batch.
  const invoiceSources = order.amount > 0 ? await readInvoiceSources(db, orderId) : null;
  const invoice =
    invoiceSources?.billing && invoiceDueAtPayment(invoiceSources.billing, invoiceSources.order)
      ? orderInvoiceStatements(db, { ...invoiceSources, billing: invoiceSources.billing }, input.paidAt)
      : [];
  statements.push(
    ...confirmationStatements(db, {
      orderRef: orderId,
      organizationId: order.organizationId,
      eventId: order.eventId,
      timezone: eventRows[0]?.timezone ?? PLATFORM_TIME_ZONE,
      amount: order.amount,
      fees: order.fees,
      netAmount: order.netAmount,
      participants: draft.participants,
      orderAnswers: draft.orderAnswers,
      lines: items.map((item) => ({ ticketId: item.ticketId, quantity: item.quantity })),
      promoCodeId: order.promoCodeId,
      paidAt: input.paidAt,
      createdAt: order.createdAt.getTime(),
      paymentIntentId: input.paymentIntentId,
      checkoutSessionId: input.checkoutSessionId,
    }),
    ...invoice,
    ...(input.statements ?? []),
    clearGuards(db),
  );

  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (after?.status === "paid") return { outcome: "already_confirmed", orderId };
    return { outcome: "needs_refund", orderId, reason: "sold_out" };
  }
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.orderId, orderId))
    .orderBy(asc(participants.id));
  return { outcome: "confirmed", orderId, participantIds: rows.map((row) => row.id) };
}
