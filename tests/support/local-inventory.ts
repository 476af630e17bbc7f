import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Database } from "#db/database";
import type { InventoryMessage } from "#domain/inventory/inventory-messages";
import { InventoryObject } from "#domain/inventory/inventory-object";
import type { InventoryPort } from "#domain/inventory/inventory-port";
import { InventoryStore } from "#domain/inventory/inventory-store";
import type { SyncSql } from "#domain/inventory/sync-sql";
import { writeInventoryOrders, type WrittenOrders } from "#domain/inventory/write-inventory-orders";
import type { SigningEnv } from "#domain/shared/signing-secret";

/** A node:sqlite file (or ":memory:") as the object's synchronous storage. */
export function nodeSql(file: string): { sql: SyncSql; close: () => void } {
  const db = new DatabaseSync(file);
  return {
    sql: {
      all: (query) => db.prepare(query.sql).all(...(query.params as never[])) as Record<string, unknown>[],
      run: (query) => {
        db.prepare(query.sql).run(...(query.params as never[]));
      },
      transaction: (fn) => {
        db.exec("begin");
        try {
          const result = fn();
          db.exec("commit");
          return result;
        } catch (error) {
          db.exec("rollback");
          throw error;
        }
      },
    },
    close: () => db.close(),
  };
}

/**
 * The events' inventory objects in the test's own process (decision 0072): the same InventoryObject and InventoryStore
 * the Durable Object runs, each over a node:sqlite file of its own (its "storage"), against the test's database as D1,
 * with a queue that is an array the test drains with the real consumer (writeInventoryOrders).
 */
export function localInventory(db: Database, options: { env: SigningEnv; now?: () => number }) {
  const dir = mkdtempSync(join(tmpdir(), "guichet-inventory-"));
  const queue: InventoryMessage[] = [];
  const objects = new Map<number, { object: InventoryObject; close: () => void }>();
  const now = options.now ?? (() => Date.now());

  function start(eventId: number) {
    const storage = nodeSql(join(dir, `event-${eventId}.sqlite`));
    const object = new InventoryObject({
      store: new InventoryStore(storage.sql),
      db,
      env: options.env,
      queue: {
        sendBatch: async (messages) => {
          queue.push(...messages.map((message) => structuredClone(message.body)));
        },
      },
      wakeAt: async () => {},
      now,
    });
    const entry = { object, close: storage.close };
    objects.set(eventId, entry);
    return entry;
  }
  const objectOf = (eventId: number) => (objects.get(eventId) ?? start(eventId)).object;

  const port: InventoryPort = {
    // Through structuredClone, as an RPC call would copy them.
    reserve: async (eventId, request) =>
      structuredClone(await objectOf(eventId).reserve(eventId, structuredClone(request))),
    release: (eventId, orderId) => objectOf(eventId).release(eventId, orderId),
    attachCheckout: (eventId, orderId, sessionId) => objectOf(eventId).attachCheckout(eventId, orderId, sessionId),
    refresh: (eventId) => objectOf(eventId).refresh(eventId),
    close: (eventId) => objectOf(eventId).close(eventId),
    open: (eventId) => objectOf(eventId).open(eventId),
  };

  return {
    port,
    object: objectOf,
    queue,
    /** Runs the objects' alarms: the outbox of each to the queue, and the refreshes that are due. */
    async tick(): Promise<void> {
      for (const { object } of objects.values()) await object.tick();
    },
    /** Hands every outbox to the queue and lets the consumer write it all, `batchSize` messages per delivery. */
    async drain(batchSize = 20): Promise<WrittenOrders> {
      for (const { object } of objects.values()) await object.flush();
      const total: WrittenOrders = { written: [], confirmed: [], webhookDeliveriesRecorded: 0, waiting: [] };
      while (queue.length > 0) {
        const batch = queue.slice(0, batchSize);
        const result = await writeInventoryOrders(db, batch);
        queue.splice(0, batch.length);
        total.written.push(...result.written);
        total.confirmed.push(...result.confirmed);
        total.webhookDeliveriesRecorded += result.webhookDeliveriesRecorded;
        // Delivered again later, as the queue does; still waiting once nothing else is left, they stay waiting.
        if (result.waiting.length === batch.length && queue.length === 0) {
          total.waiting.push(...result.waiting);
          break;
        }
        queue.push(...result.waiting);
      }
      return total;
    },
    /** The object is evicted: its memory is gone, its storage stays; the next call starts it again. */
    restart(eventId: number): void {
      objects.get(eventId)?.close();
      objects.delete(eventId);
    },
    close(): void {
      for (const { close } of objects.values()) close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
