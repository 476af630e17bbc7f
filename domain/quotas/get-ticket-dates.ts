import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates, participants, ticketDates, type EventDateStatus } from "#db/schema";
import { inEventScope } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { loadTicketForActor } from "../tickets/ticket-access";

export type TicketDates = {
  /** The event's dates, first first: none on a single-date event. */
  dates: { id: number; startAt: Date; status: EventDateStatus }[];
  /** The dates the ticket is a pass for; [] when it is sold per date. */
  dateIds: number[];
  /** Sold already: its dates no longer change (setTicketDates refuses). */
  locked: boolean;
};

/** What the ticket form's « Valable pour » shows (event:view): the event's dates and the ticket's, in one batch. */
export async function getTicketDates(
  db: Database,
  actor: Actor,
  input: { eventId: number; ticketId: number },
): Promise<TicketDates> {
  const { event, ticket } = await loadTicketForActor(db, actor, input, "event:view");
  const scope = { id: event.id, organizationId: event.organizationId };
  const [dates, chosen, sold] = await db.batch([
    db
      .select({ id: eventDates.id, startAt: eventDates.startAt, status: eventDates.status })
      .from(eventDates)
      .where(inEventScope(eventDates, scope))
      .orderBy(asc(eventDates.startAt), asc(eventDates.id)),
    db.select({ dateId: ticketDates.dateId }).from(ticketDates).where(eq(ticketDates.ticketId, ticket.id)),
    db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.ticketId, ticket.id), inEventScope(participants, scope)))
      .limit(1),
  ]);
  const chosenIds = new Set(chosen.map((row) => row.dateId));
  return {
    dates,
    dateIds: dates.filter((date) => chosenIds.has(date.id)).map((date) => date.id),
    locked: ticket.purchased > 0 || sold.length > 0,
  };
}
