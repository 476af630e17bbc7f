import { DurableObject } from "cloudflare:workers";
import { createD1Database } from "#db/d1";
import type { RateLimitHit } from "#domain/auth/rate-limit";
import type { PlaceOrderBody } from "#domain/booking/order-input-schema";
import { InventoryObject } from "#domain/inventory/inventory-object";
import type { InventoryAnswer } from "#domain/inventory/inventory-port";
import { InventoryStore } from "#domain/inventory/inventory-store";
import type { SyncSql } from "#domain/inventory/sync-sql";

function durableObjectSql(storage: DurableObjectStorage): SyncSql {
  return {
    all: (query) => storage.sql.exec(query.sql, ...query.params).toArray() as Record<string, unknown>[],
    run: (query) => {
      storage.sql.exec(query.sql, ...query.params);
    },
    transaction: (fn) => storage.transactionSync(fn),
  };
}

/**
 * One Durable Object per event whose places it counts (`events.inventory_mode = 'object'`; decision 0072). What it
 * does is domain/inventory/inventory-object.ts over its own SQLite storage; this class only wires the platform in:
 * the storage, D1, the `INVENTORY_QUEUE` queue and the alarm. Its memory is a cache: evicted or restarted, it reads
 * the copy from D1 again and finds its own orders and outbox in its storage.
 */
export class EventInventory extends DurableObject<Env> {
  private readonly inventory: InventoryObject;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.inventory = new InventoryObject({
      store: new InventoryStore(durableObjectSql(ctx.storage)),
      db: createD1Database(env.DB),
      env,
      queue: env.INVENTORY_QUEUE,
      wakeAt: (at) => ctx.storage.setAlarm(at),
      now: () => Date.now(),
    });
  }

  reserve(
    eventId: number,
    request: { body: PlaceOrderBody; rateLimits: RateLimitHit[]; promoCodeGuess: RateLimitHit | null },
  ): Promise<InventoryAnswer> {
    return this.inventory.reserve(eventId, request);
  }

  release(eventId: number, orderId: number): Promise<void> {
    return this.inventory.release(eventId, orderId);
  }

  attachCheckout(eventId: number, orderId: number, sessionId: string): Promise<void> {
    return this.inventory.attachCheckout(eventId, orderId, sessionId);
  }

  refresh(eventId: number): Promise<void> {
    return this.inventory.refresh(eventId);
  }

  close(eventId: number): Promise<{ ordersNotInD1: number }> {
    return this.inventory.close(eventId);
  }

  open(eventId: number): Promise<void> {
    return this.inventory.open(eventId);
  }

  stats(eventId: number) {
    return this.inventory.stats(eventId);
  }

  override alarm(): Promise<void> {
    return this.inventory.tick();
  }
}
