import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import type { Actor } from "../shared/actor";
import { notFound } from "../shared/app-error";
import { inEventScope } from "../events/event-access";
import { readTicketsWithStatus, type TicketWithStatus } from "./list-tickets";
import { planTicket } from "./plan-ticket";
import { loadTicketForActor } from "./ticket-access";
import { assertTicketTaxRate } from "./ticket-tax-rate";
import type { TicketFields } from "./ticket-input-schema";

/** Changes the given fields of a ticket or add-on (event:update); returns it with its derived status. */
export async function updateTicket(
  db: Database,
  actor: Actor,
  input: { eventId: number; ticketId: number; fields: TicketFields; now?: Date },
): Promise<TicketWithStatus> {
  const { event, ticket } = await loadTicketForActor(db, actor, input, "event:update");
  const changes = planTicket(ticket, input.fields);
  await assertTicketTaxRate(db, event.organizationId, input.fields.taxRateId, ticket.taxRateId);
  const now = input.now ?? new Date();
  const [row] = await db
    .update(tickets)
    .set({ ...changes, updatedAt: now })
    // Still this event's, still not deleted: a concurrent delete wins.
    .where(and(eq(tickets.id, ticket.id), inEventScope(tickets, event), ne(tickets.visibility, "deleted")))
    .returning({ id: tickets.id });
  if (!row) throw notFound("tickets:errors.not-found");
  return (await readTicketsWithStatus(db, event, now)).find((t) => t.id === row.id)!;
}
