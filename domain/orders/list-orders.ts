import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { orders, participants } from "#db/schema";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { ordersOnDates } from "../events/event-date-filters";
import { paymentStatus, paymentStatusesSql, type OrderBuyerAndMoney, type PaymentStatus } from "./order-status";
import type { OrderSortId } from "./order-sort";

export { orderSortIds, type OrderSortId } from "./order-sort";
import {
  answerColumns,
  answerFilterSql,
  answerSearchSql,
  shownAnswersOf,
  storedAnswersSql,
  type AnswerColumn,
  type AnswerFilter,
  type AnswerOwner,
} from "../participation-forms/answer-columns";
import { loadFormQuestions } from "../participation-forms/answer-labels";
import { searchWords } from "../participants/word-start";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { escapeLike } from "../shared/sql";

export type OrderFilters = {
  /** An order number (exact), or the start of the buyer's email. */
  search?: string;
  statuses?: PaymentStatus[];
  /** Only these orders (an export of the selected rows). */
  ids?: number[];
  /** Order-form questions (decision 0040): any of the options chosen, or answered at all. */
  answers?: AnswerFilter[];
  /** The event's order-form questions: the search reads their answers too; a filter on another question is ignored. */
  questions?: AnswerColumn[];
  /** Dates of a multi-date event (decision 0068): orders with places on them. */
  dateIds?: number[];
};

export type OrderRow = OrderBuyerAndMoney & {
  participants: number;
  createdAt: number;
  paidAt: number | null;
  /** The date of the order's places when they share one (decision 0068); null otherwise. */
  dateId: number | null;
  /** The order-form answers as shown (option titles), by column id (`order_answer_<id>`). */
  answers: Record<string, string>;
};

const answerOwner: AnswerOwner = { orderId: orders.id };

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
    const byEmail = sql`${orders.email} like ${`${escapeLike(search.toLowerCase())}%`} escape '\\'`;
    // Or every word in the order-form answers (a text answer, or an option's title).
    const typed = search.toLowerCase().split(/\s+/).filter(Boolean);
    const inAnswers = filters.questions?.length
      ? and(
          ...searchWords(search).map((word, i) =>
            answerSearchSql(event, filters.questions!, { folded: word, typed: typed[i] ?? word }, answerOwner),
          ),
        )
      : undefined;
    conditions.push(number ? eq(orders.id, Number(number[1])) : inAnswers ? or(byEmail, inAnswers) : byEmail);
  }
  if (filters.statuses?.length) conditions.push(paymentStatusesSql(filters.statuses, now));
  if (filters.dateIds?.length) conditions.push(ordersOnDates(event.id, filters.dateIds));
  for (const filter of filters.answers ?? []) {
    conditions.push(answerFilterSql(event, filters.questions ?? [], filter, answerOwner));
  }
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
      dateId: orders.dateId,
      storedAnswers: storedAnswersSql(answerOwner),
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
    dateId: row.dateId,
    answers: input.questions?.length ? shownAnswersOf(input.questions, row.storedAnswers) : {},
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
): Promise<{ rows: OrderRow[]; total: number; timezone: string; canManage: boolean; answerColumns: AnswerColumn[] }> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view-sales");
  const now = input.now ?? Date.now();
  const questions = answerColumns(await loadFormQuestions(db, event), ["before"]);
  input = { ...input, questions };
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
    answerColumns: questions,
  };
}
