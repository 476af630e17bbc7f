import { and, eq, gt, sum } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, orderItems } from "#db/schema";
import { loadManualOrderContext } from "../manual-orders/load-manual-order-context";
import type { Actor } from "../shared/actor";
import { draftEventSendRefused, reserveEmailSends } from "../emails/email-quota";
import { AppError } from "../shared/app-error";

/**
 * The import's first call: the whole file's places per ticket against what is left (each ticket's stock and the
 * event capacity, counting purchases and unexpired holds like a sale), before any chunk is written. A file that would
 * oversell is refused whole here (conflict participant-import:errors.sold-out); each chunk's batch then re-checks
 * atomically, so a sale landing between two chunks can still stop the rest (docs/decisions/0018-check-ins-and-participant-import.md).
 * With `emails` (the file's rows, when the organizer asked for confirmation emails), the whole file's sends are
 * reserved against the daily email quota here, before anything is written: refused whole past it or on a draft event
 * (docs/decisions/0038-email-quota.md). The answer's `emailReservation` goes with every chunk.
 */
export async function checkImportCapacity(
  db: Database,
  actor: Actor,
  input: { eventId: number; totals: { ticketId: number; quantity: number }[]; emails?: number; now?: number },
): Promise<{ ok: true; emailReservation: string | null }> {
  const context = await loadManualOrderContext(db, actor, input.eventId);
  const emails = input.emails ?? 0;
  if (emails > 0 && context.event.status === "draft") throw draftEventSendRefused();
  const now = input.now ?? Date.now();
  const heldByTicket = new Map(
    (
      await db
        .select({ ticketId: orderItems.ticketId, held: sum(orderItems.quantity).mapWith(Number) })
        .from(orderItems)
        .where(and(eq(orderItems.eventId, context.event.id), gt(orderItems.heldUntil, new Date(now))))
        .groupBy(orderItems.ticketId)
    ).map((row) => [row.ticketId, row.held]),
  );
  const [capacity] = await db
    .select({ eventCapacity: events.eventCapacity })
    .from(events)
    .where(eq(events.id, context.event.id));
  let ticketPlacesTaken = 0;
  let ticketPlacesAsked = 0;
  for (const ticket of context.tickets) {
    const taken = ticket.purchased + (heldByTicket.get(ticket.id) ?? 0);
    if (ticket.ticketType === "ticket") ticketPlacesTaken += taken;
  }
  for (const { ticketId, quantity } of input.totals) {
    const ticket = context.tickets.find((t) => t.id === ticketId);
    if (!ticket) throw new AppError("validation", "participant-import:errors.ticket-unknown");
    const taken = ticket.purchased + (heldByTicket.get(ticket.id) ?? 0);
    if (ticket.amount !== -1 && taken + quantity > ticket.amount) throw soldOut(ticketId);
    if (ticket.ticketType === "ticket") ticketPlacesAsked += quantity;
  }
  const limit = capacity?.eventCapacity ?? -1;
  if (limit !== -1 && ticketPlacesTaken + ticketPlacesAsked > limit) throw soldOut();
  const emailReservation =
    emails > 0
      ? await reserveEmailSends(db, {
          organizationId: context.event.organizationId,
          eventId: context.event.id,
          count: emails,
          now,
        })
      : null;
  return { ok: true, emailReservation };
}

function soldOut(ticketId?: number) {
  return new AppError("conflict", "participant-import:errors.sold-out", {
    reason: "sold_out",
    details: ticketId === undefined ? {} : { ticketId },
  });
}
