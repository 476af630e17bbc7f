import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, orders, participants, participationForms, type EventRole } from "#db/schema";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { eventPermissions, inEventScope, loadEventForActor, type EventPermissions } from "./event-access";
import { toEventRecord, type EventRecord, type ParticipationFormRow, type TicketRow } from "./event-record";
import { PARTICIPANT_ORDER_STATUSES, paymentStatus, type OrderBuyerAndMoney } from "../orders/order-status";
import { readEventTickets, type TicketWithStatus } from "../tickets/list-tickets";
import type { DerivedTicketStatus } from "../tickets/ticket-status";

/** A ticket or add-on with its derived sale status (spec §4) and the places left (null = unlimited). */
export type EventTicket = TicketRow & { derived: DerivedTicketStatus; remaining: number | null };

export type EventParticipantSummary = {
  id: number;
  eventId: number;
  orderId: number;
  /**
   * The order's access token: the tickets link's key (spec §3 Participant access_token, §7 'Copy tickets link'). The
   * participant's own token stays inside: it is the secret of its QR code (domain/tickets/ticket-token.ts).
   */
  orderAccessToken: string;
  ticketId: number;
  firstName: string;
  lastName: string;
  email: string;
  ticketTitle: string;
  ticketType: "ticket" | "addon";
  price: number;
  promoCodeKey: string | null;
  lastValidationAt: Date | null;
  eventDate: Date | null;
  createdAt: Date;
  /** The participant's date on a multi-date event (decision 0068). */
  dateId: number | null;
};

export type EventPaymentSummary = OrderBuyerAndMoney & {
  eventId: number;
  /** The tickets link's key (spec §7 'Copy tickets link'), as on the order page. */
  accessToken: string;
  paidAt: Date | null;
  payableUntil: Date | null;
  createdAt: Date;
  /** The date of the order's places when they share one, on a multi-date event (decision 0068). */
  dateId: number | null;
};

/** The columns of an EventParticipantSummary (participants joined to their order), for every list of them. */
export const participantSummaryColumns = {
  id: participants.id,
  eventId: participants.eventId,
  orderId: participants.orderId,
  orderAccessToken: orders.accessToken,
  ticketId: participants.ticketId,
  firstName: participants.firstName,
  lastName: participants.lastName,
  email: participants.email,
  ticketTitle: participants.ticketTitle,
  ticketType: participants.ticketType,
  price: participants.price,
  promoCodeKey: participants.promoCodeKey,
  lastValidationAt: participants.lastValidationAt,
  eventDate: participants.eventDate,
  createdAt: participants.createdAt,
  dateId: participants.dateId,
};

/** The columns of an EventPaymentSummary before its displayed status is derived (paymentStatus). */
export const paymentSummaryColumns = {
  id: orders.id,
  eventId: orders.eventId,
  accessToken: orders.accessToken,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  amount: orders.amount,
  fees: orders.fees,
  netAmount: orders.netAmount,
  status: orders.status,
  checkoutTime: orders.checkoutTime,
  paidAt: orders.paidAt,
  payableUntil: orders.payableUntil,
  createdAt: orders.createdAt,
  dateId: orders.dateId,
};

export type EventCounts = {
  /** Participants holding a 'ticket' (add-ons excluded) in orders that are not cancelled, expired or refunded. */
  participants: number;
  /** Orders that are not cancelled, expired or refunded. */
  orders: number;
  /** Entry scans (in and out). */
  entries: number;
  /** Sum of `purchased` of the 'ticket' tickets: what counts toward the event capacity. */
  ticketsPurchased: number;
};

export type EventDetail = {
  event: EventRecord;
  /** Non-deleted tickets of type 'ticket', in display order. */
  tickets: EventTicket[];
  /** Non-deleted add-ons, in display order. */
  addons: EventTicket[];
  participationForms: ParticipationFormRow[];
  counts: EventCounts;
  eventRoles: EventRole[];
  permissions: EventPermissions;
  /** Only when asked with `include.participants` (first N by id). */
  participants?: EventParticipantSummary[];
  /** Only when asked with `include.payments` (first N by id). */
  payments?: EventPaymentSummary[];
};

/** The full event for the event area and the API (event:view). */
export async function getEvent(
  db: Database,
  actor: Actor,
  input: { eventId: number; include?: { participants?: number; payments?: number }; now?: Date },
): Promise<EventDetail> {
  const { event, eventRoles, scope: eventScope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const now = input.now ?? new Date();
  const scope = (table: Parameters<typeof inEventScope>[0]) => inEventScope(table, event);

  // Statuses and places left as the public page and the booking reckon them: places held by unpaid orders count.
  const [{ tickets: ticketRows, capacityTaken }, formRows, [participantCount], [orderCount], [entryCount]] =
    await Promise.all([
      readEventTickets(db, event, now),
      db.select().from(participationForms).where(scope(participationForms)).orderBy(asc(participationForms.formType)),
      db
        .select({ value: count() })
        .from(participants)
        .innerJoin(orders, eq(orders.id, participants.orderId))
        .where(
          and(
            scope(participants),
            eq(participants.ticketType, "ticket"),
            inArray(orders.status, [...PARTICIPANT_ORDER_STATUSES]),
          ),
        ),
      db
        .select({ value: count() })
        .from(orders)
        .where(and(scope(orders), inArray(orders.status, [...PARTICIPANT_ORDER_STATUSES]))),
      db.select({ value: count() }).from(entries).where(scope(entries)),
    ]);

  const withStatus = ({ held: _, ...ticket }: TicketWithStatus): EventTicket => ticket;

  const detail: EventDetail = {
    event: toEventRecord(event),
    tickets: ticketRows.filter((t) => t.ticketType === "ticket").map(withStatus),
    addons: ticketRows.filter((t) => t.ticketType === "addon").map(withStatus),
    participationForms: formRows,
    counts: {
      participants: participantCount?.value ?? 0,
      orders: orderCount?.value ?? 0,
      entries: entryCount?.value ?? 0,
      // Deleted tickets were sold too: their purchases still take places of the event capacity.
      ticketsPurchased: capacityTaken.purchased,
    },
    eventRoles,
    permissions: eventPermissions(actor, eventScope),
  };

  // Participants and payments are sales data: only for who may read them (an API key needs orders:read).
  const salesVisible = canOnEvent(actor, "event:view-sales", eventScope);
  const participantLimit = salesVisible ? clampLimit(input.include?.participants) : 0;
  if (participantLimit > 0) {
    detail.participants = await db
      .select(participantSummaryColumns)
      .from(participants)
      .innerJoin(orders, eq(orders.id, participants.orderId))
      .where(scope(participants))
      .orderBy(asc(participants.id))
      .limit(participantLimit);
  }
  const paymentLimit = salesVisible ? clampLimit(input.include?.payments) : 0;
  if (paymentLimit > 0) {
    const rows = await db
      .select(paymentSummaryColumns)
      .from(orders)
      .where(scope(orders))
      .orderBy(asc(orders.id))
      .limit(paymentLimit);
    detail.payments = rows.map((row) => ({ ...row, status: paymentStatus(row, now) }));
  }
  return detail;
}

function clampLimit(limit: number | undefined): number {
  if (!limit || !Number.isFinite(limit)) return 0;
  return Math.max(0, Math.min(500, Math.floor(limit)));
}
