import { asc, desc, getTableColumns } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import { heldOfEventTicketsSql, ticketHeldColumn } from "../booking/held-places";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { EventRow, TicketRow } from "../events/event-record";
import { eventTicketsPurchased, withTicketStatuses, type WithTicketStatus } from "./ticket-status";
import type { TicketType } from "#db/schema";

/** A ticket with its places held by unpaid orders (unexpired holds), its derived status and the places left. */
export type TicketWithStatus = WithTicketStatus<TicketRow & { held: number }>;

type EventOfTickets = Pick<EventRow, "id" | "organizationId" | "startAt" | "endAt" | "eventCapacity">;

/**
 * The event's tickets, deleted ones included, each with its unexpired holds at `at` and the event's holds against its
 * capacity: the booking's own SQL pieces (domain/booking/held-places.ts), read on their covering indexes. The event's
 * holds do not depend on the row: SQLite reckons that subquery once per statement.
 */
export function ticketsWithHoldsQuery(db: Database, event: Pick<EventRow, "id" | "organizationId">, at: number) {
  return (
    db
      .select({
        ...getTableColumns(tickets),
        held: ticketHeldColumn(at),
        eventTicketsHeld: heldOfEventTicketsSql(event.id, at).mapWith(Number).as("event_tickets_held"),
      })
      .from(tickets)
      .where(inEventScope(tickets, event))
      // "ticket" sorts after "addon": descending puts the tickets first.
      .orderBy(desc(tickets.ticketType), asc(tickets.sort), asc(tickets.id))
  );
}

/** The event's tickets with their statuses, and what the event capacity has taken. */
export type EventTicketsWithStatus = {
  tickets: TicketWithStatus[];
  /** Places of the event capacity taken: sales of its tickets (deleted ones included) and unexpired holds. */
  capacityTaken: { purchased: number; held: number };
};

/**
 * The event's tickets then add-ons that are not deleted, each list in display order, each with its derived status.
 * Places held by unpaid orders whose payment deadline is ahead are taken, as on the public page and in the booking:
 * the back office says sold out exactly when a buyer would be refused.
 */
export async function readEventTickets(
  db: Database,
  event: EventOfTickets,
  now: Date = new Date(),
): Promise<EventTicketsWithStatus> {
  const rows = await ticketsWithHoldsQuery(db, event, now.getTime());
  const eventTicketsHeld = rows[0]?.eventTicketsHeld ?? 0;
  const withHolds = rows.map(({ eventTicketsHeld: _, ...ticket }) => ticket);
  return {
    tickets: withTicketStatuses(withHolds, event, now, eventTicketsHeld),
    capacityTaken: { purchased: eventTicketsPurchased(withHolds), held: eventTicketsHeld },
  };
}

/** {@link readEventTickets}' tickets alone. */
export async function readTicketsWithStatus(
  db: Database,
  event: EventOfTickets,
  now: Date = new Date(),
): Promise<TicketWithStatus[]> {
  return (await readEventTickets(db, event, now)).tickets;
}

/** GET tickets of an event (event:view): tickets first then add-ons, or only one type. */
export async function listTickets(
  db: Database,
  actor: Actor,
  input: { eventId: number; ticketType?: TicketType; now?: Date },
): Promise<{ event: EventRow } & EventTicketsWithStatus> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const { tickets: all, capacityTaken } = await readEventTickets(db, event, input.now);
  return {
    event,
    tickets: input.ticketType ? all.filter((t) => t.ticketType === input.ticketType) : all,
    capacityTaken,
  };
}
