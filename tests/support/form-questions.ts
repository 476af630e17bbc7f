import type { Question } from "#domain/participation-forms/question-schema";
import type { PublicQuestion } from "#domain/public-events/get-public-event";

/**
 * One question of an order or participant form in the spec's stored shape (§3: title, type, options, mandatory,
 * targeted tickets…): an optional short text asked for every ticket, titled by its id unless `values` says otherwise.
 * A test that sends something the schema refuses spreads the result and overrides the field:
 * `{ ...formQuestion(id), type: "date" }`.
 */
export function formQuestion(id: string, values: Partial<Question> = {}): Question {
  return {
    id,
    title: id,
    description: "",
    mandatory: false,
    type: "short-text",
    options: [],
    ticket_target: [],
    allow_target: false,
    ...values,
  };
}

/** The same question as the public event gives it to the booking page (no `allow_target`). */
export function publicQuestion(id: string, values: Partial<PublicQuestion> = {}): PublicQuestion {
  const { allow_target, ...question } = formQuestion(id, values);
  return question;
}
