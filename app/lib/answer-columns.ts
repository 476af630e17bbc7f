import type { FormType } from "#domain/participation-forms/question-schema";

/** The facet value of "answered this question" (option ids are 16 characters, never this word). */
export const ANSWERED = "answered";

/**
 * The id of a question's column and filter in the participants and orders tables: the same question id may be asked on
 * both forms, so the form is part of the id (decision 0040).
 */
export function answerColumnId(formType: FormType, questionId: string): string {
  return `${formType === "before" ? "order_answer" : "answer"}_${questionId}`;
}

/** The participants table showing the question's column, filtered to the given options (or to who answered). */
export function participantsFilteredHref(eventId: number, columnId: string, values: string[]): string {
  const params = new URLSearchParams({
    filters: JSON.stringify([{ id: columnId, value: values }]),
    visibility: JSON.stringify({ [columnId]: true }),
  });
  return `/event/${eventId}/participants?${params.toString()}`;
}
