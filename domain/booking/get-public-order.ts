import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderItems, orders, participants, tickets } from "#db/schema";
import { constantTimeEqual } from "../shared/crypto";
import { notFound } from "../shared/app-error";
import type { SigningEnv } from "../shared/signing-secret";
import { signTicketToken } from "../tickets/ticket-token";

/** Path of the buyer's order and tickets page (H4): the order id and its access token. */
export function orderTicketsPath(order: { id: number; accessToken: string }): string {
  return `/orders/${order.id}?token=${encodeURIComponent(order.accessToken)}`;
}

export type PublicOrderJson = {
  id: number;
  event_id: number;
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  amount: number;
  fees: number;
  promo_code: string | null;
  locale: string;
  created_at: string;
  payable_until: string | null;
  paid_at: string | null;
  tickets_url: string;
  items: {
    ticket_id: number;
    ticket_type: string;
    title: string;
    quantity: number;
    unit_price: number;
    discount: number;
    fees: number;
    fees_type: string;
  }[];
  participants: {
    id: number;
    ticket_id: number;
    ticket_title: string;
    ticket_type: string;
    first_name: string;
    last_name: string;
    email: string;
    price: number;
    ticket_token: string;
  }[];
};

/**
 * GET /api/public/orders/:id?token= (issue 10 §2): the order, its lines and its participants each with the signed
 * token its QR code holds. The access token is the only key: a wrong one answers 404 like a missing order.
 */
export async function getPublicOrder(
  db: Database,
  env: SigningEnv,
  input: { orderId: number; token: string | null | undefined; now?: number },
): Promise<PublicOrderJson> {
  const now = input.now ?? Date.now();
  const [orderRows, itemRows, participantRows] = await db.batch([
    db.select().from(orders).where(eq(orders.id, input.orderId)).limit(1),
    db
      .select({
        itemTicketId: orderItems.ticketId,
        itemTicketType: orderItems.ticketType,
        itemTitle: tickets.title,
        itemQuantity: orderItems.quantity,
        itemUnitPrice: orderItems.unitPrice,
        itemDiscount: orderItems.discount,
        itemFees: orderItems.fees,
        itemFeesType: orderItems.feesType,
      })
      .from(orderItems)
      .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
      .where(eq(orderItems.orderId, input.orderId))
      .orderBy(asc(orderItems.id)),
    db.select().from(participants).where(eq(participants.orderId, input.orderId)).orderBy(asc(participants.id)),
  ]);
  const order = orderRows[0];
  if (!order || !input.token || !constantTimeEqual(input.token, order.accessToken))
    throw notFound("booking:errors.order-not-found");
  return {
    id: order.id,
    event_id: order.eventId,
    // Spec §4: a pending order past its payment deadline is expired, even before the cron marks it.
    status:
      order.status === "pending" && order.payableUntil && order.payableUntil.getTime() <= now
        ? "expired"
        : order.status,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    amount: order.amount,
    fees: order.fees,
    promo_code: order.promoCodeKey,
    locale: order.locale,
    created_at: order.createdAt.toISOString(),
    payable_until: order.payableUntil?.toISOString() ?? null,
    paid_at: order.paidAt?.toISOString() ?? null,
    tickets_url: orderTicketsPath(order),
    items: itemRows.map((item) => ({
      ticket_id: item.itemTicketId,
      ticket_type: item.itemTicketType,
      title: item.itemTitle,
      quantity: item.itemQuantity,
      unit_price: item.itemUnitPrice,
      discount: item.itemDiscount,
      fees: item.itemFees,
      fees_type: item.itemFeesType,
    })),
    participants: participantRows
      .filter((participant) => participant.organizationId === order.organizationId)
      .map((participant) => ({
        id: participant.id,
        ticket_id: participant.ticketId,
        ticket_title: participant.ticketTitle,
        ticket_type: participant.ticketType,
        first_name: participant.firstName,
        last_name: participant.lastName,
        email: participant.email,
        price: participant.price,
        ticket_token: signTicketToken(env, {
          eventId: participant.eventId,
          participantId: participant.id,
          accessToken: participant.accessToken,
        }),
      })),
  };
}
