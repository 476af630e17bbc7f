import { type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "#db/schema";

/** One statement as text and bound values. */
export type SqlQuery = { sql: string; params: unknown[] };

/**
 * A synchronous SQLite connection: a Durable Object's `ctx.storage.sql` in the Worker, `node:sqlite` in tests.
 * Synchronous on purpose: inside `transaction` nothing else runs between a check and the write it allows.
 */
export type SyncSql = {
  all(query: SqlQuery): Record<string, unknown>[];
  run(query: SqlQuery): void;
  transaction<T>(fn: () => T): T;
};

const dialect = new SQLiteSyncDialect();

/** The SQL of a drizzle `sql` template, as the D1 path would send it. */
export function renderSql(query: SQL): SqlQuery {
  const { sql, params } = dialect.sqlToQuery(query);
  return { sql, params };
}

/**
 * Builds (never runs) drizzle statements with the app's schema, for the object's own SQLite: the same query builders
 * the D1 path uses (rate limits, order items), turned into text with `.toSQL()`.
 */
export const statementBuilder = drizzle(
  async () => {
    throw new Error("statementBuilder only builds statements");
  },
  { schema },
);
