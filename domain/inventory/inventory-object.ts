import type { Database } from "#db/database";
import type { RateLimitHit } from "../auth/rate-limit";
import type { PlaceOrderBody } from "../booking/order-input-schema";
import { HOLD_MS } from "../booking/place-order";
import { isAppError } from "../shared/app-error";
import { generateRandomToken } from "../shared/crypto";
import type { SigningEnv } from "../shared/signing-secret";
import type { InventoryMessage } from "./inventory-messages";
import { toRefusal, type InventoryAnswer } from "./inventory-port";
import { readInventorySnapshot } from "./inventory-snapshot";
import type { InventoryStore } from "./inventory-store";
import { reserveOrderIds } from "./reserve-order-ids";

/**
 * Outbox rows are handed to the queue this soon after a reservation, in sendBatch calls of up to 100. During a rush an
 * object takes tens of orders a second: a quarter of a second gathers several per call (50 ms sent nearly one call per
 * order), a small part of the time the queue's consumer takes to write them anyway (decision 0078).
 */
export const FLUSH_DELAY_MS = 250;
const SEND_BATCH = 100;
/** Order ids set aside in D1 per request for more (one D1 batch per this many orders). */
const ID_BLOCK = 500;
/** While it holds anything, the object reads D1 again at least this often (edits made without telling it). */
export const REFRESH_EVERY_MS = 15_000;

export type InventoryObjectDeps = {
  store: InventoryStore;
  /** D1, the system of record, read for the copy and for order ids. */
  db: Database;
  env: SigningEnv;
  queue: { sendBatch(messages: { body: InventoryMessage; contentType: "json" }[]): Promise<unknown> };
  /** Asks to be woken (`tick`) at `at` (the Durable Object's alarm). */
  wakeAt(at: number): Promise<void>;
  now(): number;
};

/**
 * What an event's inventory Durable Object does (decision 0072), apart from the Durable Object itself
 * (workers/durable-objects/event-inventory.ts) so that tests run it in Node over node:sqlite: load the copy from D1
 * once, take order ids from blocks D1 set aside, reserve synchronously in the store, hand the outbox to the queue,
 * and read D1 again at each payment deadline, on request, and every 15 s while it holds anything.
 */
export class InventoryObject {
  private loading: Promise<void> | null = null;
  private refilling: Promise<void> | null = null;
  private wakeSet: number | null = null;

  constructor(private readonly deps: InventoryObjectDeps) {}

  async reserve(
    eventId: number,
    request: { body: PlaceOrderBody; rateLimits: RateLimitHit[]; promoCodeGuess: RateLimitHit | null },
  ): Promise<InventoryAnswer> {
    const { store } = this.deps;
    try {
      await this.ensureLoaded(eventId);
      while (!store.hasOrderId()) await this.refillIds();
      const now = this.deps.now();
      const order = store.reserve({
        ...request,
        env: this.deps.env,
        accessToken: generateRandomToken(),
        now,
        holdMs: HOLD_MS,
      });
      await this.wake(now + FLUSH_DELAY_MS);
      return { ok: true, order };
    } catch (error) {
      if (isAppError(error)) return { ok: false, refusal: toRefusal(error) };
      throw error;
    }
  }

  async release(eventId: number, orderId: number): Promise<void> {
    await this.ensureLoaded(eventId);
    const now = this.deps.now();
    this.deps.store.release(orderId, now);
    await this.wake(now + FLUSH_DELAY_MS);
  }

  async attachCheckout(eventId: number, orderId: number, sessionId: string): Promise<void> {
    await this.ensureLoaded(eventId);
    this.deps.store.attachCheckout(orderId, sessionId);
    await this.wake(this.deps.now() + FLUSH_DELAY_MS);
  }

  /** Reads the event from D1 again now. */
  async refresh(eventId: number): Promise<void> {
    await this.ensureLoaded(eventId);
    await this.reload(eventId);
  }

  /** The event was switched to the object (again): read it from D1 and take orders. */
  async open(eventId: number): Promise<void> {
    this.deps.store.open();
    await this.refresh(eventId);
  }

  /**
   * Stops taking orders and says how many of its orders D1 does not hold yet (after handing its outbox to the queue
   * and reading D1 again): the event may go back to D1's guards once none is left.
   */
  async close(eventId: number): Promise<{ ordersNotInD1: number }> {
    await this.ensureLoaded(eventId);
    this.deps.store.close();
    await this.flush();
    await this.reload(eventId);
    return { ordersNotInD1: this.deps.store.ownOrderCount() };
  }

  /** What the object counts now, for checks against D1. */
  async stats(eventId: number) {
    await this.ensureLoaded(eventId);
    const now = this.deps.now();
    const { store } = this.deps;
    return {
      taken: Object.fromEntries(store.takenByTicket(now)),
      promoUses: Object.fromEntries(store.promoUses(now)),
      ownOrders: store.ownOrderCount(),
      outbox: store.outboxSize(),
    };
  }

  /** The alarm: the outbox to the queue, a refresh when one is due, the next wake-up. */
  async tick(): Promise<void> {
    this.wakeSet = null;
    const { store } = this.deps;
    const eventId = Number(store.setting("event_id"));
    if (!eventId) return;
    await this.flush();
    const now = this.deps.now();
    const due = store.nextDeadline();
    const refreshedAt = Number(store.setting("refreshed_at") ?? 0);
    const holding = store.ownOrderCount() > 0 || due !== null;
    if ((due !== null && due <= now) || (holding && refreshedAt + REFRESH_EVERY_MS <= now)) await this.reload(eventId);
    const stillHolding = store.ownOrderCount() > 0 || store.nextDeadline() !== null;
    const next = [
      store.outboxSize() > 0 ? now + FLUSH_DELAY_MS : null,
      // A deadline passed whose order the queue has not brought to D1 yet: look again in a second, not in a loop.
      (() => {
        const deadline = store.nextDeadline();
        return deadline === null ? null : Math.max(deadline, now + 1000);
      })(),
      stillHolding ? now + REFRESH_EVERY_MS : null,
    ].filter((time): time is number => time !== null);
    if (next.length > 0) await this.wake(Math.max(Math.min(...next), now + FLUSH_DELAY_MS));
  }

  /** Hands the outbox to the queue; a failed send throws, the rows stay, and the alarm is retried. */
  async flush(): Promise<number> {
    const { store } = this.deps;
    let sent = 0;
    for (;;) {
      const rows = store.outbox(SEND_BATCH);
      if (rows.length === 0) return sent;
      await this.deps.queue.sendBatch(rows.map((row) => ({ body: row.message, contentType: "json" as const })));
      store.sent(rows[rows.length - 1]!.seq);
      sent += rows.length;
    }
  }

  private async wake(at: number): Promise<void> {
    if (this.wakeSet !== null && this.wakeSet <= at) return;
    this.wakeSet = at;
    await this.deps.wakeAt(at);
  }

  private ensureLoaded(eventId: number): Promise<void> {
    if (this.deps.store.loaded && this.deps.store.eventId === eventId) return Promise.resolve();
    this.loading ??= this.reload(eventId).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async reload(eventId: number): Promise<void> {
    const snapshot = await readInventorySnapshot(this.deps.db, {
      eventId,
      ownOrderIds: this.deps.store.ownOrderIds(),
      now: this.deps.now(),
    });
    this.deps.store.applySnapshot(snapshot);
  }

  private refillIds(): Promise<void> {
    const { store } = this.deps;
    this.refilling ??= (async () => {
      const block = await reserveOrderIds(this.deps.db, {
        eventId: Number(store.setting("event_id")),
        organizationId: Number(store.setting("organization_id")),
        count: ID_BLOCK,
        now: this.deps.now(),
      });
      store.addOrderIds(block.first, block.last);
    })().finally(() => {
      this.refilling = null;
    });
    return this.refilling;
  }
}
