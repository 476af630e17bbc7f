import { and, asc, gt } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import { paymentStatus } from "./order-status";
import type { Actor } from "../shared/actor";
import { answerCells, answerColumns, readAnswersOfOrders } from "../participation-forms/answer-columns";
import { loadFormQuestions } from "../participation-forms/answer-labels";
import { csvEuros, type CsvPage } from "../shared/csv";
import { csvHeaderRow, csvLocalTime, type CsvColumn, type CsvLanguage } from "../shared/csv-headers";
import { ordersWhere, type OrderFilters } from "./list-orders";
import { listEventDateChoices } from "../events/event-date-filters";

const EXPORT_PAGE_SIZE = 500;

/** The orders CSV's fixed columns, in order (decision 0045 for the words). */
export const ordersCsvColumns = [
  { fr: "id", en: "id" },
  { fr: "prenom", en: "first_name" },
  { fr: "nom", en: "last_name" },
  { fr: "email", en: "email" },
  { fr: "montant", en: "amount" },
  { fr: "frais", en: "fees" },
  { fr: "montant_net", en: "net_amount" },
  { fr: "statut", en: "status" },
  { fr: "duree_paiement_s", en: "checkout_time" },
  { fr: "code_promo", en: "promo_code_key" },
  { fr: "date_commande", en: "created_at", time: true },
  { fr: "date_paiement", en: "paid_at", time: true },
] as const satisfies readonly CsvColumn[];

/** The date of a multi-date event's order (empty: places on several dates). */
export const orderDateCsvColumn = [{ fr: "date", en: "date", time: true }] as const satisfies readonly CsvColumn[];

/**
 * The orders CSV of the table's current filters, headed in the request's language with times on the event's clock
 * (decision 0045), read page by page in id order (keyset). Needs event:view-sales.
 * After the fixed columns, one column per order-form question, headed by its title, holding the answer as shown
 * (option titles; participant-form answers are one per participant: the participants CSV carries them, decision 0040).
 */
export async function exportOrders(
  db: Database,
  actor: Actor,
  input: OrderFilters & { eventId: number; now?: number; language?: CsvLanguage },
): Promise<{ header: string[]; nextPage: (afterId: number | null) => Promise<CsvPage<number>> }> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const now = input.now ?? Date.now();
  const columns = answerColumns(await loadFormQuestions(db, event), ["before"]);
  const where = ordersWhere(event, { ...input, questions: columns }, now);
  // A multi-date event's orders carry their date (decision 0068), after the fixed columns.
  const dates = await listEventDateChoices(db, event);
  const starts = new Map(dates.map((date) => [date.id, date.startAt]));
  const dated = dates.length > 0;
  return {
    header: [
      ...csvHeaderRow(ordersCsvColumns, input.language ?? "fr", event.timezone),
      ...(dated ? csvHeaderRow(orderDateCsvColumn, input.language ?? "fr", event.timezone) : []),
      ...columns.map((column) => column.title),
    ],
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
          csvLocalTime(row.createdAt, event.timezone),
          csvLocalTime(row.paidAt, event.timezone),
          ...(dated
            ? [csvLocalTime(row.dateId === null ? null : (starts.get(row.dateId) ?? null), event.timezone)]
            : []),
          ...answerCells(columns, answers, { orderId: row.id, participantId: null }),
        ]),
        next: rows.length === EXPORT_PAGE_SIZE ? rows[rows.length - 1]!.id : null,
      };
    },
  };
}
