import { sql, type SQL } from "drizzle-orm";
import type { WaitingListStatus } from "#db/schema";

/** An entry still in line: waiting for places, or holding an offer. At most one per ticket and email (the index). */
export const OPEN_WAITING_LIST_STATUSES = ["waiting", "offered"] as const satisfies readonly WaitingListStatus[];

/** The current row of an outer select from `waiting_list_entries`, for `waitingListPositionSql`. */
export const ENTRY_ROW = {
  ticketId: sql.raw("waiting_list_entries.ticket_id"),
  id: sql.raw("waiting_list_entries.id"),
};

/**
 * A place in a ticket's line: how many open entries of the ticket have an id up to `entryId` (the line order is the
 * id), read on waiting_list_ticket_status_idx. 1 is the next one served.
 */
export function waitingListPositionSql(ticketId: number | SQL, entryId: number | SQL): SQL<number> {
  // The inner table is aliased and every name written out qualified, so that an outer select of the entries can name
  // its own row (ENTRY_ROW).
  return sql<number>`(select count(*) from waiting_list_entries as line where line.ticket_id = ${ticketId} and line.status in ('waiting', 'offered') and line.id <= ${entryId})`;
}
