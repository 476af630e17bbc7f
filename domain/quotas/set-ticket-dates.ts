import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/database";
import { eventDates, participants, ticketDates, tickets } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { EventRow } from "../events/event-record";
import type { Actor } from "../shared/actor";
import { chunks } from "../shared/chunks";
import { AppError } from "../shared/app-error";
import { loadTicketForActor } from "../tickets/ticket-access";
import { recountQuotasSold } from "./put-quotas";
import { dateSoldCountSql } from "./quota-sql";

type Scope = Pick<EventRow, "id" | "organizationId">;

/** The dates of the event among `dateIds`, or a validation error on `date_ids` naming the first one that is not. */
export async function assertEventDateIds(db: Database, event: Scope, dateIds: number[]): Promise<void> {
  if (dateIds.length === 0) return;
  const rows = await db.select({ id: eventDates.id }).from(eventDates).where(inEventScope(eventDates, event));
  const known = new Set(rows.map((row) => row.id));
  if (dateIds.some((id) => !known.has(id)))
    throw new AppError("validation", "quotas:errors.dates-invalid", {
      fields: { date_ids: "quotas:errors.date-unknown" },
    });
}

/**
 * Checks `dateIds` before a ticket is created with them (event:update): the same refusals as `setTicketDates`, so a
 * refused creation writes nothing.
 */
export async function checkTicketDates(
  db: Database,
  actor: Actor,
  input: { eventId: number; dateIds: number[] },
): Promise<void> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  await assertEventDateIds(db, event, input.dateIds);
}

/** The pass dates of the event's tickets, ticket by ticket (a ticket sold per date has none). */
export async function ticketDateIdsOf(db: Database, event: Scope): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ ticketId: ticketDates.ticketId, dateId: ticketDates.dateId })
    .from(ticketDates)
    .innerJoin(tickets, eq(tickets.id, ticketDates.ticketId))
    .innerJoin(eventDates, eq(eventDates.id, ticketDates.dateId))
    .where(inEventScope(tickets, event))
    .orderBy(eventDates.startAt, eventDates.id);
  const byTicket = new Map<number, number[]>();
  for (const row of rows) byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), row.dateId]);
  return byTicket;
}

/**
 * Sets the dates a ticket is valid on (event:update, decision 0068): several make it a pass for those dates, none
 * sells it per date (the buyer picks one). Dates must be the event's. Once the ticket has sold, its dates no longer
 * change (conflict): its buyers bought those dates. In the same batch, `quotas.sold` and `event_dates.sold` of the
 * event are recounted from the participants, as the triggers would have kept them. Answers the ticket's dates.
 */
export async function setTicketDates(
  db: Database,
  actor: Actor,
  input: { eventId: number; ticketId: number; dateIds: number[] },
): Promise<{ dateIds: number[] }> {
  const { event, ticket } = await loadTicketForActor(db, actor, input, "event:update");
  const scope: Scope = { id: event.id, organizationId: event.organizationId };
  const wanted = [...new Set(input.dateIds)];
  await assertEventDateIds(db, scope, wanted);
  const [current, sold] = await db.batch([
    db.select({ dateId: ticketDates.dateId }).from(ticketDates).where(eq(ticketDates.ticketId, ticket.id)),
    db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.ticketId, ticket.id), inEventScope(participants, scope)))
      .limit(1),
  ]);
  const before = new Set(current.map((row) => row.dateId));
  if (before.size === wanted.length && wanted.every((id) => before.has(id))) return { dateIds: wanted };
  if (ticket.purchased > 0 || sold.length > 0)
    throw new AppError("conflict", "quotas:errors.pass-dates-sold", {
      fields: { date_ids: "quotas:errors.pass-dates-sold" },
    });

  const statements: BatchItem<"sqlite">[] = [db.delete(ticketDates).where(eq(ticketDates.ticketId, ticket.id))];
  // D1 binds at most 100 parameters per statement: a pass over many dates is written in slices.
  for (const slice of chunks(wanted)) {
    statements.push(
      db.insert(ticketDates).select(
        db
          .select({ ticketId: sql<number>`${ticket.id}`.as("ticket_id"), dateId: eventDates.id })
          .from(eventDates)
          .where(and(inArray(eventDates.id, slice), inEventScope(eventDates, scope))),
      ),
    );
  }
  statements.push(
    recountQuotasSold(db, scope),
    db.update(eventDates).set({ sold: dateSoldCountSql }).where(inEventScope(eventDates, scope)),
    db
      .update(tickets)
      .set({ updatedAt: new Date() })
      .where(and(eq(tickets.id, ticket.id), inEventScope(tickets, scope), ne(tickets.visibility, "deleted"))),
  );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { dateIds: wanted };
}
