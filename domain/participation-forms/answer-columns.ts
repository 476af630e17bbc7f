import { and, asc, eq, getTableName, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/database";
import { formAnswers } from "#db/schema";
import { inEventScope } from "../events/event-access";
import { escapeLike } from "../shared/sql";
import { answerValue, type FormQuestions } from "./answer-labels";
import {
  choiceQuestionTypes,
  DEFAULT_QUESTION_ID,
  type FormType,
  type QuestionOption,
  type QuestionType,
} from "./question-types";

/** One question of the event's forms as a column of a table or an export (decision 0040). */
export type AnswerColumn = {
  formType: FormType;
  questionId: string;
  title: string;
  type: QuestionType;
  options: QuestionOption[];
};

/** The form answers of one order (participantId null) or of one of its participants. */
export type AnswerRow = {
  orderId: number;
  participantId: number | null;
  formType: FormType;
  questionId: string;
  value: string;
};

export const isChoiceQuestion = (type: QuestionType) => (choiceQuestionTypes as readonly QuestionType[]).includes(type);

/**
 * The answered questions of the given forms, in form then question order: the built-in "Nom, prénom, email" (already
 * the name and email columns) and "Texte sans champ" (nothing to answer) are left out.
 */
export function answerColumns(questions: FormQuestions, formTypes: readonly FormType[]): AnswerColumn[] {
  return formTypes.flatMap((formType) =>
    [...(questions.get(formType)?.values() ?? [])]
      .filter((question) => question.id !== DEFAULT_QUESTION_ID && question.type !== "no-field")
      .map((question) => ({
        formType,
        questionId: question.id,
        title: question.title,
        type: question.type,
        options: question.options,
      })),
  );
}

/** A JSON list of ids bound as ONE parameter (`in (select value from json_each(?))`): D1 binds at most 100. */
export function inJsonIds(column: Parameters<typeof eq>[0], ids: readonly number[]) {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** Every stored answer of these orders (and of their participants), in the event's scope. */
export async function readAnswersOfOrders(
  db: Database,
  event: { id: number; organizationId: number },
  orderIds: readonly number[],
): Promise<AnswerRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: formAnswers.orderId,
      participantId: formAnswers.participantId,
      formType: formAnswers.formType,
      questionId: formAnswers.questionId,
      value: formAnswers.value,
    })
    .from(formAnswers)
    .where(and(inEventScope(formAnswers, event), inJsonIds(formAnswers.orderId, [...new Set(orderIds)])))
    .orderBy(asc(formAnswers.id));
}

/** The shown text of one answer: option titles joined with ", ", a checkbox as "true"/"false", text as typed. */
export function answerText(
  question: Pick<AnswerColumn, "type" | "options"> | undefined,
  stored: string | undefined,
): string {
  if (stored === undefined) return "";
  const value = answerValue(question, stored);
  return typeof value === "boolean" ? String(value) : value;
}

/**
 * The answer of each column for one order (`participantId` null) or one participant: an order-form column reads the
 * order's answer, a participant-form column the participant's own.
 */
export function answerCells(
  columns: readonly AnswerColumn[],
  answers: readonly AnswerRow[],
  row: { orderId: number; participantId: number | null },
): string[] {
  const mine = new Map<string, string>();
  for (const answer of answers) {
    if (answer.orderId !== row.orderId) continue;
    if (answer.formType !== "before" && (row.participantId === null || answer.participantId !== row.participantId))
      continue;
    mine.set(`${answer.formType}:${answer.questionId}`, answer.value);
  }
  return columns.map((column) => answerText(column, mine.get(`${column.formType}:${column.questionId}`)));
}

/** The id of a question's column (and filter) in the participants and orders tables (decision 0040). */
export function answerColumnId(formType: FormType, questionId: string): string {
  return `${formType === "before" ? "order_answer" : "answer"}_${questionId}`;
}

/** The facet value "answered this question" (option ids are 16 characters, never this word). */
export const ANSWERED = "answered";

/** A filter of the tables on one question: any of these option ids chosen, or (ANSWERED) any answer given. */
export type AnswerFilter = { formType: FormType; questionId: string; values: string[] };

const ANSWER_COLUMN_ID = /^(order_answer|answer)_([A-Za-z0-9_-]{16})$/;
const ANSWER_FILTER_VALUE = /^([A-Za-z0-9_-]{16}|answered)$/;

/** The answer filters of a table's `filters` (the URL's JSON list), whatever the event's questions: the domain checks. */
export function answerFiltersOf(filters: readonly { id: string; value: string | string[] }[]): AnswerFilter[] {
  return filters.flatMap((filter) => {
    const match = ANSWER_COLUMN_ID.exec(filter.id);
    const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).filter((value) =>
      ANSWER_FILTER_VALUE.test(value),
    );
    if (!match || values.length === 0) return [];
    const formType: FormType = match[1] === "order_answer" ? "before" : "before-tickets";
    return [{ formType, questionId: match[2]!, values: [...new Set(values)].slice(0, 50) }];
  });
}

/** A stored choice answer as a JSON list; anything else (text, a checkbox, a damaged value) as an empty list. */
// Qualified by hand: drizzle leaves a column of a one-table query unqualified, and inside json_each "value" would be
// json_each's own column.
// Marked pure so that the browser build, which imports this module for its column ids, leaves drizzle out.
const storedValue = /* @__PURE__ */ sql.raw(`"form_answers"."value"`);
export const storedChoiceList = /* @__PURE__ */ (() =>
  sql`case when json_valid(${storedValue}) and json_type(${storedValue}) = 'array' then ${storedValue} else '[]' end`)();

/** SQL over `form_answers`: the answer chose one of these option ids. */
function choseOneOf(optionIds: readonly string[]): SQL {
  return sql`exists (select 1 from json_each(${storedChoiceList}) as chosen where chosen.value in (select value from json_each(${JSON.stringify(optionIds)})))`;
}

/**
 * SQL: the orders (`owner` "order": their order-form answers) or participants (`owner` "participant": their own
 * participant-form answers) with an answer of the event matching `match`, as a list of ids. Read from the
 * (event_id, question_id) index of form_answers.
 */
function answeredBy(
  event: { id: number; organizationId: number },
  formType: FormType,
  questionIds: readonly string[],
  match: SQL | undefined,
): SQL {
  const owner = formType === "before" ? formAnswers.orderId : formAnswers.participantId;
  return sql`select ${owner} from ${formAnswers} where ${and(
    inEventScope(formAnswers, event),
    eq(formAnswers.formType, formType),
    formType === "before" ? isNull(formAnswers.participantId) : isNotNull(formAnswers.participantId),
    questionIds.length === 1
      ? eq(formAnswers.questionId, questionIds[0]!)
      : sql`${formAnswers.questionId} in (select value from json_each(${JSON.stringify(questionIds)}))`,
    match,
  )}`;
}

/** The table's row ids to test: an order's id, or a participant's own id and its order's id. */
export type AnswerOwner = { orderId: SQLiteColumn; participantId?: SQLiteColumn };

/** A column with its table's name, whether the query joins tables or not. */
const qualified = (column: SQLiteColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

function ownedBy(owner: AnswerOwner, formType: FormType, ids: SQL): SQL | null {
  if (formType === "before") return sql`${qualified(owner.orderId)} in (${ids})`;
  return owner.participantId ? sql`${qualified(owner.participantId)} in (${ids})` : null;
}

/** SQL: the row matches the filter (a question that is not among `columns` matches every row: it is ignored). */
export function answerFilterSql(
  event: { id: number; organizationId: number },
  columns: readonly AnswerColumn[],
  filter: AnswerFilter,
  owner: AnswerOwner,
): SQL | undefined {
  const column = columns.find((c) => c.formType === filter.formType && c.questionId === filter.questionId);
  if (!column) return undefined;
  const answered = filter.values.includes(ANSWERED);
  const optionIds = filter.values.filter((value) => column.options.some((option) => option.id === value));
  // Both "answered" and options: any answer is enough.
  const match = answered ? undefined : choseOneOf(optionIds);
  return ownedBy(owner, column.formType, answeredBy(event, column.formType, [column.questionId], match)) ?? undefined;
}

const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * SQL: one word of the table's search found in the row's answers: a text answer containing it (as typed, or folded
 * like the search), or a choice of an option whose title contains it (accents and case aside). Undefined when no
 * question can match.
 */
export function answerSearchSql(
  event: { id: number; organizationId: number },
  columns: readonly AnswerColumn[],
  word: { folded: string; typed: string },
  owner: AnswerOwner,
): SQL | undefined {
  const conditions: SQL[] = [];
  for (const formType of ["before", "before-tickets"] as const) {
    const mine = columns.filter((column) => column.formType === formType);
    if (mine.length === 0 || (formType === "before-tickets" && !owner.participantId)) continue;
    const optionIds = mine.flatMap((column) =>
      column.options.filter((option) => folded(option.title).includes(word.folded)).map((option) => option.id),
    );
    const patterns = [...new Set([word.folded, word.typed])].map((text) => `%${escapeLike(text)}%`);
    const text = sql`(substr(${storedValue}, 1, 1) = '"' and (${or(
      ...patterns.map((pattern) => sql`${storedValue} like ${pattern} escape '\\'`),
    )}))`;
    const match = optionIds.length ? or(text, choseOneOf(optionIds)) : text;
    const ids = answeredBy(
      event,
      formType,
      mine.map((column) => column.questionId),
      match,
    );
    const condition = ownedBy(owner, formType, ids);
    if (condition) conditions.push(condition);
  }
  return conditions.length ? or(...conditions) : undefined;
}

/** The stored answers of a row, as read by `storedAnswersSql` (JSON: [[form_type, question_id, value], …]). */
export function shownAnswersOf(columns: readonly AnswerColumn[], json: string | null): Record<string, string> {
  let stored: unknown;
  try {
    stored = JSON.parse(json ?? "[]");
  } catch {
    return {};
  }
  if (!Array.isArray(stored)) return {};
  const byKey = new Map(
    (stored as [string, string, string][]).map(([formType, questionId, value]) => [`${formType}:${questionId}`, value]),
  );
  const shown: Record<string, string> = {};
  for (const column of columns) {
    const value = byKey.get(`${column.formType}:${column.questionId}`);
    if (value !== undefined) shown[answerColumnId(column.formType, column.questionId)] = answerText(column, value);
  }
  return shown;
}

/**
 * SQL: a row's stored answers as one JSON value, read along with the page (one index lookup per row): an order's
 * order-form answers, and with `participantId` the participant's own answers too.
 */
export function storedAnswersSql(owner: AnswerOwner) {
  const own = owner.participantId
    ? or(isNull(formAnswers.participantId), eq(formAnswers.participantId, owner.participantId))
    : isNull(formAnswers.participantId);
  // eq() qualifies both sides: the subquery's columns and the row's.
  return sql<
    string | null
  >`(select json_group_array(json_array(${formAnswers.formType}, ${formAnswers.questionId}, ${storedValue})) from ${formAnswers} where ${and(eq(formAnswers.orderId, owner.orderId), own)})`;
}
