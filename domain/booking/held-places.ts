import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { orderItems } from "#db/schema";

/**
 * Places of an event's tickets held by orders awaiting payment at `now` (unexpired holds), per ticket. A screen that
 * shows what is left adds these to `tickets.purchased` (domain/tickets/ticket-status.ts counts purchases only).
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
