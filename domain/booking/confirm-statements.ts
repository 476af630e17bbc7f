import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { formAnswers, orderItems, orders, participants, promoCodes, tickets, webhookDeliveries } from "#db/schema";
import { countEmailIfAllowedStatement, emailQuotaAllows, quotaDay } from "../emails/email-quota";
import { confirmationEmailDueStatement } from "../order-documents/order-email-outbox";
import { confirmableOrder } from "../orders/order-status";
import { orderFigureChanges, salesFigureStatements } from "../sales-figures/sales-figures";
import { chunks } from "../shared/chunks";
import { generateRandomToken } from "../shared/crypto";
import { orderWebhookStatement, participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { searchTextOf } from "../participants/word-start";
import type { PlannedAnswer, PlannedParticipant } from "./plan-order";

// D1 binds at most 100 parameters per statement: multi-row inserts go in chunks that stay under it.
const PARTICIPANT_ROWS_PER_STATEMENT = 6;
const ANSWER_ROWS_PER_STATEMENT = 8;

/** The last statements of `confirmationStatements`: outbox inserts whose results are the delivery rows they wrote. */
export const CONFIRMATION_WEBHOOK_STATEMENTS = 2;

export type ConfirmationData = {
  /** The order's id, or an SQL expression naming it (the same batch inserted it). */
  orderRef: number | SQL;
  organizationId: number;
  eventId: number;
  /** events.timezone: the per-day sales figures count in the event's zone. */
  timezone: string;
  /** The order's money, for the sales figures. */
  amount: number;
  fees: number;
  netAmount: number;
  participants: PlannedParticipant[];
  orderAnswers: PlannedAnswer[];
  lines: { ticketId: number; quantity: number }[];
  promoCodeId: number | null;
  paidAt: number;
  createdAt: number;
  paymentIntentId?: string | null;
  checkoutSessionId?: string | null;
};

/**
 * The writes that turn a held order into a sale, for one batch: participants (one row per unit, each with its own
 * random access token) and their form answers, purchased and use_count raised, holds cleared, the order paid. The
 * caller guards the batch (the order still unpaid, the stock when the hold expired) before these statements.
 */
export function confirmationStatements(db: Database, data: ConfirmationData): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  const orderId = typeof data.orderRef === "number" ? sql`${data.orderRef}` : data.orderRef;
  const createdAt = new Date(data.paidAt);
  const withTokens = data.participants.map((participant) => ({ participant, token: generateRandomToken() }));

  // A dated participant binds two values more (decision 0068): one row less per statement keeps under the bound.
  const dated = data.participants.some((participant) => (participant.dateId ?? null) !== null);
  for (const chunk of chunks(withTokens, PARTICIPANT_ROWS_PER_STATEMENT - (dated ? 1 : 0))) {
    statements.push(
      db.insert(participants).values(
        chunk.map(({ participant, token }) => ({
          organizationId: data.organizationId,
          eventId: data.eventId,
          orderId: orderId as unknown as number,
          ticketId: participant.ticketId,
          firstName: participant.firstName,
          lastName: participant.lastName,
          email: participant.email,
          searchText: searchTextOf(participant),
          ticketTitle: participant.ticketTitle,
          ticketType: participant.ticketType,
          price: participant.price,
          promoCodeKey: participant.promoCodeKey,
          accessToken: token,
          createdAt,
          updatedAt: createdAt,
          // Left out when absent, so a single-date order binds as many values as before.
          ...((participant.dateId ?? null) !== null
            ? {
                dateId: participant.dateId,
                eventDate: participant.eventDate == null ? null : new Date(participant.eventDate),
              }
            : {}),
        })),
      ),
    );
  }

  const answerRows = [
    ...data.orderAnswers.map((answer) => ({ answer, participantId: null as SQL | null })),
    ...withTokens.flatMap(({ participant, token }) =>
      participant.answers.map((answer) => ({
        answer,
        participantId: sql`(select id from participants where access_token = ${token})`,
      })),
    ),
  ];
  for (const chunk of chunks(answerRows, ANSWER_ROWS_PER_STATEMENT)) {
    statements.push(
      db.insert(formAnswers).values(
        chunk.map(({ answer, participantId }) => ({
          organizationId: data.organizationId,
          eventId: data.eventId,
          orderId: orderId as unknown as number,
          participantId: participantId as unknown as number | null,
          formType: answer.formType,
          questionId: answer.questionId,
          questionTitle: answer.questionTitle,
          value: answer.value,
          createdAt,
        })),
      ),
    );
  }

  for (const line of data.lines)
    statements.push(
      db
        .update(tickets)
        .set({ purchased: sql`${tickets.purchased} + ${line.quantity}` })
        .where(eq(tickets.id, line.ticketId)),
    );
  if (data.promoCodeId !== null)
    statements.push(
      db
        .update(promoCodes)
        .set({ useCount: sql`${promoCodes.useCount} + 1` })
        .where(eq(promoCodes.id, data.promoCodeId)),
    );
  statements.push(
    db
      .update(orderItems)
      .set({ heldUntil: null })
      .where(sql`${orderItems.orderId} = ${orderId}`),
  );
  // Before the status update, guarded by it: the figures move only in the batch that moves the order to paid.
  statements.push(
    ...salesFigureStatements(db, {
      organizationId: data.organizationId,
      eventId: data.eventId,
      timezone: data.timezone,
      onlyIf: sql`exists (select 1 from orders where id = ${orderId} and ${confirmableOrder()})`,
      changes: orderFigureChanges(
        {
          status: "paid",
          amount: data.amount,
          fees: data.fees,
          netAmount: data.netAmount,
          paidAt: data.paidAt,
          createdAt: data.createdAt,
        },
        data.participants.map((participant) => ({ createdAt: data.paidAt, ticketType: participant.ticketType })),
      ),
    }),
  );
  statements.push(
    db
      .update(orders)
      .set({
        status: "paid",
        paidAt: createdAt,
        draft: null,
        checkoutTime: Math.max(1, Math.round((data.paidAt - data.createdAt) / 1000)),
        stripePaymentIntentId: data.paymentIntentId ?? undefined,
        stripeCheckoutSessionId: data.checkoutSessionId ?? undefined,
        updatedAt: createdAt,
      })
      .where(sql`${orders.id} = ${orderId}`),
  );
  // The confirmation email's outbox row, recorded with the sale (docs/decisions/0016-order-email-outbox.md). A free
  // order's email counts against the organization's daily email quota (docs/decisions/0038-email-quota.md): past it the
  // booking still goes through, without the email (its tickets are on the order's page); the outbox row and the
  // count share one condition, evaluated before either writes.
  if (data.amount === 0) {
    const onlyIf = emailQuotaAllows(data.organizationId, quotaDay(createdAt), 1);
    statements.push(
      confirmationEmailDueStatement(db, { orderRef: orderId, at: createdAt, onlyIf }),
      countEmailIfAllowedStatement(db, { organizationId: data.organizationId, at: createdAt }),
    );
  } else statements.push(confirmationEmailDueStatement(db, { orderRef: orderId, at: createdAt }));
  // Outgoing webhooks, recorded by the batch that makes the sale (docs/decisions/0019-outgoing-webhooks.md).
  // Last, and returning the deliveries they record (CONFIRMATION_WEBHOOK_STATEMENTS): a caller can tell whether the
  // sale recorded any.
  statements.push(
    orderWebhookStatement(db, {
      organizationId: data.organizationId,
      type: "order.paid",
      orderId,
      onlyStatus: "paid",
      occurredAt: createdAt,
    }).returning({ id: webhookDeliveries.id }),
    participantsWebhookStatement(db, {
      organizationId: data.organizationId,
      type: "participant.created",
      where: sql`p.order_id = ${orderId}`,
      occurredAt: createdAt,
    }).returning({ id: webhookDeliveries.id }),
  );
  return statements;
}
