import {
  choiceQuestionTypes,
  DEFAULT_QUESTION_ID,
  QUESTION_ID_LENGTH,
  type Question,
  type QuestionType,
} from "#domain/participation-forms/question-schema";

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Spec §3 and §9: a question (or option) id is 16 random characters [A-Za-z0-9]. */
export function randomQuestionId(): string {
  const bytes = new Uint8Array(QUESTION_ID_LENGTH);
  // 62 letters: rejection keeps every character equally likely.
  let id = "";
  while (id.length < QUESTION_ID_LENGTH) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) if (byte < 248 && id.length < QUESTION_ID_LENGTH) id += ID_ALPHABET[byte % 62];
  }
  return id;
}

export const isChoiceType = (type: QuestionType) => (choiceQuestionTypes as readonly QuestionType[]).includes(type);
export const isDefaultQuestion = (question: Pick<Question, "id">) => question.id === DEFAULT_QUESTION_ID;

/** A new question: short text by default (spec §4), allow_target always false on creation (spec §3). */
export function newQuestionDraft(): Question {
  return {
    id: randomQuestionId(),
    title: "",
    description: "",
    mandatory: false,
    type: "short-text",
    options: [],
    ticket_target: [],
    allow_target: false,
  };
}

/** What is saved: options only for the choice types. */
export function normalizedQuestion(question: Question): Question {
  return {
    ...question,
    title: question.title.trim(),
    description: question.description.trim(),
    options: isChoiceType(question.type)
      ? question.options.map((option) => ({ ...option, title: option.title.trim() }))
      : [],
  };
}

export function sameQuestion(a: Question, b: Question): boolean {
  return JSON.stringify(normalizedQuestion(a)) === JSON.stringify(normalizedQuestion(b));
}

/** The questions of a form shown in a locally held order (ids unknown to the order go last). */
export function inOrder(questions: Question[], order: string[] | undefined): Question[] {
  if (!order) return questions;
  const rank = new Map(order.map((id, index) => [id, index]));
  const custom = questions.filter((question) => !isDefaultQuestion(question));
  const sorted = [...custom].sort(
    (a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
  return [...questions.filter(isDefaultQuestion), ...sorted];
}
