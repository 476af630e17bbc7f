import { inArray, type SQL } from "drizzle-orm";
import { orders, type OrderStatus } from "../../db/schema";

/*
 * The one vocabulary of order statuses (db/schema.ts `orderStatuses`) for every figure: the events home, the event
 * dashboard, the admin pages, finance and what the orders area adds. Change a rule here, not in a query.
 */

/**
 * Orders whose ticket places count as participants and hold stock: paid, entered by hand (manual), or awaiting payment
 * (pending, until it expires). Cancelled, expired and refunded orders release their places.
 */
export const PARTICIPANT_ORDER_STATUSES = ["paid", "manual", "pending"] as const satisfies readonly OrderStatus[];

/** Orders that count as sales (gross sales, orders sold): paid or entered by hand; pending ones are not sales yet. */
export const SALE_ORDER_STATUSES = ["paid", "manual"] as const satisfies readonly OrderStatus[];

/** Orders through which money moved, refunded ones included: an event that has any cannot be deleted, only archived. */
export const MONEY_ORDER_STATUSES = ["paid", "refunded"] as const satisfies readonly OrderStatus[];

export type ParticipantOrderStatus = (typeof PARTICIPANT_ORDER_STATUSES)[number];
export type SaleOrderStatus = (typeof SALE_ORDER_STATUSES)[number];

export function countsAsParticipant(status: OrderStatus): status is ParticipantOrderStatus {
  return (PARTICIPANT_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

export function countsAsSale(status: OrderStatus): status is SaleOrderStatus {
  return (SALE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** SQL: the order (`orders` in the query) holds participants. */
export function participantOrder(): SQL {
  return inArray(orders.status, [...PARTICIPANT_ORDER_STATUSES]);
}

/** SQL: the order (`orders` in the query) is a sale. */
export function saleOrder(): SQL {
  return inArray(orders.status, [...SALE_ORDER_STATUSES]);
}
