import { sql, type SQL } from "drizzle-orm";
import { heldOfEventTicketsSql, heldOfTicketSql } from "./held-places";
import { countedHere } from "./stock-sql";

/** What "unlimited" counts as where a number of free places is needed: more than any order or line can want. */
export const UNLIMITED_PLACES = 1_000_000_000;

/**
 * SQL integer: how many more units of the ticket one sale could take at `at`, from the same terms as `stockAllows`
 * (stock-sql.ts): the ticket's own stock (-1 unlimited) and, for a ticket (not an add-on), the event capacity (-1
 * unlimited), each minus its purchases and unexpired holds (order items and waiting-list offers). `stockAllows(q)`
 * holds exactly when q <= this (tests/unit/waiting-list-offers.test.ts checks it); 0 or less: nothing free.
 */
export function freePlacesSql(ticket: { ticketId: number; eventId: number }, at: number): SQL<number> {
  const { ticketId, eventId } = ticket;
  // While the event's inventory object counts its places, D1 has none to give (decision 0072).
  return sql<number>`case when not ${countedHere(eventId)} then 0 else min(
    case when (select amount from tickets where id = ${ticketId}) = -1 then ${UNLIMITED_PLACES}
      else (select amount from tickets where id = ${ticketId}) - (select purchased from tickets where id = ${ticketId})
        - ${heldOfTicketSql(ticketId, at)} end,
    case when (select ticket_type from tickets where id = ${ticketId}) <> 'ticket'
        or (select event_capacity from events where id = ${eventId}) = -1 then ${UNLIMITED_PLACES}
      else (select event_capacity from events where id = ${eventId})
        - coalesce((select sum(purchased) from tickets where event_id = ${eventId} and ticket_type = 'ticket'), 0)
        - ${heldOfEventTicketsSql(eventId, at)} end
  ) end`;
}
