import { afterAll, beforeAll } from "vitest";
import type { Database } from "#db/database";
import { insertOrganization } from "../../tests/support/fixtures";
import type { InventoryPort } from "../inventory/inventory-port";
import type { PlaceOrderDeps } from "./place-order";

/**
 * The events' inventory objects for a suite's rushes (decision 0072): given, the rush events are counted by their
 * object, and the checks run after the queue is drained into the database.
 */
export type SuiteInventory = { port: InventoryPort; drain(): Promise<unknown>; close(): void };
export type SuiteInventoryFactory = (db: Database, env: PlaceOrderDeps["env"], now: () => number) => SuiteInventory;

/**
 * What a booking suite sells with, opened before its tests: the database, an organization, and when `inventory` is
 * given the objects that count the suite's events (`mode` for their rows, `settle` before reading the database).
 */
export function suiteSale(
  open: () => Promise<{ db: Database; close?: () => void }>,
  env: PlaceOrderDeps["env"],
  now: number,
  inventory?: SuiteInventoryFactory,
) {
  const sale = {
    t: null as unknown as { db: Database; close?: () => void },
    organizationId: 0,
    inventory: null as SuiteInventory | null,
    deps: (at = now): PlaceOrderDeps => ({
      env,
      now: at,
      ...(sale.inventory ? { inventory: sale.inventory.port } : {}),
    }),
    /** The columns of a suite's event: counted by its object when the suite runs through one. */
    mode: () => (sale.inventory ? { inventoryMode: "object" as const } : {}),
    settle: async () => {
      await sale.inventory?.drain();
    },
  };
  beforeAll(async () => {
    sale.t = await open();
    sale.organizationId = (await insertOrganization(sale.t.db)).id;
    sale.inventory = inventory?.(sale.t.db, env, () => now) ?? null;
  });
  afterAll(() => {
    sale.inventory?.close();
    sale.t.close?.();
  });
  return sale;
}
