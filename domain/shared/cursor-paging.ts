import { gt, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import * as v from "valibot";

/**
 * Cursor paging for integrators (issue 26 §4), beside the page numbers the app's tables use: a list in id order (oldest
 * first), continued with `starting_after=<the last id seen>`. New rows take higher ids, so a sync that runs while sales
 * continue reaches them at the end and never skips or repeats a row; an offset page would shift under it.
 */
export const CURSOR_LIMIT_DEFAULT = 25;
export const CURSOR_LIMIT_MAX = 100;

export type Cursor = { startingAfter: number | null; limit: number };
export type CursorPage<T> = { items: T[]; hasMore: boolean };

const digits = (max: number) =>
  v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${max}}$`), "errors:invalid-input"), v.transform(Number));

/** The query fields of a cursor list, spread into the route's query schema. */
export const cursorQueryEntries = {
  limit: v.optional(
    v.pipe(
      digits(3),
      v.minValue(1, "errors:cursor-limit-invalid"),
      v.maxValue(CURSOR_LIMIT_MAX, "errors:cursor-limit-invalid"),
    ),
  ),
  starting_after: v.optional(v.pipe(digits(15), v.minValue(0, "errors:invalid-input"))),
};

/** A list call answers a cursor page when it is asked with `limit` or `starting_after`. */
export function cursorOf(query: { limit?: number; starting_after?: number }): Cursor | null {
  if (query.limit === undefined && query.starting_after === undefined) return null;
  return { startingAfter: query.starting_after ?? null, limit: query.limit ?? CURSOR_LIMIT_DEFAULT };
}

/** The condition "after the cursor" on a table's id (undefined: from the start). */
export function afterCursor(id: AnySQLiteColumn, cursor: Cursor): SQL | undefined {
  return cursor.startingAfter === null ? undefined : gt(id, cursor.startingAfter);
}

/** Rows read with `limit + 1` (ascending id): the page, and whether another follows. */
export function cursorPage<T>(rows: T[], cursor: Cursor): CursorPage<T> {
  return { items: rows.slice(0, cursor.limit), hasMore: rows.length > cursor.limit };
}
