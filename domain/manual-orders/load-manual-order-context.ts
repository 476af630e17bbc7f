import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates, ticketDates, tickets, type EventDateStatus } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import type { ManualOrderEvent, ManualOrderTicket } from "./manual-orders-statements";

export type ManualOrderContext = {
  event: ManualOrderEvent & { title: string; status: string };
  /** The event's tickets and add-ons that are not deleted: what a manual order may name. */
  tickets: (ManualOrderTicket & { amount: number; purchased: number })[];
  ticketsById: Map<number, ManualOrderTicket>;
  /** A multi-date event's dates (decision 0068), and the passes' dates by ticket; empty for a single date. */
  dates: { id: number; startAt: number; status: EventDateStatus }[];
  passTicketIds: Set<number>;
};

/** The event (the actor needs event:manage-sales; another organization's answers 404) and its tickets. */
export async function loadManualOrderContext(db: Database, actor: Actor, eventId: number): Promise<ManualOrderContext> {
  const { event } = await loadEventForActor(db, actor, eventId, "event:manage-sales");
  const [rows, dateRows, passRows] = await db.batch([
    db
      .select({
        id: tickets.id,
        title: tickets.title,
        price: tickets.price,
        ticketType: tickets.ticketType,
        amount: tickets.amount,
        purchased: tickets.purchased,
      })
      .from(tickets)
      .where(
        and(
          eq(tickets.eventId, event.id),
          eq(tickets.organizationId, event.organizationId),
          ne(tickets.visibility, "deleted"),
        ),
      )
      .orderBy(asc(tickets.ticketType), asc(tickets.sort), asc(tickets.id)),
    db
      .select({ id: eventDates.id, startAt: eventDates.startAt, status: eventDates.status })
      .from(eventDates)
      .where(and(eq(eventDates.eventId, event.id), eq(eventDates.organizationId, event.organizationId)))
      .orderBy(asc(eventDates.startAt)),
    db
      .selectDistinct({ ticketId: ticketDates.ticketId })
      .from(ticketDates)
      .innerJoin(tickets, eq(tickets.id, ticketDates.ticketId))
      .where(and(eq(tickets.eventId, event.id), eq(tickets.organizationId, event.organizationId))),
  ]);
  const dates = dateRows.map((row) => ({ id: row.id, startAt: row.startAt.getTime(), status: row.status }));
  return {
    event: {
      id: event.id,
      organizationId: event.organizationId,
      timezone: event.timezone,
      title: event.title,
      status: event.status,
      dateStarts: new Map(dates.map((date) => [date.id, date.startAt])),
    },
    tickets: rows,
    ticketsById: new Map(rows.map((row) => [row.id, row])),
    dates,
    passTicketIds: new Set(passRows.map((row) => row.ticketId)),
  };
}
