import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  eventDates,
  events,
  orderItems,
  orders,
  promoCodes,
  quotaTickets,
  quotas,
  rateLimits,
  ticketDates,
  tickets,
  waitingListEntries,
} from "#db/schema";
import type { SyncSql } from "./sync-sql";

/**
 * The tables the booking guards read (domain/booking/stock-sql.ts, held-places.ts, promoAllows) and the rate limits,
 * recreated in the event's object with the same names and columns, so the very same guard SQL decides there. Only the
 * event's rows are copied (inventory-snapshot.ts); no constraint or trigger is needed: the object writes only holds.
 */
export const MIRRORED_TABLES: SQLiteTable[] = [
  events,
  tickets,
  eventDates,
  ticketDates,
  quotas,
  quotaTickets,
  promoCodes,
  orders,
  orderItems,
  waitingListEntries,
  rateLimits,
];

function createTableSql(table: SQLiteTable): string {
  const config = getTableConfig(table);
  const columns = config.columns.map((column) => {
    if (!column.primary) return `"${column.name}"`;
    return column.name === "id" ? `"id" integer primary key` : `"${column.name}" primary key`;
  });
  return `create table if not exists "${config.name}" (${columns.join(", ")})`;
}

/** The indexes the guards' subqueries read, as on D1 (order items by ticket, event and date; pending promo orders). */
const MIRROR_INDEXES = [
  `create index if not exists order_items_ticket_held on order_items (ticket_id, held_until)`,
  `create index if not exists order_items_event_held on order_items (event_id, held_until, ticket_type)`,
  `create index if not exists order_items_event_date_held on order_items (event_id, date_id, held_until)`,
  `create index if not exists order_items_order on order_items (order_id)`,
  `create index if not exists orders_promo on orders (promo_code_id, status, payable_until)`,
  `create index if not exists waiting_list_ticket on waiting_list_entries (ticket_id, status)`,
  `create index if not exists tickets_event on tickets (event_id, ticket_type)`,
];

/**
 * The object's own tables: which orders it took (`own_orders`: not yet known to be in D1), the ids D1 reserved for it,
 * what the queue still has to carry to D1 (`outbox`) and a few settings.
 */
const OWN_TABLES = [
  `create table if not exists own_orders (id integer primary key, due_at integer, placed_at integer not null)`,
  `create table if not exists id_pool (next integer not null, last integer not null)`,
  `create table if not exists outbox (seq integer primary key autoincrement, body text not null)`,
  `create table if not exists settings (key text primary key, value text not null)`,
];

export function createMirrorTables(db: SyncSql): void {
  for (const statement of [...MIRRORED_TABLES.map(createTableSql), ...MIRROR_INDEXES, ...OWN_TABLES])
    db.run({ sql: statement, params: [] });
}
