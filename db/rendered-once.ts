import { fillPlaceholders, sql, type Placeholder } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./database";

/** What drizzle's `db.batch` asks of each statement (D1 and libSQL sessions alike), through its internal `_prepare`. */
type PreparedForBatch = {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
};
type Preparable = { _prepare(): PreparedForBatch };

/**
 * A `db.batch` statement whose SQL drizzle renders once per database instance (so once per isolate), not on every
 * request: `build` writes it with `value(name)` where each request's value goes (`names` lists them), and each call
 * fills those places.
 * drizzle's rendering walks every column and condition of a query; for the reads of every signed-in request (the
 * session, the user's organizations, the event) it cost more CPU than the rest of their round trip
 * (docs/decisions/0079-statements-rendered-once.md).
 *
 * The statement runs only inside `db.batch` (which is what drizzle exposes `_prepare` for); awaited alone it rejects.
 * Its rows are mapped by the query `build` made, so they have that query's type.
 */
export function renderedOnce<const Names extends string, Query extends BatchItem<"sqlite">>(
  _names: readonly Names[],
  build: (db: Database, value: (name: Names) => Placeholder<Names>) => Query,
): (db: Database, values: Record<Names, unknown>) => Query {
  const rendered = new WeakMap<Database, PreparedForBatch>();
  return (db, values) => {
    let prepared = rendered.get(db);
    if (!prepared) {
      prepared = (build(db, (name) => sql.placeholder(name)) as unknown as Preparable)._prepare();
      rendered.set(db, prepared);
    }
    const template = prepared;
    const { sql: text, params } = template.getQuery();
    const filled = fillPlaceholders(params, values);
    // A D1 statement belongs to the session it was prepared on (db/d1-session.ts), and the first render's belongs to
    // the request that made it: each call prepares its own from the text. libSQL's batch never asks for one.
    const client = (db as unknown as { $client: { prepare(text: string): unknown } }).$client;
    const statement = {
      _prepare: (): PreparedForBatch & { stmt: unknown } => ({
        getQuery: () => ({ sql: text, params: filled }),
        get stmt() {
          return client.prepare(text);
        },
        mapResult: (response, isFromBatch) => template.mapResult(response, isFromBatch),
      }),
      then: (_resolve: unknown, reject: (error: Error) => void) =>
        reject(new Error("A statement rendered once runs only inside db.batch")),
    };
    return statement as unknown as Query;
  };
}
