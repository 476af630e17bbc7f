import { is, Param, Placeholder, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
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
    const filled = fillValues(params, values);
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

/**
 * The values of a statement rendered with placeholders, in its parameters' order: drizzle's `fillPlaceholders`, except
 * that a null stays null as drizzle's rendering leaves it: its column encoders expect a value (a timestamp's reads
 * `getTime()`, a boolean's writes 0 for null). The inventory object's statements rendered once use it too.
 */
export function fillValues(params: unknown[], values: Record<string, unknown>): unknown[] {
  return params.map((param) => {
    const placeholder = is(param, Placeholder)
      ? param
      : is(param, Param) && is(param.value, Placeholder)
        ? param.value
        : null;
    if (!placeholder) return param;
    const value = values[placeholder.name];
    if (value === undefined) throw new Error(`No value for placeholder "${placeholder.name}"`);
    return value === null || placeholder === param ? value : (param as Param).encoder.mapToDriverValue(value);
  });
}

/**
 * `db.insert(table).values(row)` for a batch, rendered once per database and set of columns (renderedOnce): the rows a
 * call site writes always name the same columns, so it renders once. Columns left undefined take their default.
 */
export function insertRenderedOnce<Table extends SQLiteTable>(
  table: Table,
): (db: Database, row: Table["$inferInsert"]) => BatchItem<"sqlite"> {
  const byColumns = new Map<string, (db: Database, values: Record<string, unknown>) => BatchItem<"sqlite">>();
  return (db, row) => {
    const values = row as Record<string, unknown>;
    const names = Object.keys(values).filter((name) => values[name] !== undefined);
    const columns = names.join(",");
    let insert = byColumns.get(columns);
    if (!insert) {
      insert = renderedOnce(names, (db, value) =>
        db.insert(table).values(Object.fromEntries(names.map((name) => [name, value(name)])) as Table["$inferInsert"]),
      );
      byColumns.set(columns, insert);
    }
    return insert(db, values);
  };
}
