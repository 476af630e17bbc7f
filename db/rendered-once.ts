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
      prepared = prepareForBatch(build(db, (name) => sql.placeholder(name)));
      rendered.set(db, prepared);
    }
    return filledStatement(db, prepared, values) as Query;
  };
}

/** How many shapes renderedOncePerShape keeps per database before it starts again (a bound, not a working size). */
const KEPT_SHAPES = 256;

/**
 * renderedOnce for statements whose SQL text depends on the request (how many words a search has, a sort): `build`
 * writes the statements of one shape with `value(name)` where each request's values go, and they are rendered once
 * per database and `key`. The key must name everything `build` reads of `shape` that changes the SQL text; every value
 * must go through `value` (docs/decisions/0080-participants-first-reads-rendered-once.md).
 */
export function renderedOncePerShape<Shape, Items extends readonly BatchItem<"sqlite">[]>(
  build: (db: Database, shape: Shape, value: (name: string) => Placeholder) => Items,
): (db: Database, key: string, shape: Shape, values: Record<string, unknown>) => Items {
  const rendered = new WeakMap<Database, Map<string, PreparedForBatch[]>>();
  return (db, key, shape, values) => {
    let shapes = rendered.get(db);
    if (!shapes) {
      shapes = new Map();
      rendered.set(db, shapes);
    }
    let prepared = shapes.get(key);
    if (!prepared) {
      if (shapes.size >= KEPT_SHAPES) shapes.clear();
      prepared = build(db, shape, (name) => sql.placeholder(name)).map(prepareForBatch);
      shapes.set(key, prepared);
    }
    return prepared.map((template) => filledStatement(db, template, values)) as unknown as Items;
  };
}

function prepareForBatch(query: BatchItem<"sqlite">): PreparedForBatch {
  return (query as unknown as Preparable)._prepare();
}

/** A statement for db.batch: `template`'s text, `values` in its placeholders, rows mapped as the template maps them. */
function filledStatement(
  db: Database,
  template: PreparedForBatch,
  values: Record<string, unknown>,
): BatchItem<"sqlite"> {
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
  return statement as unknown as BatchItem<"sqlite">;
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
