import { and, desc, eq, exists, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { events } from "#db/schema";

const MAX_FILTER_EVENTS = 200;

/**
 * The organization's events that have rows in `rows.table` (a finance list's event filter: transactions, invoices),
 * the latest first, at most 200.
 */
export function eventsWithRows(
  db: Database,
  organizationId: number,
  rows: { table: SQLiteTable; organizationId: SQLiteColumn; eventId: SQLiteColumn },
): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        exists(
          db
            .select({ one: sql`1` })
            .from(rows.table)
            .where(and(eq(rows.organizationId, organizationId), eq(rows.eventId, events.id))),
        ),
      ),
    )
    .orderBy(desc(events.startAt), desc(events.id))
    .limit(MAX_FILTER_EVENTS);
}
