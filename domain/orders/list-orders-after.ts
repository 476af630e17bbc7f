import { and, asc } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { paymentSummaryColumns, type EventPaymentSummary } from "../events/get-event";
import type { Actor } from "../shared/actor";
import { afterCursor, cursorPage, type Cursor, type CursorPage } from "../shared/cursor-paging";
import { paymentStatus } from "./order-status";

/** Every order of an event (all statuses, with the status the tables show), in id order after the cursor. */
export async function listOrdersAfter(
  db: Database,
  actor: Actor,
  input: { eventId: number; cursor: Cursor; now?: Date },
): Promise<CursorPage<EventPaymentSummary>> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const now = input.now ?? new Date();
  const rows = await ordersAfterQuery(db, event, input.cursor);
  const page = cursorPage(rows, input.cursor);
  return { ...page, items: page.items.map((row) => ({ ...row, status: paymentStatus(row, now) })) };
}

/** The page's query for an event already authorized: `limit + 1` rows, to know whether another page follows. */
export function ordersAfterQuery(db: Database, event: { id: number; organizationId: number }, cursor: Cursor) {
  return db
    .select(paymentSummaryColumns)
    .from(orders)
    .where(and(inEventScope(orders, event), afterCursor(orders.id, cursor)))
    .orderBy(asc(orders.id))
    .limit(cursor.limit + 1);
}
