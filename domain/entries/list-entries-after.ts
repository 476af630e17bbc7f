import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, participants } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import type { Actor } from "../shared/actor";
import { afterCursor, cursorPage, type Cursor, type CursorPage } from "../shared/cursor-paging";
import { entriesWhere, entryRowColumns, type EntryFilters, type EntryRow } from "./list-entries";

/** The event's scans in id order (oldest first) after the cursor, with the table's filters. */
export async function listEntriesAfter(
  db: Database,
  actor: Actor,
  input: EntryFilters & { eventId: number; cursor: Cursor },
): Promise<CursorPage<EntryRow>> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const rows = await entriesAfterQuery(db, event, input, input.cursor);
  const page = cursorPage(rows, input.cursor);
  return { ...page, items: page.items.map((row) => ({ ...row, validatedAt: row.validatedAt.getTime() })) };
}

/** The page's query for an event already authorized: `limit + 1` rows, to know whether another page follows. */
export function entriesAfterQuery(
  db: Database,
  event: { id: number; organizationId: number },
  filters: EntryFilters,
  cursor: Cursor,
) {
  return db
    .select(entryRowColumns)
    .from(entries)
    .innerJoin(participants, eq(participants.id, entries.participantId))
    .where(and(entriesWhere(event, filters), afterCursor(entries.id, cursor)))
    .orderBy(asc(entries.id))
    .limit(cursor.limit + 1);
}
