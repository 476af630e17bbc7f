import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { orderStatuses, orders, participantCounts, participants, tickets, type TicketType } from "#db/schema";
import { inEventScope, loadEventForActor, type KnownEvent } from "../events/event-access";
import { participantsOnDates } from "../events/event-date-filters";
import { countsAsParticipant, paymentStatus, paymentStatusesSql, type PaymentStatus } from "../orders/order-status";
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
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import { escapeLike } from "../shared/sql";
import type { CheckInState } from "./check-in-state";
import { parseAddons, type ParticipantAddon } from "./participant-addons";
import type { ParticipantSortId } from "./participant-sort";

export { participantSortIds, type ParticipantSortId } from "./participant-sort";

export { checkInStates, type CheckInState } from "./check-in-state";

export type { ParticipantAddon } from "./participant-addons";

export type ParticipantFilters = {
  /** Free text on the combined first name, last name and email (participants.search_text). */
  search?: string;
  ticketIds?: number[];
  orderStatuses?: PaymentStatus[];
  checkIn?: CheckInState[];
  /** Only these participants (an export of the selected rows). */
  ids?: number[];
  /** Questions of the forms (decision 0040): any of the options chosen, or answered at all. */
  answers?: AnswerFilter[];
  /** The event's answerable questions: the search reads their answers too; a filter on another question is ignored. */
  questions?: AnswerColumn[];
  /** Dates of a multi-date event (decision 0068): their participants, pass holders included. */
  dateIds?: number[];
};

export type ListParticipantsInput = ParticipantFilters & {
  eventId: number;
  offset: number;
  limit: number;
  sort: { id: ParticipantSortId; desc: boolean } | null;
  now?: number;
  /** The event as already read in this request (loadEventForActor's `known`). */
  known?: KnownEvent;
};

export type ParticipantRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  ticketId: number;
  ticketTitle: string;
  ticketType: TicketType;
  price: number;
  orderId: number;
  orderStatus: PaymentStatus;
  promoCodeKey: string | null;
  lastValidationAt: number | null;
  isIn: boolean;
  createdAt: number;
  eventDate: number | null;
  /** The answers as shown (option titles), by column id (`answer_<id>`, `order_answer_<id>`). */
  answers: Record<string, string>;
  /** The order's add-ons, shown with its first ticket holder (decision 0045); empty on the order's other holders. */
  addons: ParticipantAddon[];
};

export type ParticipantsPage = {
  rows: ParticipantRow[];
  total: number;
  timezone: string;
  eventStatus: string;
  canManage: boolean;
  /** Whether the actor may write to these participants ("Écrire aux participants sélectionnés", issue 27). */
  canMessage: boolean;
  tickets: { id: number; title: string; ticketType: TicketType }[];
  /** One column per question of the order form then the participant form. */
  answerColumns: AnswerColumn[];
};

/** Lower-case and accent-free words, as participants.search_text is stored. */
export function searchWords(search: string): string[] {
  return search
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5);
}

const sortColumns: Record<ParticipantSortId, AnySQLiteColumn[]> = {
  id: [participants.id],
  name: [participants.lastName, participants.firstName],
  email: [participants.email],
  ticket: [participants.ticketTitle],
  price: [participants.price],
  order: [participants.orderId],
  promo_code_key: [participants.promoCodeKey],
  last_validation: [participants.lastValidationAt],
  created_at: [participants.createdAt],
  event_date: [participants.eventDate],
};

const answerOwner: AnswerOwner = { orderId: participants.orderId, participantId: participants.id };

/**
 * The WHERE of the participants table for an event (tenant included): search on search_text (each word a substring,
 * read from the (event, organization, search_text) index, never the rows) or in the answers to the form questions,
 * tickets, the order's displayed status, the check-in state and the answers chosen.
 */
export function participantsWhere(
  event: { id: number; organizationId: number },
  filters: ParticipantFilters,
  now: number,
): SQL {
  const conditions: (SQL | undefined)[] = [inEventScope(participants, event), isListedParticipant(event, filters)];
  if (filters.ids?.length) conditions.push(inArray(participants.id, filters.ids));
  const typed = typedWords(filters.search ?? "");
  searchWords(filters.search ?? "").forEach((word, i) => {
    const inSearchText = sql`${participants.searchText} like ${`%${escapeLike(word)}%`} escape '\\'`;
    const inAnswers = filters.questions?.length
      ? answerSearchSql(event, filters.questions, { folded: word, typed: typed[i] ?? word }, answerOwner)
      : undefined;
    conditions.push(inAnswers ? or(inSearchText, inAnswers) : inSearchText);
  });
  for (const filter of filters.answers ?? []) {
    conditions.push(answerFilterSql(event, filters.questions ?? [], filter, answerOwner));
  }
  if (filters.ticketIds?.length) conditions.push(inArray(participants.ticketId, filters.ticketIds));
  if (filters.dateIds?.length) conditions.push(participantsOnDates(filters.dateIds, event));
  if (filters.orderStatuses?.length) conditions.push(paymentStatusesSql(filters.orderStatuses, now));
  if (filters.checkIn?.length) {
    const states: SQL[] = filters.checkIn.map((state) =>
      state === "in"
        ? eq(participants.isIn, true)
        : state === "out"
          ? and(eq(participants.isIn, false), isNotNull(participants.lastValidationAt))!
          : and(eq(participants.isIn, false), isNull(participants.lastValidationAt))!,
    );
    conditions.push(or(...states));
  }
  return and(...conditions)!;
}

/**
 * The event's rows that are not participants (decision 0045), as a subquery of ids: its add-on rows (shown with their
 * ticket holder), and, unless the view chose order statuses, the ticket rows of orders that gave their places back
 * (cancelled, expired, refunded: what the dashboard does not count). Built once per query from the (event, tenant,
 * ticket type) index and the (event, status) index of orders, it leaves a search counted from the (event, tenant, id,
 * search_text) index without the rows.
 */
function notParticipantIds(event: { id: number; organizationId: number }, withReleased: boolean): SQL {
  const addons = sql`select addon_rows.id from ${participants} as addon_rows where addon_rows.event_id = ${event.id} and addon_rows.organization_id = ${event.organizationId} and addon_rows.ticket_type = 'addon'`;
  if (!withReleased) return addons;
  const released = sql.join(
    orderStatuses.filter((status) => !countsAsParticipant(status)).map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`${addons} union all select released_rows.id from ${orders} as released_orders join ${participants} as released_rows on released_rows.order_id = released_orders.id where released_orders.event_id = ${event.id} and released_orders.organization_id = ${event.organizationId} and released_orders.status in (${released}) and released_rows.ticket_type = 'ticket'`;
}

/** The row is a participant of the view: a ticket holder, of an order holding its places unless statuses are chosen. */
export function isListedParticipant(event: { id: number; organizationId: number }, filters: ParticipantFilters): SQL {
  return sql`${participants.id} not in (${notParticipantIds(event, !filters.orderStatuses?.length)})`;
}

/**
 * The titles of the add-on rows of the row's order as a JSON array, in id order, on the order's first ticket holder
 * only (so that a column of add-ons sums to what was sold), else null; parseAddons counts them. Reads the order's few
 * rows through participants_order_idx (already in id order: no sort).
 */
export const addonsJsonSql = sql<
  string | null
>`(case when ${participants.id} = (select min(holder.id) from ${participants} as holder where holder.order_id = ${participants.orderId} and holder.ticket_type = 'ticket') then (select json_group_array(addon.ticket_title) from ${participants} as addon where addon.order_id = ${participants.orderId} and addon.ticket_type = 'addon') end)`;

/** The search's words as typed (lower case, accents kept), in the order of searchWords: text answers keep accents. */
function typedWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
}

/**
 * No search, filter or selection: the total is the event's kept row count (participant_counts) less the rows that are
 * not participants (notParticipantIds: add-ons and released orders' tickets, counted from indexes): the dashboard's
 * participant count.
 */
function isUnfiltered(filters: ParticipantFilters): boolean {
  return (
    searchWords(filters.search ?? "").length === 0 &&
    !filters.ids?.length &&
    !filters.ticketIds?.length &&
    !filters.dateIds?.length &&
    !filters.orderStatuses?.length &&
    !filters.checkIn?.length &&
    !filters.answers?.length
  );
}

function needsOrders(filters: ParticipantFilters): boolean {
  return (filters.orderStatuses?.length ?? 0) > 0;
}

const rowColumns = {
  id: participants.id,
  firstName: participants.firstName,
  lastName: participants.lastName,
  email: participants.email,
  ticketId: participants.ticketId,
  ticketTitle: participants.ticketTitle,
  ticketType: participants.ticketType,
  price: participants.price,
  orderId: participants.orderId,
  promoCodeKey: participants.promoCodeKey,
  lastValidationAt: participants.lastValidationAt,
  isIn: participants.isIn,
  createdAt: participants.createdAt,
  eventDate: participants.eventDate,
  orderStatusRaw: orders.status,
  orderPaidAt: orders.paidAt,
  orderPayableUntil: orders.payableUntil,
  storedAnswers: storedAnswersSql(answerOwner).as("stored_answers"),
  addonsJson: addonsJsonSql.as("addons_json"),
};

type ColumnsOf<T> = Omit<T, "storedAnswers" | "addonsJson">;
type RawRow = {
  [K in keyof ColumnsOf<typeof rowColumns>]: ColumnsOf<typeof rowColumns>[K]["_"]["notNull"] extends true
    ? ColumnsOf<typeof rowColumns>[K]["_"]["data"]
    : ColumnsOf<typeof rowColumns>[K]["_"]["data"] | null;
} & { storedAnswers: string | null; addonsJson: string | null };

function toRow(raw: RawRow, now: number, columns: readonly AnswerColumn[] = []): ParticipantRow {
  return {
    id: raw.id,
    firstName: raw.firstName,
    lastName: raw.lastName,
    email: raw.email,
    ticketId: raw.ticketId,
    ticketTitle: raw.ticketTitle,
    ticketType: raw.ticketType,
    price: raw.price,
    orderId: raw.orderId,
    orderStatus: paymentStatus(
      { status: raw.orderStatusRaw, paidAt: raw.orderPaidAt, payableUntil: raw.orderPayableUntil },
      now,
    ),
    promoCodeKey: raw.promoCodeKey,
    lastValidationAt: raw.lastValidationAt?.getTime() ?? null,
    isIn: raw.isIn,
    createdAt: raw.createdAt.getTime(),
    eventDate: raw.eventDate?.getTime() ?? null,
    answers: columns.length ? shownAnswersOf(columns, raw.storedAnswers) : {},
    addons: parseAddons(raw.addonsJson),
  };
}

type RowsInput = ParticipantFilters & {
  offset: number;
  limit: number;
  sort: { id: ParticipantSortId; desc: boolean } | null;
  now: number;
};

/**
 * A page's rows as a query not yet run. `fromEnd` reads the same page counting from the other end of the order (every
 * direction flipped, the id tie-break included, so the order stays total and exactly reversed): the caller puts the
 * rows back in order. A deep page then skips few rows instead of nearly all of them.
 */
export function participantRowsQuery(
  db: Database,
  event: { id: number; organizationId: number },
  input: RowsInput,
  fromEnd = false,
) {
  const sort = input.sort ?? { id: "id", desc: true };
  const descending = sort.desc !== fromEnd;
  const direction = descending ? desc : asc;
  const order = [...sortColumns[sort.id].map((column) => direction(column)), direction(participants.id)];
  return db
    .select(rowColumns)
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(participantsWhere(event, input, input.now))
    .orderBy(...(sort.id === "id" ? [direction(participants.id)] : order))
    .limit(input.limit)
    .offset(input.offset);
}

/** One page of rows for an event already authorized (the page, the export and the API share it). */
async function readParticipantRows(
  db: Database,
  event: { id: number; organizationId: number },
  input: RowsInput,
): Promise<ParticipantRow[]> {
  const raw = await participantRowsQuery(db, event, input);
  return raw.map((row) => toRow(row, input.now, input.questions));
}

/**
 * The total of a view as a query not yet run, one row `{ total }`: the kept count when nothing filters (what
 * count(*) over the event's rows gives, read from one row), else a count of the matching rows.
 */
export function countQuery(
  db: Database,
  event: { id: number; organizationId: number },
  filters: ParticipantFilters,
  now: number,
) {
  if (isUnfiltered(filters)) {
    return db
      .select({
        total:
          sql<number>`coalesce(sum(${participantCounts.participants}), 0) - (select count(*) from (${notParticipantIds(event, true)}))`.mapWith(
            Number,
          ),
      })
      .from(participantCounts)
      .where(and(eq(participantCounts.eventId, event.id), eq(participantCounts.organizationId, event.organizationId)));
  }
  const base = db.select({ total: count() }).from(participants);
  const query = needsOrders(filters) ? base.innerJoin(orders, eq(orders.id, participants.orderId)) : base;
  return query.where(participantsWhere(event, filters, now));
}

/** From this offset on, the total is read first so that a page past the middle is read from the far end. */
const DEEP_OFFSET = 500;

/**
 * The participants table of an event (spec §2, §3): ticket holders with their add-ons (of orders holding places unless
 * order statuses are chosen), one page, the total (unfiltered, the dashboard's participant count), the tickets and the
 * actor's rights.
 */
export async function listParticipants(
  db: Database,
  actor: Actor,
  input: ListParticipantsInput,
): Promise<ParticipantsPage> {
  const { event, scope } = await loadEventForActor(db, actor, input.eventId, "event:view-sales", input.known);
  const now = input.now ?? Date.now();
  const questions = answerColumns(await loadFormQuestions(db, event), ["before", "before-tickets"]);
  input = { ...input, questions };
  const ticketsRead = db
    .select({ id: tickets.id, title: tickets.title, ticketType: tickets.ticketType })
    .from(tickets)
    .where(and(inEventScope(tickets, event), ne(tickets.visibility, "deleted")))
    .orderBy(asc(tickets.ticketType), asc(tickets.sort), asc(tickets.id));
  const rowsInput = { ...input, now };
  let rows: ParticipantRow[];
  let total: number;
  let ticketList: Awaited<typeof ticketsRead>;
  if (input.offset < DEEP_OFFSET) {
    // One round trip for the page, the total and the ticket facet.
    const [raw, [counted], list] = await db.batch([
      participantRowsQuery(db, event, rowsInput),
      countQuery(db, event, input, now),
      ticketsRead,
    ]);
    rows = raw.map((row) => toRow(row, now, questions));
    total = counted?.total ?? 0;
    ticketList = list;
  } else {
    const [[counted], list] = await db.batch([countQuery(db, event, input, now), ticketsRead]);
    total = counted?.total ?? 0;
    ticketList = list;
    const fromEnd = total - input.offset - input.limit;
    if (input.offset >= total) rows = [];
    else if (fromEnd < input.offset) {
      // Past the middle: the rows before the page's end, counted from the other end, reversed back.
      const limit = Math.min(input.limit, total - input.offset);
      const raw = await participantRowsQuery(db, event, { ...rowsInput, offset: Math.max(0, fromEnd), limit }, true);
      rows = raw.reverse().map((row) => toRow(row, now, questions));
    } else rows = await readParticipantRows(db, event, rowsInput);
  }
  return {
    rows,
    total,
    timezone: event.timezone,
    // A draft sends no email (decision 0038): the add dialog leaves its "send the email" box unticked there.
    eventStatus: event.status,
    canManage: canOnEvent(actor, "event:manage-sales", scope),
    canMessage: canOnEvent(actor, "event:message-attendees", scope),
    tickets: ticketList,
    answerColumns: questions,
  };
}
