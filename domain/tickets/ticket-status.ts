export type TicketSaleStatus = "sold_out" | "not_on_sale" | "hidden" | "on_sale";
export type TicketStatusExplanation =
  "event_has_ended" | "event_has_already_started" | "sales_havent_started_yet" | "sales_have_ended";
export type TicketStatusColor = "gray" | "red" | "green";

export type TicketStatusTicket = {
  ticketType: "ticket" | "addon";
  amount: number;
  purchased: number;
  /**
   * Units held by orders awaiting payment (unexpired holds, domain/booking/held-places.ts), when the caller read them:
   * they take places like purchases, as in the booking's conditional SQL (domain/booking/stock-sql.ts).
   */
  held?: number;
  sellStartAt: Date | number | null;
  sellEndAt: Date | number | null;
  visibility: "visible" | "hidden" | "deleted";
};

export type TicketStatusEvent = {
  startAt: Date | number | null;
  endAt: Date | number | null;
  eventCapacity: number;
  /**
   * The event has dates (docs/decisions/0068-event-dates-and-quotas.md): its start is its first date's, and each date
   * stops selling at its own start (domain/booking/plan-order.ts `checkItemDates`), so the event's start stops nothing.
   */
  hasDates?: boolean;
};

export type DerivedTicketStatus = {
  status: TicketSaleStatus;
  /** Why a ticket is not on sale; null for the other statuses. */
  explanation: TicketStatusExplanation | null;
  color: TicketStatusColor;
};

const toMs = (value: Date | number | null): number | null =>
  value === null ? null : typeof value === "number" ? value : value.getTime();

/** Purchases that count toward the event capacity: only ticket_type 'ticket' (spec §3). */
export function eventTicketsPurchased(
  tickets: readonly Pick<TicketStatusTicket, "ticketType" | "purchased">[],
): number {
  return tickets.reduce((sum, t) => (t.ticketType === "ticket" ? sum + t.purchased : sum), 0);
}

/** Places of a ticket's stock taken: its purchases plus its unexpired holds (when read). */
export function placesTaken(ticket: Pick<TicketStatusTicket, "purchased" | "held">): number {
  return ticket.purchased + (ticket.held ?? 0);
}

/**
 * Places of the event capacity taken: purchases and unexpired holds (when read) of ticket_type 'ticket' only
 * (spec §3), deleted tickets included: the event's count of `deriveTicketStatus` and `ticketRemaining` when the rows
 * carry their holds (the public event reads the event's holds by the type they were sold as instead, as stock-sql.ts).
 */
export function eventTicketsTaken(
  tickets: readonly Pick<TicketStatusTicket, "ticketType" | "purchased" | "held">[],
): number {
  return tickets.reduce((sum, t) => (t.ticketType === "ticket" ? sum + placesTaken(t) : sum), 0);
}

/**
 * Spec §4 derived status of a ticket or add-on, first match wins:
 * sold_out — purchased reached amount (amount ≠ -1), or for tickets the event capacity (≠ -1) is reached by the
 * purchases of all tickets; places held by unexpired pending orders count as purchased when the caller gives them
 * (`ticket.held`, and in `eventTicketsPurchased`), then sold out is exactly "the booking's conditional SQL refuses one
 * more unit"; not_on_sale — the event has ended, sales have not started, sales have ended, or the event has started
 * (selling stops at the start unless sales already ended before it, which then is the reason); hidden — visibility
 * hidden (or deleted); otherwise on_sale. Colours: gray sold out, red not on sale or hidden, green on sale.
 */
export function deriveTicketStatus(
  ticket: TicketStatusTicket,
  event: TicketStatusEvent,
  context: {
    /** Places of the event capacity taken: the tickets' purchases, plus their holds when counted (`eventTicketsTaken`). */
    eventTicketsPurchased: number;
    now?: Date | number;
  },
): DerivedTicketStatus {
  const now = toMs(context.now ?? Date.now())!;
  const ticketSoldOut = ticket.amount !== -1 && placesTaken(ticket) >= ticket.amount;
  const capacityReached =
    ticket.ticketType === "ticket" &&
    event.eventCapacity !== -1 &&
    context.eventTicketsPurchased >= event.eventCapacity;
  if (ticketSoldOut || capacityReached) return { status: "sold_out", explanation: null, color: "gray" };

  const explanation = notOnSaleReason(ticket, event, now);
  if (explanation) return { status: "not_on_sale", explanation, color: "red" };

  if (ticket.visibility !== "visible") return { status: "hidden", explanation: null, color: "red" };
  return { status: "on_sale", explanation: null, color: "green" };
}

/** Why a ticket is not on sale at `now` whatever its stock (the event's and the sales' dates), or null. */
export function notOnSaleReason(
  ticket: TicketStatusTicket,
  event: TicketStatusEvent,
  now: number,
): TicketStatusExplanation | null {
  const endAt = toMs(event.endAt);
  const startAt = toMs(event.startAt);
  const sellStartAt = toMs(ticket.sellStartAt);
  const sellEndAt = toMs(ticket.sellEndAt);
  if (endAt !== null && now >= endAt) return "event_has_ended";
  if (sellStartAt !== null && now < sellStartAt) return "sales_havent_started_yet";
  if (sellEndAt !== null && now >= sellEndAt) return "sales_have_ended";
  if (startAt !== null && now >= startAt && !event.hasDates) return "event_has_already_started";
  return null;
}

/**
 * Places left for a ticket: the smaller of its own stock and, for tickets, the event capacity left; `eventPurchased`
 * as in `deriveTicketStatus`. Null when both are unlimited (-1). With holds given, an order of n units passes the
 * booking's conditional SQL exactly when n ≤ this.
 */
export function ticketRemaining(
  ticket: Pick<TicketStatusTicket, "ticketType" | "amount" | "purchased" | "held">,
  event: Pick<TicketStatusEvent, "eventCapacity">,
  eventPurchased: number,
): number | null {
  const limits: number[] = [];
  if (ticket.amount !== -1) limits.push(ticket.amount - placesTaken(ticket));
  if (ticket.ticketType === "ticket" && event.eventCapacity !== -1) limits.push(event.eventCapacity - eventPurchased);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}

/** A ticket or add-on with its derived sale status and the places left (null = unlimited). */
export type WithTicketStatus<T> = T & { derived: DerivedTicketStatus; remaining: number | null };

/**
 * The statuses of an event's tickets, the one way every screen reckons them. `rows` are all the event's tickets,
 * deleted ones included: what a deleted ticket sold (or holds) still takes places of the event capacity. Rows that
 * carry `held` count their unexpired holds against their own stock. `eventTicketsHeld`, when read
 * (domain/booking/held-places.ts `heldOfEventTicketsSql`), is what the event's holds take of its capacity, counted by
 * the type each unit was sold as, exactly as the booking's conditional SQL counts them; without it the rows' own holds
 * count. Returns the tickets that are not deleted, in the given order.
 */
export function withTicketStatuses<T extends TicketStatusTicket>(
  rows: readonly T[],
  event: TicketStatusEvent,
  now: Date | number = Date.now(),
  eventTicketsHeld?: number,
): WithTicketStatus<T>[] {
  const purchased =
    eventTicketsHeld === undefined ? eventTicketsTaken(rows) : eventTicketsPurchased(rows) + eventTicketsHeld;
  return rows
    .filter((ticket) => ticket.visibility !== "deleted")
    .map((ticket) => ({
      ...ticket,
      derived: deriveTicketStatus(ticket, event, { eventTicketsPurchased: purchased, now }),
      remaining: ticketRemaining(ticket, event, purchased),
    }));
}
