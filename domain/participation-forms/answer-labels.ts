import type { Database } from "#db/database";
import { participationForms } from "#db/schema";
import { inEventScope, type EventTenant } from "../events/event-access";
import type { FormType, Question } from "./question-schema";

/** What an answer shows: text (option ids replaced by their titles) or a checkbox's state, translated by the page. */
export type AnswerValue = string | boolean;
export type ShownAnswer = { questionId: string; questionTitle: string; value: AnswerValue };
export type StoredAnswer = { formType: FormType; questionId: string; questionTitle: string; value: string };

/** The questions of an event's participation forms, by form type then question id. */
export type FormQuestions = Map<FormType, Map<string, Question>>;

function parseQuestions(text: string): Question[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Question[]) : [];
  } catch {
    return [];
  }
}

/** The event's current questions (an answer names its options by id, spec §3). */
export async function loadFormQuestions(
  db: Database,
  event: { id: number; organizationId: number },
): Promise<FormQuestions> {
  return toFormQuestions(await formQuestionsQuery(db, event));
}

/** loadFormQuestions as a query not yet run (for a batch); toFormQuestions reads its rows. */
export function formQuestionsQuery(db: Database, event: EventTenant) {
  return db
    .select({ formType: participationForms.formType, questions: participationForms.questions })
    .from(participationForms)
    .where(inEventScope(participationForms, event));
}

export function toFormQuestions(rows: { formType: FormType; questions: string }[]): FormQuestions {
  return new Map(
    rows.map((row) => [
      row.formType,
      new Map(parseQuestions(row.questions).map((question) => [question.id, question] as const)),
    ]),
  );
}

/**
 * The shown value of one stored answer (JSON: a string, or a list of option ids). Option ids become their titles; an id
 * no longer among the question's options (deleted since) is shown as is. A checkbox ("additional-conditions") gives a
 * boolean.
 */
export function answerValue(question: Pick<Question, "type" | "options"> | undefined, stored: string): AnswerValue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored) as unknown;
  } catch {
    return stored;
  }
  if (typeof parsed === "boolean") return parsed;
  if (question?.type === "additional-conditions" && (parsed === "true" || parsed === "false")) return parsed === "true";
  if (Array.isArray(parsed)) {
    const titles = new Map((question?.options ?? []).map((option) => [option.id, option.title] as const));
    return parsed.map((id) => titles.get(String(id)) ?? String(id)).join(", ");
  }
  return typeof parsed === "string" ? parsed : String(parsed);
}

export function shownAnswers(questions: FormQuestions, answers: StoredAnswer[]): ShownAnswer[] {
  return answers.map((answer) => ({
    questionId: answer.questionId,
    questionTitle: answer.questionTitle,
    value: answerValue(questions.get(answer.formType)?.get(answer.questionId), answer.value),
  }));
}
