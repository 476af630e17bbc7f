import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, transactions } from "#db/schema";
import type { Actor } from "../shared/actor";
import { afterCursor, cursorPage, type Cursor, type CursorPage } from "../shared/cursor-paging";
import {
  transactionRowColumns,
  transactionsWhere,
  type TransactionFilters,
  type TransactionRow,
} from "./list-transactions";
import { assertFinanceViewer } from "./transaction-access";

/** The organization's ledger in id order (oldest first) after the cursor, with the ledger's filters. */
export async function listTransactionsAfter(
  db: Database,
  actor: Actor,
  input: TransactionFilters & { cursor: Cursor },
): Promise<CursorPage<TransactionRow>> {
  assertFinanceViewer(actor);
  const rows = await transactionsAfterQuery(db, actor.organizationId, input, input.cursor);
  const page = cursorPage(rows, input.cursor);
  return { ...page, items: page.items.map((row) => ({ ...row, occurredAt: row.occurredAt.getTime() })) };
}

/** The page's query for a finance viewer's organization: `limit + 1` rows, to know whether another page follows. */
export function transactionsAfterQuery(
  db: Database,
  organizationId: number,
  filters: TransactionFilters,
  cursor: Cursor,
) {
  return db
    .select(transactionRowColumns)
    .from(transactions)
    .leftJoin(events, eq(events.id, transactions.eventId))
    .where(and(transactionsWhere(organizationId, filters), afterCursor(transactions.id, cursor)))
    .orderBy(asc(transactions.id))
    .limit(cursor.limit + 1);
}
