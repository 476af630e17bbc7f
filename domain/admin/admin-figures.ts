import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { events, orders, participants } from "#db/schema";

/**
 * The figures of the admin interface, defined once and the same way as the events home: participants are ticket
 * places (not add-ons) of paid, manual or pending orders; sales are paid and manual orders.
 */
export const participantOrderStatuses = ["paid", "manual", "pending"] as const;
export const salesOrderStatuses = ["paid", "manual"] as const;

/** Use with `.innerJoin(orders, eq(orders.id, participants.orderId))`. */
export const countedParticipant = and(
  eq(participants.ticketType, "ticket"),
  inArray(orders.status, [...participantOrderStatuses]),
) as SQL;

export const isSale = inArray(orders.status, [...salesOrderStatuses]);

export type EventDisplayStatus = "draft" | "published" | "past" | "archived";

/** Spec §4: an event is past once its end is behind us; archived stays archived. */
export function eventDisplayStatus(event: { status: "draft" | "published" | "archived"; endAt: Date | null }, now: Date): EventDisplayStatus {
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
export function countOrdersByStatus(rows: readonly { status: string; total: number | string }[]): OrderCounts {
  const counts: OrderCounts = { total: 0, paid: 0, manual: 0, pending: 0, other: 0 };
  for (const row of rows) {
    const n = Number(row.total);
    counts.total += n;
    if (row.status === "paid" || row.status === "manual" || row.status === "pending") counts[row.status] += n;
    else counts.other += n;
  }
  return counts;
}
