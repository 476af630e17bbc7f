import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { chargeRow } from "#domain/payments/ledger";
import { insertEvent, insertOrder, insertOrganization } from "./fixtures";

/**
 * Everything a sale writes for one event, read back from the real rows: the fault tests compare it before a fault,
 * after it and after the retry. Ids are left out where a retry legitimately makes new ones; order matters where it
 * means something (statuses in id order).
 */
export async function eventState(db: Database, eventId: number) {
  const [orders, items, participants, answers, tickets, promos, figures, figureDays, ledger, emails] = await db.batch([
    db
      .select({ id: schema.orders.id, status: schema.orders.status, paid: schema.orders.paidAt })
      .from(schema.orders)
      .where(eq(schema.orders.eventId, eventId))
      .orderBy(asc(schema.orders.id)),
    db
      .select({ orderId: schema.orderItems.orderId, held: schema.orderItems.heldUntil })
      .from(schema.orderItems)
      .where(eq(schema.orderItems.eventId, eventId))
      .orderBy(asc(schema.orderItems.id)),
    db
      .select({ orderId: schema.participants.orderId, ticketId: schema.participants.ticketId })
      .from(schema.participants)
      .where(eq(schema.participants.eventId, eventId))
      .orderBy(asc(schema.participants.id)),
    db
      .select({ orderId: schema.formAnswers.orderId })
      .from(schema.formAnswers)
      .where(eq(schema.formAnswers.eventId, eventId)),
    db
      .select({ id: schema.tickets.id, purchased: schema.tickets.purchased })
      .from(schema.tickets)
      .where(eq(schema.tickets.eventId, eventId))
      .orderBy(asc(schema.tickets.id)),
    db
      .select({ code: schema.promoCodes.code, useCount: schema.promoCodes.useCount })
      .from(schema.promoCodes)
      .where(eq(schema.promoCodes.eventId, eventId))
      .orderBy(asc(schema.promoCodes.id)),
    db
      .select({
        participants: schema.salesFigures.participants,
        orders: schema.salesFigures.orders,
        gross: schema.salesFigures.gross,
        fees: schema.salesFigures.fees,
        net: schema.salesFigures.net,
      })
      .from(schema.salesFigures)
      .where(eq(schema.salesFigures.eventId, eventId)),
    db
      .select({
        participants: schema.salesFigureDays.participants,
        orders: schema.salesFigureDays.orders,
        gross: schema.salesFigureDays.gross,
      })
      .from(schema.salesFigureDays)
      .where(eq(schema.salesFigureDays.eventId, eventId)),
    db
      .select({
        orderId: schema.transactions.orderId,
        type: schema.transactions.type,
        amount: schema.transactions.amount,
        fee: schema.transactions.fee,
        reference: schema.transactions.providerReference,
      })
      .from(schema.transactions)
      .where(eq(schema.transactions.eventId, eventId))
      .orderBy(asc(schema.transactions.id)),
    db
      .select({ key: schema.orderEmailDeliveries.key, status: schema.orderEmailDeliveries.status })
      .from(schema.orderEmailDeliveries)
      .where(eq(schema.orderEmailDeliveries.eventId, eventId)),
  ]);
  // Webhook deliveries belong to the organization: keep the ones about this event (orders and participants name it).
  const deliveries = await db
    .select({ type: schema.webhookDeliveries.eventType, payload: schema.webhookDeliveries.payload })
    .from(schema.webhookDeliveries)
    .orderBy(asc(schema.webhookDeliveries.id));
  const aboutThisEvent = deliveries
    .filter((delivery) => (JSON.parse(delivery.payload) as { data?: { event?: unknown } }).data?.event === eventId)
    .map((delivery) => delivery.type);
  return {
    orders,
    items,
    participants,
    answers: answers.length,
    tickets,
    promos,
    figures,
    figureDays,
    ledger,
    emails,
    webhooks: aboutThisEvent,
  };
}

export type EventState = Awaited<ReturnType<typeof eventState>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * An organization on a daily payout with 47.00 € released: a 50.00 € sale less 3.00 € of fees, charged the day before
 * its event ended yesterday. `reference` names the connected account and the payment (unique per call).
 */
export async function payableOrganization(db: Database, reference: string) {
  const organization = await insertOrganization(db, {
    connectedAccountId: `acct_${reference}`,
    isConnectedAccountValid: true,
    payoutFrequency: "daily",
  });
  const endedAt = Date.now() - DAY;
  const event = await insertEvent(db, organization.id, {
    status: "published",
    startAt: new Date(endedAt - 2 * HOUR),
    endAt: new Date(endedAt),
  });
  const { order } = await insertOrder(db, event, {
    status: "paid",
    amount: 5000,
    fees: 300,
    createdAt: new Date(endedAt - DAY),
  });
  await chargeRow(db, order, { providerReference: `pi_${reference}`, occurredAt: endedAt - DAY });
  return organization;
}
