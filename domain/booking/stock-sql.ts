import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { bookingGuards } from "#db/schema";
import { heldOfEventTicketsSql, heldOfTicketSql } from "./held-places";

/*
 * The conditional SQL that keeps a sale from passing a ticket's stock, the event capacity or a promo code's uses.
 * D1 has no interactive transactions: a batch is atomic and runs its statements one after the other, so a condition
 * evaluated inside the batch sees every earlier write of the batch and no other writer in between. Places taken =
 * tickets.purchased (paid and manual orders) + the quantities of order items whose hold has not expired.
 */

/**
 * SQL boolean: `quantity` more units of the ticket fit its own stock and, for a ticket (not an add-on), the event
 * capacity, counting purchases and unexpired holds at `at`. Holds already written earlier in the same batch count.
 */
export function stockAllows(ticket: { ticketId: number; eventId: number }, quantity: number, at: number): SQL {
  const { ticketId, eventId } = ticket;
  return sql`(
    (select amount from tickets where id = ${ticketId}) = -1
    or (select purchased from tickets where id = ${ticketId}) + ${heldOfTicketSql(ticketId, at)} + ${quantity}
      <= (select amount from tickets where id = ${ticketId})
  ) and (
    (select ticket_type from tickets where id = ${ticketId}) <> 'ticket'
    or (select event_capacity from events where id = ${eventId}) = -1
    or coalesce((select sum(purchased) from tickets where event_id = ${eventId} and ticket_type = 'ticket'), 0)
      + ${heldOfEventTicketsSql(eventId, at)} + ${quantity} <= (select event_capacity from events where id = ${eventId})
  )`;
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
