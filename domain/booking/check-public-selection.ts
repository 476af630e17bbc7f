import type { ChosenItem } from "../public-events/booking-form";
import type { PublicEvent } from "../public-events/get-public-event";
import { checkSelection, type SelectionIssue } from "./plan-order";

/**
 * The booking page's ticket choice checked by the rules the order is refused by (plan-order.ts `checkSelection`),
 * with each ticket's sale status as the public page derived it (places held by unpaid orders counted as taken), so a
 * choice that cannot be booked is named before the buyer fills any form. Tickets the page does not list are unknown.
 */
export function checkPublicSelection(
  event: Pick<PublicEvent, "tickets" | "addons">,
  items: ChosenItem[],
): SelectionIssue[] {
  const byId = new Map([...event.tickets, ...event.addons].map((ticket) => [ticket.id, ticket]));
  return checkSelection(
    items.map((item, index) => ({ ...item, at: index })),
    (ticketId) => {
      const ticket = byId.get(ticketId);
      return ticket ? { ticket, status: ticket.sale.status } : null;
    },
  ).issues;
}
