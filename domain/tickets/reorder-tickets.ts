import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { tickets } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { readTicketsWithStatus, type TicketWithStatus } from "./list-tickets";

const refuse = (messageKey: string) =>
  new AppError("validation", "tickets:errors.invalid-input", { fields: { ids: messageKey } });

/**
 * Puts tickets in the given order (event:update): `ids` lists, without repeats, every ticket of the types it names
 * (all the tickets, all the add-ons, or both lists one after the other); each gets its position as `sort`. All the
 * writes go in one batch: the order changes whole or not at all. Returns the event's tickets in their new order.
 */
export async function reorderTickets(
  db: Database,
  actor: Actor,
  input: { eventId: number; ids: number[]; now?: Date },
): Promise<TicketWithStatus[]> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  if (input.ids.length === 0 || new Set(input.ids).size !== input.ids.length)
    throw refuse("tickets:errors.order-invalid");
  const live = await db
    .select({ id: tickets.id, ticketType: tickets.ticketType })
    .from(tickets)
    .where(and(inEventScope(tickets, event), ne(tickets.visibility, "deleted")));
  const typeOf = new Map(live.map((t) => [t.id, t.ticketType]));
  if (input.ids.some((id) => !typeOf.has(id))) throw refuse("tickets:errors.order-unknown-ticket");
  const types = new Set(input.ids.map((id) => typeOf.get(id)));
  const expected = live.filter((t) => types.has(t.ticketType)).length;
  if (expected !== input.ids.length) throw refuse("tickets:errors.order-incomplete");

  const now = input.now ?? new Date();
  const [first, ...rest] = input.ids.map((id, position) =>
    db
      .update(tickets)
      .set({ sort: position, updatedAt: now })
      .where(and(eq(tickets.id, id), inEventScope(tickets, event))),
  );
  await db.batch([first!, ...rest]);
  return readTicketsWithStatus(db, event, now);
}
