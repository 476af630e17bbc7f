import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "#db/database";
import { orders, participants } from "#db/schema";
import { loadEventForActor } from "../events/event-access";
import { paymentStatus } from "../orders/order-status";
import type { Actor } from "../shared/actor";
import { answerCells, answerColumns, readAnswersOfOrders } from "../participation-forms/answer-columns";
import { loadFormQuestions } from "../participation-forms/answer-labels";
import { csvEuros, type CsvPage } from "../shared/csv";
import { csvHeaderRow, csvLocalTime, type CsvColumn, type CsvLanguage } from "../shared/csv-headers";
import { addonsJsonSql, participantsWhere, type ParticipantFilters } from "./list-participants";
import { addonsText, parseAddons } from "./participant-addons";

const EXPORT_PAGE_SIZE = 500;

/** The participants CSV's fixed columns, in order (spec §3's participant fields; decision 0045 for the words). */
export const participantsCsvColumns = [
  { fr: "id", en: "id" },
  { fr: "prenom", en: "first_name" },
  { fr: "nom", en: "last_name" },
  { fr: "email", en: "email" },
  { fr: "ticket_id", en: "ticket_id" },
  { fr: "billet", en: "ticket_title" },
  { fr: "options", en: "addons" },
  { fr: "prix", en: "price" },
  { fr: "commande", en: "payment" },
  { fr: "statut_commande", en: "payment_status" },
  { fr: "code_promo", en: "promo_code_key" },
  { fr: "entre", en: "is_in" },
  { fr: "derniere_validation", en: "last_validation", time: true },
  { fr: "date_achat", en: "created_at", time: true },
  { fr: "creneau", en: "event_date", time: true },
] as const satisfies readonly CsvColumn[];

/**
 * The participants CSV of the table's current filters (spec issue 11 §8), ticket holders with their order's add-ons
 * (decision 0045), headed in the request's language, times on the event's clock: checked once, then read page by page in id
 * order (keyset, never OFFSET) so that 100,000 rows stream without being held in memory. Needs event:view-sales.
 * After the fixed columns, one column per question of the order form then the participant form, headed by the
 * question's title, holding the answer as shown (option titles, decision 0040).
 */
export async function exportParticipants(
  db: Database,
  actor: Actor,
  input: ParticipantFilters & { eventId: number; now?: number; language?: CsvLanguage },
): Promise<{
  eventTitle: string;
  header: string[];
  nextPage: (afterId: number | null) => Promise<CsvPage<number>>;
}> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const now = input.now ?? Date.now();
  const columns = answerColumns(await loadFormQuestions(db, event), ["before", "before-tickets"]);
  const where = participantsWhere(event, { ...input, questions: columns }, now);
  return {
    eventTitle: event.title,
    header: [
      ...csvHeaderRow(participantsCsvColumns, input.language ?? "fr", event.timezone),
      ...columns.map((column) => column.title),
    ],
    nextPage: async (afterId) => {
      const rows = await db
        .select({
          id: participants.id,
          firstName: participants.firstName,
          lastName: participants.lastName,
          email: participants.email,
          ticketId: participants.ticketId,
          ticketTitle: participants.ticketTitle,
          addonsJson: addonsJsonSql.as("addons_json"),
          price: participants.price,
          orderId: participants.orderId,
          status: orders.status,
          paidAt: orders.paidAt,
          payableUntil: orders.payableUntil,
          promoCodeKey: participants.promoCodeKey,
          isIn: participants.isIn,
          lastValidationAt: participants.lastValidationAt,
          createdAt: participants.createdAt,
          eventDate: participants.eventDate,
        })
        .from(participants)
        .innerJoin(orders, eq(orders.id, participants.orderId))
        .where(afterId === null ? where : and(where, gt(participants.id, afterId)))
        .orderBy(asc(participants.id))
        .limit(EXPORT_PAGE_SIZE);
      const answers = columns.length
        ? await readAnswersOfOrders(
            db,
            event,
            rows.map((row) => row.orderId),
          )
        : [];
      return {
        rows: rows.map((row) => [
          row.id,
          row.firstName,
          row.lastName,
          row.email,
          row.ticketId,
          row.ticketTitle,
          addonsText(parseAddons(row.addonsJson)),
          csvEuros(row.price),
          row.orderId,
          paymentStatus(row, now),
          row.promoCodeKey,
          row.isIn ? "true" : "false",
          csvLocalTime(row.lastValidationAt, event.timezone),
          csvLocalTime(row.createdAt, event.timezone),
          csvLocalTime(row.eventDate, event.timezone),
          ...answerCells(columns, answers, { orderId: row.orderId, participantId: row.id }),
        ]),
        next: rows.length === EXPORT_PAGE_SIZE ? rows[rows.length - 1]!.id : null,
      };
    },
  };
}
