import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import type { EventAction } from "../policy";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { inEventScope, loadEventForActor, type EventWithRoles } from "../events/event-access";
import type { TicketRow } from "../events/event-record";

/**
 * Loads a ticket of an event the actor may act on (`action` on the event). A deleted ticket, one of another event, or
 * an event out of reach answers not_found.
 */
export async function loadTicketForActor(
  db: Database,
  actor: Actor,
  input: { eventId: number; ticketId: number },
  action: EventAction,
): Promise<EventWithRoles & { ticket: TicketRow }> {
  const access = await loadEventForActor(db, actor, input.eventId, action);
  if (!Number.isSafeInteger(input.ticketId) || input.ticketId <= 0) throw notFound("tickets:errors.not-found");
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, input.ticketId), inEventScope(tickets, access.event), ne(tickets.visibility, "deleted")))
    .limit(1);
  if (!ticket) throw notFound("tickets:errors.not-found");
  return { ...access, ticket };
}
