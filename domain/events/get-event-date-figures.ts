import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, eventDates, orderItems, orders, participants } from "#db/schema";
import { PARTICIPANT_ORDER_STATUSES, SALE_ORDER_STATUSES } from "../orders/order-status";
import { notFound } from "../shared/app-error";
import { participantsOnDates } from "./event-date-filters";
import { chartDays, type EventDashboard } from "./get-event-dashboard";
import { zonedDayKey } from "./event-time-zone";

/** The dashboard's figures that change with the date chosen. */
export type EventDateFigures = Pick<
  EventDashboard,
  | "participantsCount"
  | "grossSales"
  | "netSales"
  | "ordersCount"
  | "checkInsCount"
  | "ticketsSold"
  | "capacity"
  | "participantsPerDay"
>;

/**
 * The dashboard's figures for one date of a multi-date event (issue 30 §4, decision 0068), for an event the caller
 * has authorized (getEventDashboard). Read from the date's rows on their indexes, not from the event's sales figures:
 * participants of the date (pass holders included), the money of the order lines for that date (a pass's lines belong
 * to several dates and are left out of any one date's money), the date's own counter and capacity, its scans.
 */
export async function getEventDateFigures(
  db: Database,
  event: { id: number; organizationId: number; timezone: string },
  input: { dateId: number; now: Date },
): Promise<EventDateFigures> {
  const onDate = participantsOnDates([input.dateId], event);
  const [[date], people, [money], [checkIns]] = await db.batch([
    db
      .select({ sold: eventDates.sold, capacity: eventDates.capacity })
      .from(eventDates)
      .where(
        and(
          eq(eventDates.id, input.dateId),
          eq(eventDates.eventId, event.id),
          eq(eventDates.organizationId, event.organizationId),
        ),
      ),
    db
      .select({ createdAt: participants.createdAt })
      .from(participants)
      .innerJoin(orders, eq(orders.id, participants.orderId))
      .where(
        and(
          eq(participants.eventId, event.id),
          eq(participants.organizationId, event.organizationId),
          eq(participants.ticketType, "ticket"),
          onDate,
          inArray(orders.status, [...PARTICIPANT_ORDER_STATUSES]),
        ),
      ),
    db
      .select({
        gross: sql<number>`coalesce(sum(${orderItems.unitPrice} * ${orderItems.quantity} - ${orderItems.discount}
          + case when ${orderItems.feesType} = 'added' then ${orderItems.fees} else 0 end), 0)`,
        fees: sql<number>`coalesce(sum(${orderItems.fees}), 0)`,
        orders: sql<number>`count(distinct ${orderItems.orderId})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.eventId, event.id),
          eq(orderItems.dateId, input.dateId),
          eq(orders.organizationId, event.organizationId),
          inArray(orders.status, [...SALE_ORDER_STATUSES]),
        ),
      ),
    db
      .select({ value: sql<number>`count(distinct ${entries.participantId})` })
      .from(entries)
      .where(
        and(
          eq(entries.eventId, event.id),
          eq(entries.organizationId, event.organizationId),
          eq(entries.dateId, input.dateId),
          eq(entries.isIn, true),
        ),
      ),
  ]);
  if (!date) throw notFound("events:errors.not-found");
  const byDay = new Map<string, number>();
  let first: Date | null = null;
  for (const person of people) {
    const day = zonedDayKey(person.createdAt, event.timezone);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
    if (!first || person.createdAt < first) first = person.createdAt;
  }
  const gross = Number(money?.gross ?? 0);
  return {
    participantsCount: people.length,
    grossSales: gross,
    netSales: gross - Number(money?.fees ?? 0),
    ordersCount: Number(money?.orders ?? 0),
    checkInsCount: Number(checkIns?.value ?? 0),
    ticketsSold: date.sold,
    capacity: date.capacity === -1 ? null : date.capacity,
    participantsPerDay: chartDays(event.timezone, input.now, first).map((day) => ({
      date: day,
      count: byDay.get(day) ?? 0,
    })),
  };
}
