import * as v from "valibot";
import { formTypes } from "#db/schema";
import {
  choiceQuestionTypes,
  DEFAULT_QUESTION_ID,
  questionTypes,
  type QuestionOption,
  type QuestionType,
} from "./question-types";

/**
 * Order forms (spec §3 Participation form and Question, §4 order-form editing, §5 order-form field rules). Messages are
 * keys of the "order-forms" namespace.
 */

const takesOptions = (type: QuestionType) => (choiceQuestionTypes as readonly QuestionType[]).includes(type);

export { formTypes };
export {
  choiceQuestionTypes,
  DEFAULT_QUESTION_ID,
  questionTypes,
  type FormType,
  type QuestionOption,
  type QuestionType,
} from "./question-types";
/** Exact spec §3 title of the built-in question. */
const DEFAULT_QUESTION_TITLE = "Nom, prénom, email";
export const QUESTION_ID_LENGTH = 16;
/** Spec §3 "random 16-character identifier": nanoid's URL-safe alphabet is accepted (ours are alphanumeric). */
const QUESTION_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;
const QUESTION_TITLE_MAX_LENGTH = 200;
const QUESTION_DESCRIPTION_MAX_LENGTH = 2_000;
const OPTION_TITLE_MAX_LENGTH = 200;
const MAX_OPTIONS = 50;
export const MAX_QUESTIONS = 50;

export type Question = {
  id: string;
  title: string;
  description: string;
  mandatory: boolean;
  type: QuestionType;
  options: QuestionOption[];
  /** Ticket ids the question is asked for; empty means every ticket. */
  ticket_target: number[];
  allow_target: boolean;
};

/** The built-in first question, never edited, deleted or moved (spec §3). */
export function defaultQuestion(): Question {
  return {
    id: DEFAULT_QUESTION_ID,
    title: DEFAULT_QUESTION_TITLE,
    description: "",
    mandatory: true,
    type: "short-text",
    options: [],
    ticket_target: [],
    allow_target: false,
  };
}

const optionSchema = v.object({
  id: v.pipe(
    v.string("order-forms:errors.option-invalid"),
    v.regex(QUESTION_ID_PATTERN, "order-forms:errors.option-invalid"),
  ),
  title: v.pipe(
    v.string("order-forms:errors.option-title-required"),
    v.trim(),
    v.minLength(1, "order-forms:errors.option-title-required"),
    v.maxLength(OPTION_TITLE_MAX_LENGTH, "order-forms:errors.option-title-too-long"),
  ),
});

const questionSchema = v.pipe(
  v.object({
    id: v.pipe(
      v.string("order-forms:errors.question-id-invalid"),
      v.check(
        (id) => id === DEFAULT_QUESTION_ID || QUESTION_ID_PATTERN.test(id),
        "order-forms:errors.question-id-invalid",
      ),
    ),
    title: v.pipe(
      v.string("order-forms:errors.title-required"),
      v.trim(),
      v.minLength(1, "order-forms:errors.title-required"),
      v.maxLength(QUESTION_TITLE_MAX_LENGTH, "order-forms:errors.title-too-long"),
    ),
    description: v.optional(
      v.pipe(
        v.string("order-forms:errors.description-too-long"),
        v.trim(),
        v.maxLength(QUESTION_DESCRIPTION_MAX_LENGTH, "order-forms:errors.description-too-long"),
      ),
      "",
    ),
    mandatory: v.optional(v.boolean("order-forms:errors.mandatory-invalid"), false),
    type: v.picklist(questionTypes, "order-forms:errors.type-invalid"),
    options: v.optional(
      v.pipe(
        v.array(optionSchema, "order-forms:errors.option-invalid"),
        v.maxLength(MAX_OPTIONS, "order-forms:errors.too-many-options"),
      ),
      [],
    ),
    ticket_target: v.optional(
      v.array(
        v.pipe(
          v.number("order-forms:errors.ticket-target-invalid"),
          v.integer("order-forms:errors.ticket-target-invalid"),
          v.minValue(1, "order-forms:errors.ticket-target-invalid"),
        ),
        "order-forms:errors.ticket-target-invalid",
      ),
      [],
    ),
    allow_target: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check(
      (question) => takesOptions(question.type) || question.options.length === 0,
      "order-forms:errors.options-not-allowed",
    ),
    ["options"],
  ),
  v.forward(
    v.check(
      (question) => !takesOptions(question.type) || question.options.length > 0,
      "order-forms:errors.options-required",
    ),
    ["options"],
  ),
  v.forward(
    v.check(
      (question) => new Set(question.options.map((option) => option.id)).size === question.options.length,
      "order-forms:errors.option-invalid",
    ),
    ["options"],
  ),
);

/** `questions` and `ticket_target` travel as JSON strings in the spec's body; an array is accepted too. */
function jsonString<S extends v.GenericSchema>(schema: S, message: string) {
  const parsed = schema as unknown as v.GenericSchema<unknown, v.InferOutput<S>>;
  return v.pipe(
    v.unknown(),
    v.rawTransform<unknown, unknown>(({ dataset, addIssue, NEVER }) => {
      if (typeof dataset.value !== "string") return dataset.value;
      if (dataset.value === "all") return "all";
      try {
        return JSON.parse(dataset.value);
      } catch {
        addIssue({ message });
        return NEVER;
      }
    }),
    parsed,
  );
}

/**
 * The body of PUT /api/events/:id/participation-form/:form_type (spec §7): `{ title, single_fill, questions (JSON
 * string), ticket_target (JSON string of 'all'), event, form_type }`. `event` and `form_type` repeat the path and are
 * ignored; single_fill is recomputed by the domain (true when no question is mandatory).
 */
export const participationFormBodySchema = v.object({
  title: v.optional(
    v.pipe(
      v.string("order-forms:errors.form-title-too-long"),
      v.trim(),
      v.maxLength(QUESTION_TITLE_MAX_LENGTH, "order-forms:errors.form-title-too-long"),
    ),
    "",
  ),
  single_fill: v.optional(v.unknown()),
  questions: jsonString(
    v.pipe(
      v.array(questionSchema, "order-forms:errors.questions-invalid"),
      v.maxLength(MAX_QUESTIONS + 1, "order-forms:errors.too-many-questions"),
    ),
    "order-forms:errors.questions-invalid",
  ),
  ticket_target: v.optional(
    jsonString(
      v.union(
        [v.literal("all"), v.array(v.pipe(v.number(), v.integer(), v.minValue(1)))],
        "order-forms:errors.ticket-target-invalid",
      ),
      "order-forms:errors.ticket-target-invalid",
    ),
    "all",
  ),
  event: v.optional(v.unknown()),
  form_type: v.optional(v.unknown()),
});
export type ParticipationFormBody = v.InferOutput<typeof participationFormBodySchema>;

export const formTypeSchema = v.picklist(formTypes, "order-forms:errors.form-type-invalid");
