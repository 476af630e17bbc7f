import { and, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { orders, type OrderStatus } from "../../db/schema";

/*
 * The one home of order and payment statuses. Stored order statuses (db/schema.ts `orderStatuses`) and the payment
 * status shown to people (spec §4) each have their JS rule and its SQL twin side by side here, for every figure, filter
 * and badge: the events home, the event dashboard, the orders and participants tables, check-in, the admin pages and
 * finance. Change a rule here, not in a query. order-status.test.ts runs every status through both twins.
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

/** Orders whose participants may enter at check-in: paid, or added by hand. Pending ones are not paid yet. */
export const ADMITTED_ORDER_STATUSES = SALE_ORDER_STATUSES;

/** Orders a payment may still confirm: awaiting payment, or expired while the buyer was paying. */
export const CONFIRMABLE_ORDER_STATUSES = ["pending", "expired"] as const satisfies readonly OrderStatus[];

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

/** SQL: the order (`orders` in the query) may still be confirmed by a payment. */
export function confirmableOrder(): SQL {
  return inArray(orders.status, [...CONFIRMABLE_ORDER_STATUSES]);
}

/** The payment status shown to people (spec §4), derived from the stored status, paid_at and payable_until. */
export const paymentStatuses = ["paid", "pending", "expired", "cancelled", "manual", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What every view of an order shows of it: the buyer, the money (cents) and the displayed payment status. */
export type OrderBuyerAndMoney = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  amount: number;
  fees: number;
  netAmount: number;
  status: PaymentStatus;
  checkoutTime: number;
};

export type PaymentStatusInput = {
  status: OrderStatus;
  paidAt: Date | number | null;
  payableUntil: Date | number | null;
};

const toMs = (value: Date | number) => (typeof value === "number" ? value : value.getTime());

/** Stored statuses that say themselves, whatever the clock: cancelled, refunded and added by hand. */
const SETTLED_ORDER_STATUSES = ["cancelled", "refunded", "manual"] as const satisfies readonly OrderStatus[];

/**
 * Spec §4 payment status: paid if paid_at is set; else expired if payable_until is in the past; else pending.
 * Orders cancelled, refunded or added by hand (manual) say so first: those states do not depend on the clock.
 */
export function paymentStatus(order: PaymentStatusInput, now: Date | number = Date.now()): PaymentStatus {
  if ((SETTLED_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) return order.status as PaymentStatus;
  if (order.paidAt !== null) return "paid";
  if (order.status === "expired") return "expired";
  if (order.payableUntil !== null && toMs(order.payableUntil) < toMs(now)) return "expired";
  return "pending";
}

/**
 * SQL twin of `paymentStatus()`: the orders (`orders` in the query) whose displayed status is `status`. Filters in the
 * orders and participants tables use it so that a filter shows what the badge says.
 */
export function paymentStatusSql(status: PaymentStatus, now: number): SQL {
  const open = notInArray(orders.status, [...SETTLED_ORDER_STATUSES]);
  const passed = and(isNotNull(orders.payableUntil), lt(orders.payableUntil, new Date(now)));
  switch (status) {
    case "cancelled":
    case "refunded":
    case "manual":
      return eq(orders.status, status);
    case "paid":
      return and(open, isNotNull(orders.paidAt))!;
    case "expired":
      return and(open, isNull(orders.paidAt), or(eq(orders.status, "expired"), passed))!;
    case "pending":
      return and(
        open,
        isNull(orders.paidAt),
        ne(orders.status, "expired"),
        or(isNull(orders.payableUntil), sql`${orders.payableUntil} >= ${now}`),
      )!;
  }
}

/** Orders whose displayed status is one of `statuses` (undefined for none: no filter). */
export function paymentStatusesSql(statuses: readonly PaymentStatus[], now: number): SQL | undefined {
  if (statuses.length === 0) return undefined;
  return or(...statuses.map((status) => paymentStatusSql(status, now)));
}
