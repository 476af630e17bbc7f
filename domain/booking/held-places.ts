import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderItems } from "#db/schema";

/**
 * Units of one ticket held at `at`: by order items awaiting payment (unexpired holds) and by waiting-list offers
 * (`offeredOfTicketSql`), 0 when none: what
 * domain/booking/stock-sql.ts adds to `tickets.purchased` before letting a sale pass. `ticketId` is a number or
 * `TICKET_ROW_ID`, the row of an outer select of `tickets`, so a read of an event's tickets carries each one's holds in
 * the same statement. Read on the covering index order_items_ticket_held_idx (ticket_id, held_until, quantity).
 * Names are written out qualified: drizzle leaves a column unqualified in a one-table select, where `id` would
 * then be the order item's own.
 */
export function heldOfTicketSql(ticketId: number | SQL, at: number): SQL<number> {
  return sql<number>`(coalesce((select sum(order_items.quantity) from order_items where order_items.ticket_id = ${ticketId} and order_items.held_until > ${at}), 0)
    + ${offeredOfTicketSql(ticketId, at)})`;
}

/**
 * Places of one ticket held by waiting-list offers at `at` (status offered, deadline ahead; docs/decisions/0059), 0
 * when none: part of `heldOfTicketSql`, so every reader of a ticket's holds sees them. Read on the covering index
 * waiting_list_ticket_offer_idx (ticket_id, status, offer_expires_at, offered_quantity).
 */
export function offeredOfTicketSql(ticketId: number | SQL, at: number): SQL<number> {
  return sql<number>`coalesce((select sum(waiting_list_entries.offered_quantity) from waiting_list_entries where waiting_list_entries.ticket_id = ${ticketId} and waiting_list_entries.status = 'offered' and waiting_list_entries.offer_expires_at > ${at}), 0)`;
}

/**
 * Units of an event's tickets (not add-ons, by the type the order item was sold as) held at `at` by unexpired order
 * items and by waiting-list offers (tickets only have a list): what domain/booking/stock-sql.ts adds to the tickets'
 * purchases against the event capacity. Read on the covering indexes order_items_event_held_idx (event_id, held_until,
 * ticket_type, quantity) and waiting_list_event_offer_idx (event_id, status, offer_expires_at, offered_quantity).
 */
export function heldOfEventTicketsSql(eventId: number | SQL, at: number): SQL<number> {
  return sql<number>`(coalesce((select sum(order_items.quantity) from order_items where order_items.event_id = ${eventId} and order_items.held_until > ${at} and order_items.ticket_type = 'ticket'), 0)
    + coalesce((select sum(waiting_list_entries.offered_quantity) from waiting_list_entries where waiting_list_entries.event_id = ${eventId} and waiting_list_entries.status = 'offered' and waiting_list_entries.offer_expires_at > ${at}), 0))`;
}

/**
 * Places of the date `dateSql` (a correlated column or a number) of the event `eventId` (the same) held at `at`: unexpired order items of tickets (not
 * add-ons) for that date, and those of passes covering it (their items have no date). Read on
 * order_items_event_date_held_idx (event_id, date_id, held_until, ticket_type, quantity).
 */
export function heldOnDateSql(eventId: number | SQL, dateSql: SQL | number, at: number): SQL<number> {
  return sql<number>`(coalesce((select sum(h.quantity) from order_items h where h.event_id = ${eventId} and h.date_id = ${dateSql}
        and h.held_until > ${at} and h.ticket_type = 'ticket'), 0)
    + coalesce((select sum(h.quantity) from order_items h where h.event_id = ${eventId} and h.date_id is null
        and h.held_until > ${at} and h.ticket_type = 'ticket'
        and h.ticket_id in (select td.ticket_id from ticket_dates td where td.date_id = ${dateSql})), 0))`;
}

/**
 * Places of the quota `quota` (the correlated row of `quotas`: its name or alias) held at `at`: unexpired order items of its tickets for its date, or for
 * every date when it has none, and those of passes covering its date. Each part reads an index range:
 * order_items_ticket_held_idx or order_items_ticket_date_held_idx.
 */
export function heldOfQuotaSql(quota: SQL, at: number): SQL<number> {
  return sql<number>`(case when ${quota}.date_id is null then
      coalesce((select sum(h.quantity) from quota_tickets qt join order_items h on h.ticket_id = qt.ticket_id
        where qt.quota_id = ${quota}.id and h.held_until > ${at}), 0)
    else
      coalesce((select sum(h.quantity) from quota_tickets qt join order_items h on h.ticket_id = qt.ticket_id
        where qt.quota_id = ${quota}.id and h.date_id = ${quota}.date_id and h.held_until > ${at}), 0)
      + coalesce((select sum(h.quantity) from quota_tickets qt join order_items h on h.ticket_id = qt.ticket_id
        where qt.quota_id = ${quota}.id and h.date_id is null and h.held_until > ${at}
          and exists (select 1 from ticket_dates td where td.ticket_id = h.ticket_id and td.date_id = ${quota}.date_id)), 0)
    end)`;
}

/** The id of the current row of an outer select from `tickets`, for `heldOfTicketSql`. */
const TICKET_ROW_ID = sql.raw("tickets.id");

/**
 * The column to add to a select of `tickets`: that row's unexpired holds at `at` (see `heldOfTicketSql`). Aliased:
 * inside a D1 batch a result column is known by its name.
 */
export function ticketHeldColumn(at: number) {
  return heldOfTicketSql(TICKET_ROW_ID, at).mapWith(Number).as("held_places");
}

/**
 * Places of an event's tickets held by orders awaiting payment at `now` (unexpired holds), per ticket: order items
 * only, not waiting-list offers. A screen that shows what is left reads `ticketHeldColumn` instead, which counts both.
 * Returns a query, so it can go into the caller's read batch; read it with `heldPlacesByTicket`.
 */
export function heldPlacesQuery(db: Database, eventId: number, now: number = Date.now()) {
  return db
    .select({ ticketId: orderItems.ticketId, held: sql<number>`sum(${orderItems.quantity})` })
    .from(orderItems)
    .where(and(eq(orderItems.eventId, eventId), gt(orderItems.heldUntil, new Date(now))))
    .groupBy(orderItems.ticketId);
}

export function heldPlacesByTicket(rows: { ticketId: number; held: number }[]): Map<number, number> {
  return new Map(rows.map((row) => [row.ticketId, Number(row.held)]));
}

/**
 * SQL text of an event's unexpired holds at `at`, ticket by ticket (`id:units,` for each ticket holding any, in id
 * order), or null when nothing is held: a cache version that changes whenever a hold is placed, paid, released or
 * runs out, and only then. Per ticket rather than one sum, so a hold running out on one ticket while another ticket
 * gets as many units still changes it.
 */
export function eventHeldFingerprintSql(eventId: number, at: number): SQL<string | null> {
  return sql<string | null>`(select group_concat(held_ticket_id || ':' || held, ',') from (
    select tickets.id as held_ticket_id, ${heldOfTicketSql(TICKET_ROW_ID, at)} as held
    from tickets where tickets.event_id = ${eventId} order by tickets.id
  ) where held > 0)`;
}
