import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import { events, participants, type EventStatus, type OrderStatus } from "#db/schema";
import { participantOrder, saleOrder } from "../orders/order-status";

/**
 * The figures of the admin interface, defined the same way as the events home (domain/orders/order-status.ts):
 * participants are ticket places (not add-ons) of orders that count as participants; sales are orders that count as
 * sales.
 */

/** Use with `.innerJoin(orders, eq(orders.id, participants.orderId))`. */
export const countedParticipant = and(eq(participants.ticketType, "ticket"), participantOrder()) as SQL;

export const isSale = saleOrder();

export type EventDisplayStatus = EventStatus | "past";

/** Spec §4: an event is past once its end is behind us; archived stays archived. */
export function eventDisplayStatus(event: { status: EventStatus; endAt: Date | null }, now: Date): EventDisplayStatus {
  if (event.status === "archived") return "archived";
  if (event.endAt !== null && event.endAt.getTime() < now.getTime()) return "past";
  return event.status;
}

/** The same rule in SQL. */
export function eventDisplayStatusSql(now: Date): SQL<EventDisplayStatus> {
  return sql<EventDisplayStatus>`case when ${events.status} = 'archived' then 'archived' when ${events.endAt} is not null and ${lt(events.endAt, now)} then 'past' else ${events.status} end`;
}

export type OrderCounts = { total: number; paid: number; manual: number; pending: number; other: number };

/** Orders counted per status (rows of a `group by status` count): paid, manual, pending, the rest as other. */
export function countOrdersByStatus(rows: readonly { status: OrderStatus; total: number | string }[]): OrderCounts {
  const counts: OrderCounts = { total: 0, paid: 0, manual: 0, pending: 0, other: 0 };
  for (const row of rows) {
    const n = Number(row.total);
    counts.total += n;
    if (row.status === "paid" || row.status === "manual" || row.status === "pending") counts[row.status] += n;
    else counts.other += n;
  }
  return counts;
}
