import { and, eq, type SQL } from "drizzle-orm";
import { participants, type OrderStatus } from "#db/schema";
import { participantOrder, saleOrder } from "../orders/order-status";

/**
 * The figures of the admin interface, defined the same way as the events home (domain/orders/order-status.ts):
 * participants are ticket places (not add-ons) of orders that count as participants; sales are orders that count as
 * sales.
 */

/** Use with `.innerJoin(orders, eq(orders.id, participants.orderId))`. */
export const countedParticipant = and(eq(participants.ticketType, "ticket"), participantOrder()) as SQL;

export const isSale = saleOrder();

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
