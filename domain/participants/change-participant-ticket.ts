import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { orderItems, orders, participants, tickets } from "#db/schema";
import { ticketHeldColumn } from "../booking/held-places";
import { clearGuards, guardStatement, isGuardFailure, stockAllows } from "../booking/stock-sql";
import { countsAsSale, saleOrder } from "../orders/order-status";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { loadParticipantForActor, type ParticipantRecord } from "./participant-access";

/** The form field (and API body field) naming the new ticket type. */
export const TICKET_FIELD = "ticket";

const refusal = (code: "validation" | "conflict", key: string, reason?: "sold_out") =>
  new AppError(code, `participants:errors.${key}`, {
    fields: { [TICKET_FIELD]: `participants:errors.${key}` },
    ...(reason ? { reason } : {}),
  });

type OrderLine = typeof orderItems.$inferSelect;

/** The order line a holder's unit leaves: the one of its ticket with the most units (as a deletion picks it). */
function movedLine(lines: OrderLine[], participant: Pick<ParticipantRecord, "ticketId">): OrderLine | undefined {
  return lines.filter((line) => line.ticketId === participant.ticketId).sort((a, b) => b.quantity - a.quantity)[0];
}

/**
 * The money rule (docs/decisions/0048): an order that cost nothing (free, or added by hand) moves to any price; one
 * that cost something only to a ticket of the list price the unit was sold at, so the order's money stays true.
 */
function priceAllows(orderAmount: number, soldAtListPrice: number, targetPrice: number): boolean {
  return orderAmount === 0 || soldAtListPrice === targetPrice;
}

/** What one unit of an order line was charged: its unit price, its share of the line's discount and fees. */
function unitShare(line: OrderLine) {
  const quantity = Math.max(1, line.quantity);
  return {
    unitPrice: line.unitPrice,
    discount: Math.round(line.discount / quantity),
    fees: Math.round(line.fees / quantity),
    feesType: line.feesType,
  };
}

/**
 * Moves a participant's ticket to another ticket type of the same event (issue 25 §10, docs/decisions/0048): the
 * holder keeps their row, QR code, answers and entries. Only a ticket (not an add-on) of a paid or manual order moves,
 * to another place-holding ticket of the event that is not deleted. The order's money must stay true: on an order that
 * cost something the two tickets must have the same price; an order of 0 (free, or added by hand) moves freely.
 *
 * One batch, all or nothing: a guard that the participant still holds the old ticket in a sale order and the target
 * is not deleted (a second click or a racing move refuses), the old ticket's `purchased` down, then a guard that the
 * target's stock and the event capacity allow one more unit (the booking's own SQL, holds counted), the target's
 * `purchased` up, the order's lines follow (the unit leaves its line and joins or opens the target's, with the money it
 * was charged), the participant row and the participant.updated webhook. Both tickets' updated_at move: the public
 * page's cache key reads them.
 */
export async function changeParticipantTicket(
  db: Database,
  actor: Actor,
  input: { participantId: number; eventId?: number; ticketId: number; now?: number },
): Promise<ParticipantRecord> {
  const { participant, event } = await loadParticipantForActor(
    db,
    actor,
    input.participantId,
    "event:edit-participants",
    input.eventId,
  );
  if (participant.ticketType !== "ticket") throw refusal("validation", "ticket-addon");
  if (!Number.isSafeInteger(input.ticketId) || input.ticketId <= 0) throw refusal("validation", "ticket-unknown");
  if (input.ticketId === participant.ticketId) throw refusal("validation", "ticket-same");

  const now = input.now ?? Date.now();
  const [[order], [target], [oldTicket], lines] = await db.batch([
    db
      .select({ status: orders.status, amount: orders.amount })
      .from(orders)
      .where(and(eq(orders.id, participant.orderId), eq(orders.organizationId, participant.organizationId)))
      .limit(1),
    db
      .select({
        id: tickets.id,
        title: tickets.title,
        price: tickets.price,
        ticketType: tickets.ticketType,
        visibility: tickets.visibility,
      })
      .from(tickets)
      .where(
        and(
          eq(tickets.id, input.ticketId),
          eq(tickets.eventId, event.id),
          eq(tickets.organizationId, event.organizationId),
        ),
      )
      .limit(1),
    db.select({ price: tickets.price }).from(tickets).where(eq(tickets.id, participant.ticketId)).limit(1),
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, participant.orderId), eq(orderItems.organizationId, event.organizationId)))
      .orderBy(asc(orderItems.id)),
  ]);
  if (!target || target.ticketType !== "ticket" || target.visibility === "deleted")
    throw refusal("validation", "ticket-unknown");
  if (!order || !countsAsSale(order.status)) throw refusal("conflict", "ticket-order-inactive");

  const oldLine = movedLine(lines, participant);
  const listPrice = oldLine?.unitPrice ?? oldTicket?.price ?? participant.price;
  if (!priceAllows(order.amount, listPrice, target.price)) throw refusal("conflict", "ticket-price-differs");

  const share = oldLine
    ? unitShare(oldLine)
    : { unitPrice: listPrice, discount: 0, fees: 0, feesType: "included" as const };
  const joined = lines.find(
    (line) =>
      line.ticketId === target.id &&
      line.heldUntil === null &&
      line.unitPrice === share.unitPrice &&
      line.feesType === share.feesType &&
      unitShare(line).discount === share.discount &&
      unitShare(line).fees === share.fees,
  );

  const at = new Date(now);
  const stillHeld = sql`exists (select 1 from ${participants} where ${participants.id} = ${participant.id}
      and ${participants.ticketId} = ${participant.ticketId})
    and exists (select 1 from ${orders} where ${orders.id} = ${participant.orderId} and ${saleOrder()})
    and exists (select 1 from ${tickets} where ${tickets.id} = ${target.id} and ${tickets.visibility} <> 'deleted')`;
  const statements: BatchItem<"sqlite">[] = [
    guardStatement(db, stillHeld),
    db
      .update(tickets)
      .set({ purchased: sql`max(${tickets.purchased} - 1, 0)`, updatedAt: at })
      .where(eq(tickets.id, participant.ticketId)),
    // After the old ticket gave its place back: a full event capacity still lets a holder change ticket.
    guardStatement(db, stockAllows({ ticketId: target.id, eventId: event.id }, 1, now)),
    db
      .update(tickets)
      .set({ purchased: sql`${tickets.purchased} + 1`, updatedAt: at })
      .where(eq(tickets.id, target.id)),
  ];
  if (oldLine) {
    statements.push(
      oldLine.quantity > 1
        ? db
            .update(orderItems)
            .set({
              quantity: sql`${orderItems.quantity} - 1`,
              discount: sql`max(${orderItems.discount} - ${share.discount}, 0)`,
              fees: sql`max(${orderItems.fees} - ${share.fees}, 0)`,
            })
            .where(and(eq(orderItems.id, oldLine.id), sql`${orderItems.quantity} > 1`))
        : db.delete(orderItems).where(eq(orderItems.id, oldLine.id)),
    );
    statements.push(
      joined
        ? db
            .update(orderItems)
            .set({
              quantity: sql`${orderItems.quantity} + 1`,
              discount: sql`${orderItems.discount} + ${share.discount}`,
              fees: sql`${orderItems.fees} + ${share.fees}`,
            })
            .where(eq(orderItems.id, joined.id))
        : db.insert(orderItems).values({
            organizationId: event.organizationId,
            eventId: event.id,
            orderId: participant.orderId,
            ticketId: target.id,
            ticketType: "ticket",
            quantity: 1,
            unitPrice: share.unitPrice,
            discount: share.discount,
            fees: share.fees,
            feesType: share.feesType,
            heldUntil: null,
            createdAt: at,
          }),
    );
  }
  // A participant added by hand carries its ticket's price (manual orders have no lines); a sold one keeps what it paid.
  const price = order.status === "manual" ? target.price : participant.price;
  statements.push(
    db
      .update(participants)
      .set({ ticketId: target.id, ticketTitle: target.title, ticketType: "ticket", price, updatedAt: at })
      .where(and(eq(participants.id, participant.id), eq(participants.organizationId, participant.organizationId))),
    participantsWebhookStatement(db, {
      type: "participant.updated",
      organizationId: participant.organizationId,
      where: sql`p.id = ${participant.id}`,
      occurredAt: at,
    }),
    clearGuards(db),
  );

  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    throw await explainRefusal(db, participant);
  }
  const [moved] = await db.select().from(participants).where(eq(participants.id, participant.id)).limit(1);
  return moved!;
}

/** After a refused batch: the participant moved or left meanwhile, else the target had no place left. */
async function explainRefusal(db: Database, participant: ParticipantRecord): Promise<AppError> {
  const [row] = await db
    .select({ id: participants.id })
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(and(eq(participants.id, participant.id), eq(participants.ticketId, participant.ticketId), saleOrder()))
    .limit(1);
  if (!row) return refusal("conflict", "ticket-changed-meanwhile");
  return refusal("conflict", "ticket-sold-out", "sold_out");
}

/** A ticket type a participant may move to, for the edit screen: its title, price and the places its stock has left. */
export type TicketChoice = {
  id: number;
  title: string;
  price: number;
  /** Places left of the ticket's own stock (purchases and unexpired holds taken); null when unlimited. */
  remaining: number | null;
  hidden: boolean;
};

/**
 * The event's place-holding tickets that are not deleted, in display order, with what their stock has left at `now`.
 * The event capacity is left out: a move gives a place back before it takes one.
 */
export async function listTicketChoices(
  db: Database,
  event: { id: number; organizationId: number },
  now: number = Date.now(),
): Promise<TicketChoice[]> {
  const rows = await db
    .select({
      id: tickets.id,
      title: tickets.title,
      price: tickets.price,
      amount: tickets.amount,
      purchased: tickets.purchased,
      visibility: tickets.visibility,
      held: ticketHeldColumn(now),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.eventId, event.id),
        eq(tickets.organizationId, event.organizationId),
        eq(tickets.ticketType, "ticket"),
        ne(tickets.visibility, "deleted"),
      ),
    )
    .orderBy(asc(tickets.sort), asc(tickets.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    price: row.price,
    remaining: row.amount === -1 ? null : Math.max(0, row.amount - row.purchased - row.held),
    hidden: row.visibility === "hidden",
  }));
}

/** Why a ticket cannot be chosen on the edit screen: the holder's own, no place left, or another price on a paid order. */
export type TicketChoiceBlock = "current" | "sold-out" | "price";

/**
 * The choices of the edit screen's ticket select for one holder, each with what would refuse it (the same rules as
 * changeParticipantTicket, read at `now`). Null for an add-on holder or an order that no longer holds places.
 */
export async function participantTicketChoices(
  db: Database,
  participant: ParticipantRecord,
  now: number = Date.now(),
): Promise<(TicketChoice & { blocked: TicketChoiceBlock | null })[] | null> {
  if (participant.ticketType !== "ticket") return null;
  const event = { id: participant.eventId, organizationId: participant.organizationId };
  const [choices, [order], lines] = await Promise.all([
    listTicketChoices(db, event, now),
    db
      .select({ status: orders.status, amount: orders.amount })
      .from(orders)
      .where(and(eq(orders.id, participant.orderId), eq(orders.organizationId, participant.organizationId)))
      .limit(1),
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, participant.orderId), eq(orderItems.organizationId, event.organizationId))),
  ]);
  if (!order || !countsAsSale(order.status)) return null;
  const current = choices.find((choice) => choice.id === participant.ticketId);
  const listPrice = movedLine(lines, participant)?.unitPrice ?? current?.price ?? participant.price;
  return choices.map((choice) => ({
    ...choice,
    blocked:
      choice.id === participant.ticketId
        ? "current"
        : choice.remaining === 0
          ? "sold-out"
          : priceAllows(order.amount, listPrice, choice.price)
            ? null
            : "price",
  }));
}
