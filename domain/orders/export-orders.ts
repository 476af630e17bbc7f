import { and, asc, gt } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import { paymentStatus } from "./order-status";
import type { Actor } from "../shared/actor";
import { answerCells, answerColumns, readAnswersOfOrders } from "../participation-forms/answer-columns";
import { loadFormQuestions } from "../participation-forms/answer-labels";
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

/**
 * The orders CSV of the table's current filters, read page by page in id order (keyset). Needs event:manage-sales.
 * After the fixed columns, one column per order-form question, headed by its title, holding the answer as shown
 * (option titles; participant-form answers are one per participant: the participants CSV carries them, decision 0040).
 */
export async function exportOrders(
  db: Database,
  actor: Actor,
  input: OrderFilters & { eventId: number; now?: number },
): Promise<{ header: string[]; nextPage: (afterId: number | null) => Promise<CsvPage<number>> }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:manage-sales");
  const now = input.now ?? Date.now();
  const columns = answerColumns(await loadFormQuestions(db, event), ["before"]);
  const where = ordersWhere(event, { ...input, questions: columns }, now);
  return {
    header: [...ordersCsvHeader, ...columns.map((column) => column.title)],
    nextPage: async (afterId) => {
      const rows = await db
        .select()
        .from(orders)
        .where(afterId === null ? where : and(where, gt(orders.id, afterId)))
        .orderBy(asc(orders.id))
        .limit(EXPORT_PAGE_SIZE);
      const answers = columns.length
        ? await readAnswersOfOrders(
            db,
            event,
            rows.map((row) => row.id),
          )
        : [];
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
          ...answerCells(columns, answers, { orderId: row.id, participantId: null }),
        ]),
        next: rows.length === EXPORT_PAGE_SIZE ? rows[rows.length - 1]!.id : null,
      };
    },
  };
}
