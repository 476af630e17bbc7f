import { and, asc, gt } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import { paymentStatus } from "./order-status";
import type { Actor } from "../shared/actor";
import { csvEuros, type CsvPage } from "../shared/csv";
import { ordersWhere, type OrderFilters } from "./list-orders";

const EXPORT_PAGE_SIZE = 500;

export const ordersCsvHeader = [
  "id",
  "first_name",
  "last_name",
  "email",
  "amount",
  "fees",
  "net_amount",
  "status",
  "checkout_time",
  "promo_code_key",
  "created_at",
  "paid_at",
] as const;

/** The orders CSV of the table's current filters, read page by page in id order (keyset). Needs event:manage-sales. */
export async function exportOrders(
  db: Database,
  actor: Actor,
  input: OrderFilters & { eventId: number; now?: number },
): Promise<{ nextPage: (afterId: number | null) => Promise<CsvPage<number>> }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:manage-sales");
  const now = input.now ?? Date.now();
  const where = ordersWhere(event, input, now);
  return {
    nextPage: async (afterId) => {
      const rows = await db
        .select()
        .from(orders)
        .where(afterId === null ? where : and(where, gt(orders.id, afterId)))
        .orderBy(asc(orders.id))
        .limit(EXPORT_PAGE_SIZE);
      return {
        rows: rows.map((row) => [
          row.id,
          row.firstName,
          row.lastName,
          row.email,
          csvEuros(row.amount),
          csvEuros(row.fees),
          csvEuros(row.netAmount),
          paymentStatus(row, now),
          row.checkoutTime,
          row.promoCodeKey,
          row.createdAt.toISOString(),
          row.paidAt?.toISOString() ?? "",
        ]),
        next: rows.length === EXPORT_PAGE_SIZE ? rows[rows.length - 1]!.id : null,
      };
    },
  };
}
