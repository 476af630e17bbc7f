import type { OrderStatus } from "#db/schema";

export const paymentStatuses = ["paid", "pending", "expired", "cancelled", "manual", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export type PaymentStatusInput = {
  status: OrderStatus;
  paidAt: Date | number | null;
  payableUntil: Date | number | null;
};

const toMs = (value: Date | number) => (typeof value === "number" ? value : value.getTime());

/**
 * Spec §4 payment status: paid if paid_at is set; else expired if payable_until is in the past; else pending.
 * Orders cancelled, refunded or added by hand (manual) say so first: those states do not depend on the clock.
 */
export function paymentStatus(order: PaymentStatusInput, now: Date | number = Date.now()): PaymentStatus {
  if (order.status === "cancelled" || order.status === "refunded" || order.status === "manual") return order.status;
  if (order.paidAt !== null) return "paid";
  if (order.status === "expired") return "expired";
  if (order.payableUntil !== null && toMs(order.payableUntil) < toMs(now)) return "expired";
  return "pending";
}

/** Badge colour of each payment status. */
export const paymentStatusColor: Record<PaymentStatus, "green" | "orange" | "gray" | "red" | "blue"> = {
  paid: "green",
  manual: "blue",
  pending: "orange",
  expired: "gray",
  cancelled: "red",
  refunded: "gray",
};
