import type { OrderPlan } from "#domain/booking/plan-order";

/**
 * What an event's Durable Object hands to the queue for D1. `token` is the order's access token, unique in D1: the
 * consumer skips a token it already wrote, so a redelivered message writes nothing twice.
 */
export type InventoryMessage =
  | {
      kind: "place";
      token: string;
      eventId: number;
      organizationId: number;
      timezone: string;
      plan: OrderPlan;
      placedAt: number;
      /** null: free, confirmed at once; otherwise a pending order holding its places until then. */
      payableUntil: number | null;
    }
  | { kind: "expire"; token: string; expiredAt: number };
