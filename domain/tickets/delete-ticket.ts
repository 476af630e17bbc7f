import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { inEventScope } from "../events/event-access";
import { loadTicketForActor } from "./ticket-access";

/**
 * Deletes a ticket or add-on (event:update) softly: visibility becomes 'deleted', so the participants and orders of a
 * sold ticket keep it, and its purchases keep their places of the event capacity. It no longer shows anywhere.
 */
export async function deleteTicket(
  db: Database,
  actor: Actor,
  input: { eventId: number; ticketId: number; now?: Date },
): Promise<{ id: number }> {
  const { event, ticket } = await loadTicketForActor(db, actor, input, "event:update");
  const [row] = await db
    .update(tickets)
    .set({ visibility: "deleted", updatedAt: input.now ?? new Date() })
    .where(and(eq(tickets.id, ticket.id), inEventScope(tickets, event), ne(tickets.visibility, "deleted")))
    .returning({ id: tickets.id });
  if (!row) throw notFound("tickets:errors.not-found");
  return row;
}
