import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventDates, events, quotas, quotaTickets, ticketDates, tickets, type EventDateStatus } from "#db/schema";
import { heldOfEventTicketsSql, heldOfQuotaSql } from "../booking/held-places";
import { inEventScope, loadEventForActor } from "../events/event-access";
import type { EventRow } from "../events/event-record";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";

export type QuotaCounts = { sold: number; held: number; remaining: number };

export type QuotaView = QuotaCounts & {
  id: number;
  name: string;
  size: number;
  dateId: number | null;
  date: { id: number; startAt: Date; status: EventDateStatus } | null;
  tickets: { id: number; title: string }[];
};

/** The event capacity as the simplest quota (every ticket, every date); size -1: none, remaining then null. */
export type EventCapacityView = { size: number; sold: number; held: number; remaining: number | null };

/** What the editor offers: the event's tickets (not deleted) and dates, each pass with its dates. */
export type QuotaChoices = {
  tickets: { id: number; title: string; ticketType: "ticket" | "addon"; dateIds: number[] }[];
  dates: { id: number; startAt: Date; endAt: Date | null; status: EventDateStatus }[];
};

export type EventQuotas = {
  event: EventRow;
  eventCapacity: EventCapacityView;
  quotas: QuotaView[];
  choices: QuotaChoices;
};

/** Places left: never below 0, and none on a cancelled date, which sells nothing. */
export function remainingOf(size: number, sold: number, held: number, cancelled = false): number {
  return cancelled ? 0 : Math.max(0, size - sold - held);
}

/**
 * An event's quotas (event:view) with their sold (`quotas.sold`, kept by triggers), held (unexpired order items that
 * draw on them) and remaining places, the event capacity first as the simplest quota: sold = the tickets' purchases
 * (add-ons aside, deleted tickets included), held as the booking counts it (domain/booking/held-places.ts). One read
 * batch after the event's own read.
 */
export async function listQuotas(
  db: Database,
  actor: Actor,
  input: { eventId: number; now?: Date },
): Promise<EventQuotas & { canUpdate: boolean }> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const quotasOfEvent = await readEventQuotas(db, event, (input.now ?? new Date()).getTime());
  return { ...quotasOfEvent, canUpdate: canOnEvent(actor, "event:update", scope) };
}

export async function readEventQuotas(db: Database, event: EventRow, at: number): Promise<EventQuotas> {
  const scope = { id: event.id, organizationId: event.organizationId };
  const [quotaRows, memberRows, ticketRows, dateRows, passRows, capacityRows] = await db.batch([
    db
      .select({
        ...getTableColumns(quotas),
        held: heldOfQuotaSql(sql.raw("quotas"), at).mapWith(Number).as("quota_held"),
      })
      .from(quotas)
      .where(inEventScope(quotas, scope))
      .orderBy(asc(quotas.id)),
    db
      .select({ quotaId: quotaTickets.quotaId, ticketId: quotaTickets.ticketId })
      .from(quotaTickets)
      .where(
        inArray(quotaTickets.quotaId, db.select({ id: quotas.id }).from(quotas).where(inEventScope(quotas, scope))),
      ),
    db
      .select({
        id: tickets.id,
        title: tickets.title,
        ticketType: tickets.ticketType,
        visibility: tickets.visibility,
      })
      .from(tickets)
      .where(inEventScope(tickets, scope))
      .orderBy(sql`${tickets.ticketType} desc`, asc(tickets.sort), asc(tickets.id)),
    db
      .select({ id: eventDates.id, startAt: eventDates.startAt, endAt: eventDates.endAt, status: eventDates.status })
      .from(eventDates)
      .where(inEventScope(eventDates, scope))
      .orderBy(asc(eventDates.startAt), asc(eventDates.id)),
    db
      .select({ ticketId: ticketDates.ticketId, dateId: ticketDates.dateId })
      .from(ticketDates)
      .where(
        inArray(ticketDates.ticketId, db.select({ id: tickets.id }).from(tickets).where(inEventScope(tickets, scope))),
      ),
    db
      .select({
        sold: sql<number>`coalesce((select sum(tickets.purchased) from tickets where tickets.event_id = ${event.id} and tickets.organization_id = ${event.organizationId} and tickets.ticket_type = 'ticket'), 0)`
          .mapWith(Number)
          .as("capacity_sold"),
        held: heldOfEventTicketsSql(event.id, at).mapWith(Number).as("capacity_held"),
      })
      .from(events)
      .where(and(eq(events.id, event.id), eq(events.organizationId, event.organizationId))),
  ]);

  const titles = new Map(ticketRows.map((t) => [t.id, t.title]));
  const dates = new Map(dateRows.map((d) => [d.id, d]));
  const members = new Map<number, number[]>();
  for (const row of memberRows) members.set(row.quotaId, [...(members.get(row.quotaId) ?? []), row.ticketId]);
  const passDates = new Map<number, number[]>();
  for (const row of passRows) passDates.set(row.ticketId, [...(passDates.get(row.ticketId) ?? []), row.dateId]);
  const dateOrder = new Map(dateRows.map((d, index) => [d.id, index]));

  const capacity = capacityRows[0] ?? { sold: 0, held: 0 };
  const size = event.eventCapacity;
  return {
    event,
    eventCapacity: {
      size,
      sold: capacity.sold,
      held: capacity.held,
      remaining: size < 0 ? null : remainingOf(size, capacity.sold, capacity.held),
    },
    quotas: quotaRows.map((row) => {
      const date = row.dateId === null ? null : (dates.get(row.dateId) ?? null);
      return {
        id: row.id,
        name: row.name,
        size: row.size,
        dateId: row.dateId,
        date: date && { id: date.id, startAt: date.startAt, status: date.status },
        tickets: (members.get(row.id) ?? [])
          .filter((id) => titles.has(id))
          .map((id) => ({ id, title: titles.get(id)! })),
        sold: row.sold,
        held: row.held,
        remaining: remainingOf(row.size, row.sold, row.held, date?.status === "cancelled"),
      };
    }),
    choices: {
      tickets: ticketRows
        .filter((t) => t.visibility !== "deleted")
        .map((t) => ({
          id: t.id,
          title: t.title,
          ticketType: t.ticketType,
          dateIds: (passDates.get(t.id) ?? []).sort((a, b) => (dateOrder.get(a) ?? 0) - (dateOrder.get(b) ?? 0)),
        })),
      dates: dateRows,
    },
  };
}
