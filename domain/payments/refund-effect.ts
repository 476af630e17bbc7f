import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { creditNoteStatements } from "../invoices/credit-note-statements";
import type { RefundToCredit } from "../invoices/plan-invoice";
import { refundEmailDueStatements } from "../order-documents/refund-email-outbox";
import { orderFiguresDelta, salesFigureStatements } from "../sales-figures/sales-figures";
import { orderWebhookStatement, participantsWebhookStatement } from "../webhooks/sales-webhook-statements";

type Statement = BatchItem<"sqlite">;

/**
 * The batch that turns a paid order into a refunded one (D1 runs a batch in order, alone, all or nothing). Each
 * statement acts only while the order is still `paid`, and the status changes last: a second run, or one racing
 * this one, finds the order refunded and changes nothing. The order's places go back on sale (tickets.purchased less
 * the units partial refunds put back already, decision 0058; the
 * promo code's use), the sales figures lose what it counted, and its participants are deleted so their QR codes stop
 * validating (their entries and answers go with them through the foreign keys); the order's items stay, so the buyer's
 page and the refund notice (recorded in the order-email outbox, decision 0041) still say what was bought. `ledgerRows` (insert-or-ignore on the
 * provider's reference) are written whatever the status: money moved either way. The last statement is the status
 * update: its changed-row count says whether this run refunded the order.
 */
export async function refundStatements(
  db: Database,
  /** `refundId`: the partial refund that closes the order (decision 0058), whose notice the buyer gets instead. */
  input: {
    orderId: number;
    organizationId: number;
    now: number;
    ledgerRows: Statement[];
    refundId?: number;
    /** What the invoice's credit note reverses (decision 0065): by default everything not credited yet. */
    credit?: RefundToCredit;
  },
): Promise<[Statement, ...Statement[]]> {
  const { orderId, now } = input;
  // Every value is an integer of ours: inlined, because D1 cannot bind parameters of raw SQL inside a batch.
  const stillPaid = sql`(select status from orders where id = ${orderId}) = 'paid'`;
  const delta = await orderFiguresDelta(db, { orderId, sign: -1 });
  const creditNote = await creditNoteStatements(db, {
    orderId,
    refund: input.credit ?? { kind: "rest" },
    refundId: input.refundId ?? null,
    now,
    onlyIf: stillPaid.inlineParams(),
  });
  return [
    db.run(
      sql`update tickets set purchased = max(0, purchased - coalesce(
        (select sum(quantity - refunded_quantity) from order_items where order_id = ${orderId} and ticket_id = tickets.id),
        (select count(*) from participants where order_id = ${orderId} and ticket_id = tickets.id)))
      where id in (
        select ticket_id from order_items where order_id = ${orderId}
        union select ticket_id from participants where order_id = ${orderId})
      and ${stillPaid}`.inlineParams(),
    ),
    db.run(
      sql`update promo_codes set use_count = max(0, use_count - 1)
      where id = (select promo_code_id from orders where id = ${orderId}) and ${stillPaid}`.inlineParams(),
    ),
    ...(delta ? salesFigureStatements(db, { ...delta, onlyIf: stillPaid.inlineParams() }) : []),
    ...input.ledgerRows,
    ...creditNote,
    ...refundEmailDueStatements(db, {
      orderId,
      organizationId: input.organizationId,
      at: now,
      onlyIf: stillPaid.inlineParams(),
      ...(input.refundId === undefined ? {} : { refundId: input.refundId }),
    }),
    // Recorded before the rows go (docs/decisions/0019-outgoing-webhooks.md).
    participantsWebhookStatement(db, {
      type: "participant.deleted",
      where: sql`p.order_id = ${orderId} and ${stillPaid}`,
      occurredAt: new Date(now),
    }),
    db.run(sql`delete from participants where order_id = ${orderId} and ${stillPaid}`.inlineParams()),
    orderWebhookStatement(db, {
      type: "order.refunded",
      orderId,
      onlyStatus: "paid",
      reportStatus: "refunded",
      occurredAt: new Date(now),
    }),
    db.run(
      sql`update orders set status = 'refunded', updated_at = ${now}
      where id = ${orderId} and status = 'paid'`.inlineParams(),
    ),
  ];
}
