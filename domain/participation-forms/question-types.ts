import type { formTypes } from "#db/schema";

/*
 * The question types and the built-in question's id, apart from the form schemas (question-schema.ts): the tables'
 * answer columns read them in the browser without the schemas' validation code (issue 31 §7).
 */

export const questionTypes = [
  "short-text",
  "text",
  "unique-choice",
  "multiple-choice",
  "selection",
  "additional-conditions",
  "no-field",
] as const;
export type QuestionType = (typeof questionTypes)[number];

/** Only these types take options (spec §5). */
export const choiceQuestionTypes = [
  "selection",
  "multiple-choice",
  "unique-choice",
] as const satisfies readonly QuestionType[];

export type FormType = (typeof formTypes)[number];

export const DEFAULT_QUESTION_ID = "default";

export type QuestionOption = { id: string; title: string };
