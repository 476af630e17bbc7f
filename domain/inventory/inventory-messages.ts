import type { OrderPlan } from "../booking/plan-order";

/**
 * What an event's inventory object hands to the queue for D1 (decision 0072). `orderId` was set aside in D1 for the
 * object (reserve-order-ids.ts): the consumer skips an order already written, so a redelivered message writes nothing
 * twice.
 */
export type InventoryMessage =
  | {
      kind: "place";
      orderId: number;
      accessToken: string;
      plan: OrderPlan;
      placedAt: number;
      /** null: free, confirmed at once; otherwise a pending order holding its places until then. */
      payableUntil: number | null;
      timezone: string;
      /** The payment provider's session, when it was created before the message left the object. */
      checkoutSessionId?: string;
    }
  /** The order will not be paid (its checkout could not be created): its places go back. */
  | { kind: "release"; orderId: number; at: number }
  /** The payment provider's session of an order, for its refunds and its expiry. */
  | { kind: "checkout"; orderId: number; sessionId: string };

export function isInventoryMessage(body: unknown): body is InventoryMessage {
  const kind = (body as { kind?: unknown } | null)?.kind;
  return kind === "place" || kind === "release" || kind === "checkout";
}
