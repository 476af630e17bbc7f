import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type * as schema from "./schema";

export type Schema = typeof schema;

// The part of drizzle that D1 and libSQL share: the domain is written against this only.
export type Database = BaseSQLiteDatabase<"async", unknown, Schema> & {
  batch<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};

/** Rows changed by a write, whichever driver ran it (D1 reports meta.changes, libSQL rowsAffected). */
export function changedRows(result: unknown): number {
  const r = result as { meta?: { changes?: number }; rowsAffected?: number };
  return r.meta?.changes ?? r.rowsAffected ?? 0;
}
