import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { formAnswers } from "#db/schema";
import { inEventScope } from "../events/event-access";
import { answerValue, type FormQuestions } from "./answer-labels";
import {
  choiceQuestionTypes,
  DEFAULT_QUESTION_ID,
  type FormType,
  type QuestionOption,
  type QuestionType,
} from "./question-schema";

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
