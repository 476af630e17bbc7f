import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { orders, participants } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { paymentStatus, paymentStatusesSql, type OrderBuyerAndMoney, type PaymentStatus } from "./order-status";
import type { OrderSortId } from "./order-sort";

export { orderSortIds, type OrderSortId } from "./order-sort";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { escapeLike } from "../shared/sql";

export type OrderFilters = {
  /** An order number (exact), or the start of the buyer's email. */
  search?: string;
  statuses?: PaymentStatus[];
  /** Only these orders (an export of the selected rows). */
  ids?: number[];
};

export type OrderRow = OrderBuyerAndMoney & {
  participants: number;
  createdAt: number;
  paidAt: number | null;
};

const sortColumns: Record<OrderSortId, AnySQLiteColumn[]> = {
  id: [orders.id],
  buyer: [orders.lastName, orders.firstName],
  amount: [orders.amount],
  status: [orders.status],
  checkout_time: [orders.checkoutTime],
  created_at: [orders.createdAt],
};

export function ordersWhere(event: { id: number; organizationId: number }, filters: OrderFilters, now: number): SQL {
  const conditions: (SQL | undefined)[] = [inEventScope(orders, event)];
  if (filters.ids?.length) conditions.push(inArray(orders.id, filters.ids));
  const search = (filters.search ?? "").trim();
  if (search) {
    const number = /^#?\s*(\d{1,15})$/.exec(search);
    conditions.push(
      number
        ? eq(orders.id, Number(number[1]))
        : sql`${orders.email} like ${`${escapeLike(search.toLowerCase())}%`} escape '\\'`,
    );
  }
  if (filters.statuses?.length) conditions.push(paymentStatusesSql(filters.statuses, now));
  return and(...conditions)!;
}

// eq() qualifies both columns: a bare ${participants.orderId} = ${orders.id} renders as "order_id" = "id", which SQLite
// resolves to the inner table on both sides.
const participantCount = sql<number>`(select count(*) from ${participants} where ${eq(participants.orderId, orders.id)})`;

async function readOrderRows(
  db: Database,
  event: { id: number; organizationId: number },
  input: OrderFilters & { offset: number; limit: number; sort: { id: OrderSortId; desc: boolean } | null; now: number },
): Promise<OrderRow[]> {
  const sort = input.sort ?? { id: "id", desc: true };
  const direction = sort.desc ? desc : asc;
  const rows = await db
    .select({
      id: orders.id,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      amount: orders.amount,
      fees: orders.fees,
      netAmount: orders.netAmount,
      status: orders.status,
      paidAt: orders.paidAt,
      payableUntil: orders.payableUntil,
      checkoutTime: orders.checkoutTime,
      participants: participantCount,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(ordersWhere(event, input, input.now))
    .orderBy(...sortColumns[sort.id].map((column) => direction(column)), direction(orders.id))
    .limit(input.limit)
    .offset(input.offset);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    amount: row.amount,
    fees: row.fees,
    netAmount: row.netAmount,
    status: paymentStatus(row, input.now),
    checkoutTime: row.checkoutTime,
    participants: Number(row.participants),
    createdAt: row.createdAt.getTime(),
    paidAt: row.paidAt?.getTime() ?? null,
  }));
}

/** The orders table of an event (spec §2, §3): one page, the total and the actor's rights. */
export async function listOrders(
  db: Database,
  actor: Actor,
  input: OrderFilters & {
    eventId: number;
    offset: number;
    limit: number;
    sort: { id: OrderSortId; desc: boolean } | null;
    now?: number;
  },
): Promise<{ rows: OrderRow[]; total: number; timezone: string; canManage: boolean }> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view");
  const now = input.now ?? Date.now();
  const [rows, [total]] = await Promise.all([
    readOrderRows(db, event, { ...input, now }),
    db
      .select({ total: count() })
      .from(orders)
      .where(ordersWhere(event, input, now)),
  ]);
  return {
    rows,
    total: total?.total ?? 0,
    timezone: event.timezone,
    canManage: canOnEvent(actor, "event:manage-sales", scope),
  };
}
