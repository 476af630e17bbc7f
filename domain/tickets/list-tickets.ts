import { asc, desc } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import type { Actor } from "../shared/actor";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { EventRow, TicketRow } from "../events/event-record";
import { withTicketStatuses, type WithTicketStatus } from "./ticket-status";
import type { TicketType } from "./ticket-input-schema";

export type TicketWithStatus = WithTicketStatus<TicketRow>;

/** The event's tickets then add-ons that are not deleted, each list in display order, each with its derived status. */
export async function readTicketsWithStatus(
  db: Database,
  event: Pick<EventRow, "id" | "organizationId" | "startAt" | "endAt" | "eventCapacity">,
  now: Date = new Date(),
): Promise<TicketWithStatus[]> {
  const rows = await db
    .select()
    .from(tickets)
    .where(inEventScope(tickets, event))
    // "ticket" sorts after "addon": descending puts the tickets first.
    .orderBy(desc(tickets.ticketType), asc(tickets.sort), asc(tickets.id));
  return withTicketStatuses(rows, event, now);
}

/** GET tickets of an event (event:view): tickets first then add-ons, or only one type. */
export async function listTickets(
  db: Database,
  actor: Actor,
  input: { eventId: number; ticketType?: TicketType; now?: Date },
): Promise<{ event: EventRow; tickets: TicketWithStatus[] }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const all = await readTicketsWithStatus(db, event, input.now);
  return { event, tickets: input.ticketType ? all.filter((t) => t.ticketType === input.ticketType) : all };
}
