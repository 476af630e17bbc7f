import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { renderedOncePerShape } from "#db/rendered-once";
import {
  orderStatuses,
  orders,
  participantSearchTokens,
  participants,
  salesFigures,
  tickets,
  type TicketType,
} from "#db/schema";
import { inEventScope, loadEventForActor, type EventTenant, type KnownEvent } from "../events/event-access";
import {
  eventDateChoicesQuery,
  participantsOnDates,
  toEventDateChoices,
  type EventDateChoice,
} from "../events/event-date-filters";
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
import { formQuestionsQuery, toFormQuestions } from "../participation-forms/answer-labels";
import { emailQuotaQuery, quotaDay, toEmailQuota, type EmailQuota } from "../emails/email-quota";
import { memberSessionGuard, type MemberSessionGuard } from "../auth/sessions";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import type { CheckInState } from "./check-in-state";
import { parseAddons, type ParticipantAddon } from "./participant-addons";
import {
  isPairKey,
  OVERFLOW_TOKEN,
  searchTokenKeys,
  wordStartMatchOf,
  wordStartMatchSql,
  type WordStartMatch,
} from "./search-tokens";
import { searchWords } from "./word-start";
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
  /**
   * The search read from its tokens (decision 0069): only the rows among the first `limit` entries of the tokens
   * starting with `key` (every word is still checked against the full text). Exact when fewer entries start with it.
   */
  tokens?: { key: TokenKey; limit: number | Placeholder };
  /** The search as searchTermsOf splits it (by default from `search`; a statement rendered once gives placeholders). */
  terms?: SearchTerms;
};

/** A token key of the search, or in a statement rendered once its placeholder and whether it is a pair's. */
export type TokenKey = string | { placeholder: Placeholder; pair: boolean };

function keyValue(key: TokenKey): string | Placeholder {
  return typeof key === "string" ? key : key.placeholder;
}

function isPairTokenKey(key: TokenKey): boolean {
  return typeof key === "string" ? isPairKey(key) : key.pair;
}

/** What a search asks of the SQL: each word's match on the stored text (and as typed, for answers), an order number. */
export type SearchTerms = {
  words: { match: WordStartMatch; folded: string; typed: string }[];
  orderNumber: number | Placeholder | null;
};

function searchTermsOf(search: string): SearchTerms {
  const typed = typedWords(search);
  return {
    words: searchWords(search).map((word, i) => ({
      match: wordStartMatchOf(word),
      folded: word,
      typed: typed[i] ?? word,
    })),
    orderNumber: orderNumberOf(search),
  };
}

export type ListParticipantsInput = ParticipantFilters & {
  eventId: number;
  offset: number;
  limit: number;
  sort: { id: ParticipantSortId; desc: boolean } | null;
  now?: number;
  /** The event as already read in this request (loadEventForActor's `known`). */
  known?: KnownEvent;
  /** The page's first round trip, read with the request's session (prefetchParticipantsStatements). */
  prefetched?: PrefetchedParticipants | null;
  /** How many token entries a search's page reads before it counts a word as common (SEARCH_CANDIDATES; tests). */
  candidates?: number;
  /** WIDE_SEARCH_CANDIDATES, for tests. */
  wideCandidates?: number;
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
  /** A search's total is counted up to SEARCH_COUNT_CAP + 1: true when more rows match ("plus de 10 000"). */
  totalCapped: boolean;
  timezone: string;
  eventStatus: string;
  canManage: boolean;
  /** Whether the actor may write to these participants ("Écrire aux participants sélectionnés", issue 27). */
  canMessage: boolean;
  tickets: { id: number; title: string; ticketType: TicketType }[];
  /** The event's dates (the date filter and column; empty for a single-date event). */
  dates: EventDateChoice[];
  /** What the organization may still send today: the add dialog's "send the confirmation email" (decision 0038). */
  emailQuota: EmailQuota;
  /** One column per question of the order form then the participant form. */
  answerColumns: AnswerColumn[];
};

/**
 * A page first reads at most this many token entries of the longest word: a word with more is common, and the page is
 * read again from the rarest word (see listParticipants).
 */
export const SEARCH_CANDIDATES = 5_000;
/**
 * When every typed word is common, the rarest one's entries are read up to this many (a name and a surname each
 * common, rarely together); past it the word is everywhere and its page is read in the table's order.
 */
export const WIDE_SEARCH_CANDIDATES = 50_000;
/** A search counts its rows up to this many: past it the table shows « plus de 10 000 » (decision 0069). */
export const SEARCH_COUNT_CAP = 10_000;

/** An order number typed in the search (all digits, "#" allowed before), else null. */
export function orderNumberOf(search: string): number | null {
  const match = /^#?(\d{1,15})$/.exec(search.trim());
  return match ? Number(match[1]) : null;
}

/**
 * The ids of the event's rows with a token starting with `key`, from the (event, token) primary key; for a pair key,
 * the rows too long for pairs as well (their OVERFLOW_TOKEN: a superset, each row is checked against its text).
 */
export function tokenCandidatesSql(eventId: number, tokenKey: TokenKey, limit: number | Placeholder): SQL {
  const t = participantSearchTokens;
  const key = keyValue(tokenKey);
  const range = sql`select ${t.participantId} from ${t} where ${t.eventId} = ${eventId} and ${t.token} >= ${key} and ${t.token} < ${key} || char(1114111)`;
  if (!isPairTokenKey(tokenKey)) return sql`${range} limit ${limit}`;
  return sql`select * from (${range} union all select ${t.participantId} from ${t} where ${t.eventId} = ${eventId} and ${t.token} = ${OVERFLOW_TOKEN}) limit ${limit}`;
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
 * The WHERE of the participants table for an event (tenant included): search on search_text (each word at a word's start,
 * read from the (event, organization, search_text) index, never the rows) or in the answers to the form questions,
 * tickets, the order's displayed status, the check-in state and the answers chosen.
 */
export function participantsWhere(event: EventTenant, filters: ParticipantFilters, now: number): SQL {
  const conditions: (SQL | undefined)[] = [inEventScope(participants, event), isListedParticipant(event, filters)];
  if (filters.ids?.length) conditions.push(inArray(participants.id, filters.ids));
  const terms = filters.terms ?? searchTermsOf(filters.search ?? "");
  const wordConditions: (SQL | undefined)[] = terms.words.map(({ match, folded, typed }) => {
    const inSearchText = wordStartMatchSql(participants.searchText, match);
    const inAnswers = filters.questions?.length
      ? answerSearchSql(event, filters.questions, { folded, typed }, answerOwner)
      : undefined;
    return inAnswers ? or(inSearchText, inAnswers) : inSearchText;
  });
  if (wordConditions.length) {
    // All digits: the participants of that order too, from participants_order_idx (decision 0069).
    const orderNumber = terms.orderNumber;
    const inText = and(...wordConditions)!;
    conditions.push(orderNumber === null ? inText : or(inText, eq(participants.orderId, orderNumber)));
    if (filters.tokens) {
      // The rows to check, as one list the query is driven by (an OR beside it would make SQLite read every row).
      const { key, limit } = filters.tokens;
      const fromTokens = tokenCandidatesSql(event.id, key, limit);
      const candidates =
        orderNumber === null
          ? fromTokens
          : sql`select * from (${fromTokens}) union all select order_rows.id from ${participants} as order_rows where order_rows.order_id = ${orderNumber}`;
      conditions.push(sql`${participants.id} in (${candidates})`);
    }
  }
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
function notParticipantIds(event: EventTenant, withReleased: boolean): SQL {
  const addons = sql`select addon_rows.id from ${participants} as addon_rows where addon_rows.event_id = ${event.id} and addon_rows.organization_id = ${event.organizationId} and addon_rows.ticket_type = 'addon'`;
  if (!withReleased) return addons;
  const released = sql.join(
    orderStatuses.filter((status) => !countsAsParticipant(status)).map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`${addons} union all select released_rows.id from ${orders} as released_orders join ${participants} as released_rows on released_rows.order_id = released_orders.id where released_orders.event_id = ${event.id} and released_orders.organization_id = ${event.organizationId} and released_orders.status in (${released}) and released_rows.ticket_type = 'ticket'`;
}

/** The row is a participant of the view: a ticket holder, of an order holding its places unless statuses are chosen. */
export function isListedParticipant(event: EventTenant, filters: ParticipantFilters): SQL {
  const withReleased = !filters.orderStatuses?.length;
  if (searchWords(filters.search ?? "").length === 0 && !isUnfiltered(filters)) {
    return sql`${participants.id} not in (${notParticipantIds(event, withReleased)})`;
  }
  // A search, and the unfiltered table, check each row they read instead (decisions 0069, 0073): the list of add-ons
  // and released tickets grows with the event, while a search's rows do not, and the unfiltered page stops at its
  // tenth row (its total is kept). The same rows: not an add-on, and unless statuses are chosen, of a holding order.
  // Unary + keeps the (event, tenant, ticket type) index from driving: the search's own rows, or the sort's, drive.
  const ticket = sql`+${participants.ticketType} = 'ticket'`;
  if (!withReleased) return ticket;
  const holding = sql.join(
    orderStatuses.filter((status) => countsAsParticipant(status)).map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`${ticket} and (select listed_orders.status from ${orders} as listed_orders where listed_orders.id = "participants"."order_id") in (${holding})`;
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
 * No search, filter or selection: the total is the dashboard's participant count, kept in `sales_figures` (ticket rows
 * of orders holding their places, the rule of order-status.ts), one row read whatever the event's size (decision 0073).
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

/** Without the form questions' answers: a view of an event whose forms ask nothing (most), answers read for nothing. */
const rowColumnsWithoutAnswers = { ...rowColumns, storedAnswers: sql<string | null>`null`.as("stored_answers") };

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
export function participantRowsQuery(db: Database, event: EventTenant, input: RowsInput, fromEnd = false) {
  const sort = input.sort ?? { id: "id", desc: true };
  const descending = sort.desc !== fromEnd;
  const direction = descending ? desc : asc;
  const order = [...sortColumns[sort.id].map((column) => direction(column)), direction(participants.id)];
  return db
    .select(input.questions?.length ? rowColumns : rowColumnsWithoutAnswers)
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
export function countQuery(db: Database, event: EventTenant, filters: ParticipantFilters, now: number) {
  if (isUnfiltered(filters)) {
    return db
      .select({ total: sql<number>`coalesce(sum(${salesFigures.participants}), 0)`.mapWith(Number) })
      .from(salesFigures)
      .where(inEventScope(salesFigures, event));
  }
  if (searchWords(filters.search ?? "").length === 0) {
    const base = db.select({ total: count() }).from(participants);
    const query = needsOrders(filters) ? base.innerJoin(orders, eq(orders.id, participants.orderId)) : base;
    return query.where(participantsWhere(event, filters, now));
  }
  // A search counts up to the cap: past it the exact figure would read every row of a common word.
  const base = db.select({ one: sql`1`.as("one") }).from(participants);
  const query = needsOrders(filters) ? base.innerJoin(orders, eq(orders.id, participants.orderId)) : base;
  const matched = query.where(participantsWhere(event, filters, now)).limit(SEARCH_COUNT_CAP + 1);
  return db.select({ total: count() }).from(matched.as("matched"));
}

/**
 * The count of a search whose every word is common (WIDE_SEARCH_CANDIDATES token entries or more): from the tokens of
 * `key` in their order, each row checked as the page checks it, up to the cap. Reads at most the cap's rows (and their
 * few tokens each), whatever the event's size.
 */
export function commonSearchCountQuery(
  db: Database,
  event: { id: number; organizationId: number },
  filters: ParticipantFilters,
  now: number,
  key: string,
) {
  const t = participantSearchTokens;
  const base = db
    .selectDistinct({ id: t.participantId })
    .from(t)
    .innerJoin(participants, eq(participants.id, t.participantId));
  const query = needsOrders(filters) ? base.innerJoin(orders, eq(orders.id, participants.orderId)) : base;
  const matched = query
    .where(
      and(
        eq(t.eventId, event.id),
        sql`${t.token} >= ${key} and ${t.token} < ${key} || char(1114111)`,
        participantsWhere(event, { ...filters, tokens: undefined }, now),
      ),
    )
    .limit(SEARCH_COUNT_CAP + 1);
  return db.select({ total: count() }).from(matched.as("matched"));
}

/**
 * The probes of the search's keys in one statement: how many token entries start with each, up to `limit`. Its one row
 * (`granted`) is missing when the event's read guard refuses, and the other statements then read nothing either.
 */
function tokenProbesQuery(db: Database, event: EventTenant, keys: TokenKey[], limit: number) {
  const fields: Record<string, SQL.Aliased<number>> = { granted: sql<number>`1`.mapWith(Number).as("granted") };
  keys.forEach((key, i) => {
    fields[`p${i}`] = sql<number>`(select count(*) from (${tokenCandidatesSql(event.id, key, limit)}))`
      .mapWith(Number)
      .as(`p${i}`);
  });
  // Under a read guard that refuses, no row: the probes are not counted.
  return db
    .select(fields)
    .from(event.readGuard ? sql`(select 1 where ${event.readGuard}) as one` : sql`(select 1) as one`);
}

/** From this offset on, the total is read first so that a page past the middle is read from the far end. */
const DEEP_OFFSET = 500;

type SearchLimits = { candidates: number; wide: number };

function searchLimitsOf(input: ListParticipantsInput): SearchLimits {
  const candidates = input.candidates ?? SEARCH_CANDIDATES;
  return { candidates, wide: Math.max(candidates, input.wideCandidates ?? WIDE_SEARCH_CANDIDATES) };
}

/**
 * What the page's first reads look for: an event whose forms are searched too reads its rows as before (an answer holds
 * words the tokens do not); else from the tokens of the longest key (decision 0069), a pair's alone (decision 0074).
 */
function searchPlanOf<Key extends TokenKey = string>(
  input: ListParticipantsInput,
  questions: AnswerColumn[],
  { candidates }: SearchLimits,
  keyed: (keys: string[]) => Key[] = (keys) => keys as Key[],
) {
  const keys = keyed(questions.length ? [] : searchTokenKeys(searchWords(input.search ?? "")));
  const asked = { ...input, questions };
  const view: ListParticipantsInput = keys[0] ? { ...asked, tokens: { key: keys[0], limit: candidates } } : asked;
  // A pair is rarely common: its probe alone (the others are read only if it is), so that a name's first batch does
  // not count its two words' entries, which grow with the event.
  const probedKeys = keys[0] && isPairTokenKey(keys[0]) ? keys.slice(0, 1) : keys;
  return { keys, probedKeys, asked, view };
}

type SearchPlan = Pick<ReturnType<typeof searchPlanOf<TokenKey>>, "probedKeys" | "view">;

/**
 * The page's first reads: the page, the total, the probes of the plan's keys (counted up to the wide limit, a common
 * key's probe tells at once whether its entries can be read at all). A deep page reads its rows once the total is known.
 */
function firstReadsOf(
  db: Database,
  event: EventTenant,
  plan: SearchPlan,
  now: number,
  { wide }: SearchLimits,
  deep = plan.view.offset >= DEEP_OFFSET,
) {
  return {
    page: deep ? null : participantRowsQuery(db, event, { ...plan.view, now }),
    count: countQuery(db, event, plan.view, now),
    probes: tokenProbesQuery(db, event, plan.probedKeys, wide),
  };
}

/**
 * The page's first round trip (each costs more than the queries themselves): the form questions, the facets (tickets,
 * dates), the add dialog's email quota, and the first reads as for an event whose forms have no questions (most).
 */
export function firstBatchOf(
  db: Database,
  event: EventTenant,
  input: ListParticipantsInput,
  now: number,
  given?: GivenValues,
) {
  const limits = given?.limits ?? searchLimitsOf(input);
  const plan = searchPlanOf<TokenKey>(input, [], limits, given?.keyed);
  const first = firstReadsOf(db, event, plan, now, limits, given?.deep);
  const shared = [
    formQuestionsQuery(db, event),
    db
      .select({ id: tickets.id, title: tickets.title, ticketType: tickets.ticketType })
      .from(tickets)
      .where(and(inEventScope(tickets, event), ne(tickets.visibility, "deleted")))
      .orderBy(asc(tickets.ticketType), asc(tickets.sort), asc(tickets.id)),
    eventDateChoicesQuery(db, event),
    emailQuotaQuery(db, event.organizationId, now, event.readGuard, given?.quotaDay),
    first.probes,
    first.count,
  ] as const;
  return { page: first.page, shared };
}

/** What firstBatchOf takes as given instead of reading it from the input: a statement rendered once's placeholders. */
type GivenValues = {
  limits: SearchLimits;
  keyed: (keys: string[]) => TokenKey[];
  deep: boolean;
  quotaDay: Placeholder;
};

type FirstBatch = ReturnType<typeof firstBatchOf>;

/** What changes the SQL text of a first batch of a search and a sort (the statements' values aside). */
type FirstBatchShape = {
  /** Read under the session's guard (memberSessionGuard), in the session's round trip. */
  guarded: boolean;
  sort: ListParticipantsInput["sort"];
  deep: boolean;
  /** The first rows: the query builder writes no offset then. */
  fromStart: boolean;
  /** Each word: found anywhere (typed with a separator first), else at a word start. */
  anywhere: boolean[];
  orderNumber: boolean;
  /** Each token key of the search: a pair's. */
  pairs: boolean[];
};

const renderedFirstBatch = renderedOncePerShape((db, shape: FirstBatchShape, value): readonly BatchItem<"sqlite">[] => {
  // The builders only put ids, limits, offsets and times into SQL (they never compute with them): placeholders
  // stand in for them. first-batch-rendered-once.test.ts holds the result to the builders' own, shape by shape.
  const slot = <T>(name: string) => value(name) as unknown as T;
  const readGuard = shape.guarded
    ? memberSessionGuard(value("guardSessionId"), value("guardOrganizationId"), value("guardNow"))
    : undefined;
  const event: EventTenant = { id: slot("eventId"), organizationId: slot("organizationId"), readGuard };
  const input: ListParticipantsInput = {
    eventId: slot("eventId"),
    offset: shape.fromStart ? 0 : slot("offset"),
    limit: slot("limit"),
    sort: shape.sort,
    // What the builders read of the search itself is how many words it has; its values are the terms'.
    search: shape.anywhere.map(() => "w").join(" "),
    terms: {
      words: shape.anywhere.map((anywhere, i) => ({
        match: { pattern: value(`w${i}`), anywhere },
        folded: "",
        typed: "",
      })),
      orderNumber: shape.orderNumber ? value("orderNumber") : null,
    },
  };
  const { page, shared } = firstBatchOf(db, event, input, slot("now"), {
    limits: { candidates: slot("candidates"), wide: slot("wide") },
    keyed: () => shape.pairs.map((pair, i) => ({ placeholder: value(`k${i}`), pair })),
    deep: shape.deep,
    quotaDay: value("quotaDay"),
  });
  return page ? [...shared, page] : shared;
});

/** A view of a search and a sort alone: the page as it opens and as a search is typed (the views rendered once). */
function isSearchView(input: ListParticipantsInput): boolean {
  return (
    !input.ids?.length &&
    !input.ticketIds?.length &&
    !input.orderStatuses?.length &&
    !input.checkIn?.length &&
    !input.answers?.length &&
    !input.dateIds?.length &&
    !input.tokens &&
    !input.terms
  );
}

/**
 * firstBatchOf's statements, under the session's `guard` when given. A view of a search and a sort is rendered once
 * per shape (decision 0080): rendering its statements cost more CPU than reading them. Other views render as built.
 */
export function firstBatchStatementsOf(
  db: Database,
  event: EventTenant,
  input: ListParticipantsInput,
  now: number,
  guard?: MemberSessionGuard,
): FirstBatch {
  if (!isSearchView(input) || (event.readGuard && !guard)) {
    return firstBatchOf(db, { ...event, readGuard: guard?.sql ?? event.readGuard }, input, now);
  }
  const limits = searchLimitsOf(input);
  const terms = searchTermsOf(input.search ?? "");
  const keys = searchTokenKeys(searchWords(input.search ?? ""));
  const shape: FirstBatchShape = {
    guarded: guard !== undefined,
    sort: input.sort && { id: input.sort.id, desc: input.sort.desc },
    deep: input.offset >= DEEP_OFFSET,
    fromStart: input.offset === 0,
    anywhere: terms.words.map(({ match }) => match.anywhere),
    orderNumber: terms.orderNumber !== null,
    pairs: keys.map(isPairKey),
  };
  const values: Record<string, unknown> = {
    eventId: event.id,
    organizationId: event.organizationId,
    offset: input.offset,
    limit: input.limit,
    now,
    candidates: limits.candidates,
    wide: limits.wide,
    quotaDay: quotaDay(now),
  };
  if (guard) {
    values.guardSessionId = guard.sessionId;
    values.guardOrganizationId = guard.organizationId;
    values.guardNow = guard.now.getTime();
  }
  terms.words.forEach(({ match }, i) => (values[`w${i}`] = match.pattern));
  if (terms.orderNumber !== null) values.orderNumber = terms.orderNumber;
  keys.forEach((key, i) => (values[`k${i}`] = key));
  const statements = renderedFirstBatch(db, JSON.stringify(shape), shape, values);
  return {
    shared: statements.slice(0, 7) as unknown as FirstBatch["shared"],
    page: shape.deep ? null : (statements[7] as unknown as NonNullable<FirstBatch["page"]>),
  };
}

type FirstBatchResults = [...BatchResponse<FirstBatch["shared"]>, RawRow[] | null];

async function readFirstBatch(
  db: Database,
  event: EventTenant,
  input: ListParticipantsInput,
  now: number,
): Promise<FirstBatchResults> {
  const { page, shared } = firstBatchStatementsOf(db, event, input, now);
  return page ? await db.batch([...shared, page]) : [...(await db.batch(shared)), null];
}

/**
 * A page's first round trip read before its loader ran, with the request's session (decision 0075): its statements read
 * only for a valid session of a member of the organization, and listParticipants uses the results only when the guard
 * held, for the same query on an event of that organization, after its own policy check.
 */
export type PrefetchedParticipants = {
  key: string;
  organizationId: number;
  now: number;
  /** The results of firstBatchOf's statements (a deep page's null page added). */
  results: FirstBatchResults;
};

/** Whether the session's guard let the prefetched reads through (the probes' `granted`, the batch's fifth result). */
function granted(prefetched: PrefetchedParticipants): boolean {
  const [probes] = prefetched.results[4];
  return probes?.granted === 1;
}

function prefetchKeyOf(input: ListParticipantsInput): string {
  const { eventId, offset, limit, sort, search, ticketIds, orderStatuses, checkIn, ids, answers, dateIds } = input;
  return JSON.stringify([
    eventId,
    offset,
    limit,
    sort,
    search,
    ticketIds,
    orderStatuses,
    checkIn,
    ids,
    answers,
    dateIds,
  ]);
}

/**
 * The first round trip of `input`'s page on `event`, to send with the session's under its `guard` (or the event's
 * `readGuard`); `finish` keeps the results for listParticipants.
 */
export function prefetchParticipantsStatements(
  db: Database,
  event: EventTenant,
  input: ListParticipantsInput,
  now: number,
  guard?: MemberSessionGuard,
): { statements: BatchItem<"sqlite">[]; finish: (results: unknown[]) => PrefetchedParticipants } {
  const { page, shared } = firstBatchStatementsOf(db, event, input, now, guard);
  const key = prefetchKeyOf(input);
  const { organizationId } = event;
  return {
    statements: page ? [...shared, page] : [...shared],
    finish: (results) => ({
      key,
      organizationId,
      now,
      // The results of these very statements, in order: D1 and libSQL give each statement's rows as drizzle maps them.
      results: (page ? results : [...results, null]) as FirstBatchResults,
    }),
  };
}

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
  const prefetched =
    input.prefetched?.organizationId === event.organizationId &&
    input.prefetched.key === prefetchKeyOf(input) &&
    granted(input.prefetched)
      ? input.prefetched
      : null;
  const now = prefetched?.now ?? input.now ?? Date.now();
  const limits = searchLimitsOf(input);
  const { candidates, wide } = limits;
  const deep = input.offset >= DEEP_OFFSET;
  const [formRows, ticketList, dateRows, quotaRows, [probed], [counted], page] =
    prefetched?.results ?? (await readFirstBatch(db, event, input, now));
  const questions = answerColumns(toFormQuestions(formRows), ["before", "before-tickets"]);
  let raw: RawRow[] | null = page;
  let total = counted?.total ?? 0;
  let probes: Record<string, number> = probed ?? {};
  let plan = searchPlanOf(input, [], limits);
  if (questions.length) {
    // An event with questions reads its page again with them.
    plan = searchPlanOf(input, questions, limits);
    const again = firstReadsOf(db, event, plan, now, limits);
    if (again.page) {
      const [rows, [recounted]] = await db.batch([again.page, again.count]);
      raw = rows;
      total = recounted?.total ?? 0;
    } else total = (await again.count)[0]?.total ?? 0;
    probes = {};
  }
  input = plan.asked;
  const { keys, probedKeys } = plan;
  let view = plan.view;
  if (keys.length && (probes.p0 ?? 0) >= candidates) {
    // The first key is common: its first entries held only part of its rows. Read again from the rarest key; when
    // every word is common, from the rarest's entries up to WIDE_SEARCH_CANDIDATES (several common words rarely meet:
    // the page and the count check its rows from the index); past that, the page in the table's order from the
    // event's rows (its matches are dense: it stops soon) and the count from the rarest word's tokens up to the cap.
    if (probedKeys.length < keys.length) {
      // Only the pair was probed, and it is common: one more round trip for the words' own probes.
      probes = (await tokenProbesQuery(db, event, keys, wide))[0] ?? {};
    }
    const counts = keys.map((_, i) => probes[`p${i}`] ?? wide);
    const rarest = counts.indexOf(Math.min(...counts));
    let counter: ReturnType<typeof countQuery>;
    if (counts[rarest]! < wide) {
      view = { ...input, tokens: { key: keys[rarest]!, limit: counts[rarest]! < candidates ? candidates : wide } };
      counter = countQuery(db, event, view, now);
    } else {
      view = input;
      // An order number's rows have no token of it: its common case counts by reading the rows, up to the cap. The
      // others count from a single word's tokens (a pair's would miss the rows too long for pairs).
      const single = keys.find((key) => !isPairKey(key))!;
      counter =
        orderNumberOf(input.search ?? "") !== null
          ? countQuery(db, event, view, now)
          : commonSearchCountQuery(db, event, input, now, single);
    }
    if (!deep) {
      const [page, [counted]] = await db.batch([participantRowsQuery(db, event, { ...view, now }), counter]);
      raw = page;
      total = counted?.total ?? 0;
    } else total = (await counter)[0]?.total ?? 0;
  }
  const rowsInput = { ...view, now };
  const totalCapped = searchWords(input.search ?? "").length > 0 && total > SEARCH_COUNT_CAP;
  let rows: ParticipantRow[];
  if (raw) rows = raw.map((row) => toRow(row, now, questions));
  else {
    const fromEnd = total - input.offset - input.limit;
    if (input.offset >= total && !totalCapped) rows = [];
    else if (fromEnd < input.offset && !totalCapped) {
      // Past the middle: the rows before the page's end, counted from the other end, reversed back.
      const limit = Math.min(input.limit, total - input.offset);
      const page = await participantRowsQuery(db, event, { ...rowsInput, offset: Math.max(0, fromEnd), limit }, true);
      rows = page.reverse().map((row) => toRow(row, now, questions));
    } else rows = await readParticipantRows(db, event, rowsInput);
  }
  return {
    rows,
    total,
    totalCapped,
    timezone: event.timezone,
    // A draft sends no email (decision 0038): the add dialog leaves its "send the email" box unticked there.
    eventStatus: event.status,
    canManage: canOnEvent(actor, "event:manage-sales", scope),
    canMessage: canOnEvent(actor, "event:message-attendees", scope),
    tickets: ticketList,
    dates: toEventDateChoices(dateRows),
    emailQuota: toEmailQuota(quotaRows),
    answerColumns: questions,
  };
}
