import type { RateLimitHit } from "../auth/rate-limit";
import type { PlaceOrderBody } from "../booking/order-input-schema";
import type { CheckoutKnown } from "../booking/place-order";
import type { OrderPlan } from "../booking/plan-order";
import { AppError, type AppErrorCode, type AppErrorReason } from "../shared/app-error";

export type ReservedOrder = {
  orderId: number;
  accessToken: string;
  status: "paid" | "pending";
  amount: number;
  fees: number;
  payableUntil: number | null;
  plan: OrderPlan;
  /** For a paid order's checkout: the event's link and the organization's payment account (decision 0078). */
  checkout: CheckoutKnown;
};

/** An AppError as it crosses the RPC boundary of the object (a class does not). */
export type InventoryRefusal = {
  code: AppErrorCode;
  messageKey: string;
  reason: AppErrorReason;
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
};

export type InventoryAnswer = { ok: true; order: ReservedOrder } | { ok: false; refusal: InventoryRefusal };

export function toRefusal(error: AppError): InventoryRefusal {
  return {
    code: error.code,
    messageKey: error.messageKey,
    reason: error.reason,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.details ? { details: error.details } : {}),
  };
}

export function fromRefusal(refusal: InventoryRefusal): AppError {
  return new AppError(refusal.code, refusal.messageKey, {
    reason: refusal.reason,
    fields: refusal.fields,
    details: refusal.details,
  });
}

/**
 * The events' inventory objects as the domain sees them (decision 0072); workers/inventory-port.ts gives the Durable
 * Object binding this shape, tests an in-process store.
 */
export type InventoryPort = {
  reserve(
    eventId: number,
    request: { body: PlaceOrderBody; rateLimits: RateLimitHit[]; promoCodeGuess: RateLimitHit | null },
  ): Promise<InventoryAnswer>;
  /** The order will not be paid: its places go back now, and in D1 through the queue. */
  release(eventId: number, orderId: number): Promise<void>;
  /** The payment provider's session of an order the queue may not have written yet. */
  attachCheckout(eventId: number, orderId: number, sessionId: string): Promise<void>;
  /** Reads the event again from D1 (an organizer changed stock, a quota, a promo code; a refund gave places back). */
  refresh(eventId: number): Promise<void>;
  /** Stops taking orders; how many of the object's orders are not in D1 yet. */
  close(eventId: number): Promise<{ ordersNotInD1: number }>;
  /** The event was switched to its object: read it from D1 and take orders. */
  open(eventId: number): Promise<void>;
};

/** What each event's object answers over RPC (workers/durable-objects/event-inventory.ts). */
type InventoryRpc = {
  reserve(eventId: number, request: Parameters<InventoryPort["reserve"]>[1]): Promise<unknown>;
  release(eventId: number, orderId: number): Promise<void>;
  attachCheckout(eventId: number, orderId: number, sessionId: string): Promise<void>;
  refresh(eventId: number): Promise<void>;
  close(eventId: number): Promise<{ ordersNotInD1: number }>;
  open(eventId: number): Promise<void>;
};

/** The port over the Durable Object binding (`env.EVENT_INVENTORY`): one object per event id. */
export function inventoryFromBinding(namespace: { getByName(name: string): InventoryRpc }): InventoryPort {
  const object = (eventId: number) => namespace.getByName(String(eventId));
  return {
    // The RPC stub's result type is the union wrapped for transport, which `ok` alone does not narrow.
    reserve: async (eventId, request) => (await object(eventId).reserve(eventId, request)) as InventoryAnswer,
    release: (eventId, orderId) => object(eventId).release(eventId, orderId),
    attachCheckout: (eventId, orderId, sessionId) => object(eventId).attachCheckout(eventId, orderId, sessionId),
    refresh: (eventId) => object(eventId).refresh(eventId),
    close: (eventId) => object(eventId).close(eventId),
    open: (eventId) => object(eventId).open(eventId),
  };
}
