import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { bookingGuards } from "#db/schema";
import { heldOfEventTicketsSql, heldOfQuotaSql, heldOfTicketSql, heldOnDateSql } from "./held-places";

/*
 * The conditional SQL that keeps a sale from passing a ticket's stock, the event capacity or a promo code's uses.
 * D1 has no interactive transactions: a batch is atomic and runs its statements one after the other, so a condition
 * evaluated inside the batch sees every earlier write of the batch and no other writer in between. Places taken =
 * tickets.purchased (paid and manual orders) + the quantities of order items whose hold has not expired.
 */

/** A line of a sale as the guards see it: the ticket, its event and, on a multi-date event, its date. */
export type StockLine = {
  ticketId: number;
  eventId: number;
  /** The date the places are for (a per-date ticket of a multi-date event); null: single date, or a pass. */
  dateId?: number | null;
  /**
   * The event has dates (decision 0068): the line's dates must be on sale with room. Left out for a single-date
   * event, whose statements stay as they were.
   */
  dated?: boolean;
};

/**
 * SQL boolean: `quantity` more units of the ticket fit its own stock and, for a ticket (not an add-on), the event
 * capacity, counting purchases and unexpired holds at `at`; on a multi-date event, every date the line is for is on
 * sale and has room (`datesAllow`); and every quota the line draws on has room (`quotasAllow`). Holds already
 * written earlier in the same batch count.
 */
export function stockAllows(line: StockLine, quantity: number, at: number): SQL {
  const { ticketId, eventId } = line;
  const dated = line.dated || (line.dateId ?? null) !== null;
  return sql`${countedHere(eventId)} and (
    (select amount from tickets where id = ${ticketId}) = -1
    or (select purchased from tickets where id = ${ticketId}) + ${heldOfTicketSql(ticketId, at)} + ${quantity}
      <= (select amount from tickets where id = ${ticketId})
  ) and (
    (select ticket_type from tickets where id = ${ticketId}) <> 'ticket'
    or (select event_capacity from events where id = ${eventId}) = -1
    or coalesce((select sum(purchased) from tickets where event_id = ${eventId} and ticket_type = 'ticket'), 0)
      + ${heldOfEventTicketsSql(eventId, at)} + ${quantity} <= (select event_capacity from events where id = ${eventId})
  )${dated ? sql` and ${datesAllow(line, quantity, at)}` : sql``} and ${quotasAllow(line, quantity, at)}`;
}

/**
 * SQL boolean: the event's places are counted by this database (decision 0072). While the event's inventory Durable
 * Object counts them (`inventory_mode = 'object'`), every guard of D1 refuses: the object alone hands out places, and
 * its own copy of these tables says `database`, so the same guards decide there.
 */
export function countedHere(eventId: number | SQL): SQL {
  return sql`(select inventory_mode from events where id = ${eventId}) = 'database'`;
}

/**
 * SQL boolean, for a multi-date event (decision 0068): the dates the line is for are the event's, on sale, and have
 * room for `quantity` more places (tickets only: add-ons take no place). A per-date ticket is for its `dateId`, which
 * it must have; a pass (ticket_dates rows) for every date it covers.
 */
export function datesAllow(line: StockLine, quantity: number, at: number): SQL {
  const { ticketId, eventId } = line;
  const dateId = line.dateId ?? null;
  const isTicket = sql`(select ticket_type from tickets where id = ${ticketId}) = 'ticket'`;
  const pass = sql`exists (select 1 from ticket_dates where ticket_id = ${ticketId})`;
  const covered =
    dateId === null
      ? sql`d.id in (select date_id from ticket_dates where ticket_id = ${ticketId})`
      : sql`d.id = ${dateId}`;
  const dateIsValid =
    dateId === null
      ? // Without a date: a pass, an add-on (which takes no place), or an event that has no dates.
        sql`(${pass} or not ${isTicket} or not exists (select 1 from event_dates where event_id = ${eventId}))`
      : sql`(not ${pass} and exists (select 1 from event_dates where id = ${dateId} and event_id = ${eventId}
          and status = 'on_sale'))`;
  // A pass sells while none of its dates still held is closed or full; a cancelled evening of it is left out.
  return sql`(${dateIsValid} and not exists (select 1 from event_dates d where ${covered} and d.status <> 'cancelled'
    and (d.status = 'sold_out' or (${isTicket} and d.capacity <> -1
      and d.sold + ${heldOnDateSql(eventId, sql`d.id`, at)} + ${quantity} > d.capacity))))`;
}

/**
 * SQL boolean: every quota the line draws on has room for `quantity` more units (decision 0068). The line draws on
 * quota q when its ticket is one of q's and q is for every date, for the line's date, or for a date its pass covers.
 * sold (kept by triggers on participants) + unexpired holds + quantity must not pass q.size. An event without quotas
 * costs one probe of quotas_event_idx.
 */
export function quotasAllow(line: StockLine, quantity: number, at: number): SQL {
  const { ticketId, eventId } = line;
  const dateId = line.dateId ?? null;
  const forDate =
    dateId === null
      ? sql`q.date_id in (select date_id from ticket_dates where ticket_id = ${ticketId})`
      : sql`q.date_id = ${dateId}`;
  return sql`not exists (select 1 from quotas q where q.event_id = ${eventId}
    and q.id in (select quota_id from quota_tickets where ticket_id = ${ticketId})
    and (q.date_id is null or ${forDate})
    and q.sold + ${heldOfQuotaSql(sql`q`, at)} + ${quantity} > q.size)`;
}

/**
 * SQL boolean: a buyer may take places of the ticket without a waiting-list offer (docs/decisions/0059): its waiting
 * list is off, or nobody is waiting in it. People still `waiting` come first: places that free up go to them as offers
 * (domain/waiting-list/offer-waiting-list-places.ts), so a booking that finds a free place before the offers ran does
 * not take it from them. Read on waiting_list_ticket_status_idx.
 */
export function lineAllows(ticketId: number): SQL {
  return sql`(
    (select waiting_list from tickets where id = ${ticketId}) = 0
    or not exists (select 1 from waiting_list_entries where ticket_id = ${ticketId} and status = 'waiting')
  )`;
}

/**
 * SQL boolean: one more use of the promo code fits its maximum: use_count (confirmed orders) plus the pending orders
 * using it whose payment deadline is still ahead. `exceptOrderId` is left out of the count (the order being confirmed).
 */
export function promoAllows(promoCodeId: number, at: number, exceptOrderId?: number): SQL {
  const except = exceptOrderId === undefined ? sql`` : sql` and id <> ${exceptOrderId}`;
  return sql`(
    (select max_uses from promo_codes where id = ${promoCodeId}) = -1
    or (select use_count from promo_codes where id = ${promoCodeId})
      + (select count(*) from orders where promo_code_id = ${promoCodeId} and status = 'pending'
          and payable_until > ${at}${except})
      + 1 <= (select max_uses from promo_codes where id = ${promoCodeId})
  )`;
}

/**
 * A statement that fails the whole batch (the CHECK of booking_guards refuses 0), rolling back every write of it,
 * unless `condition` holds when the statement runs. End a batch that uses guards with `clearGuards`.
 */
export function guardStatement(db: Database, condition: SQL): BatchItem<"sqlite"> {
  // A query builder, not db.run: drizzle's D1 batch cannot bind the parameters of a raw statement.
  return db.insert(bookingGuards).select(sql`select case when ${condition} then 1 else 0 end`);
}

/** Removes the rows that passed guards wrote, so booking_guards stays empty. */
export function clearGuards(db: Database): BatchItem<"sqlite"> {
  return db.delete(bookingGuards);
}

/** True when a batch failed on a guard (it was rolled back: nothing it wrote remains). */
export function isGuardFailure(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (/booking_guards/i.test(message) || /CHECK constraint failed/i.test(message)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
