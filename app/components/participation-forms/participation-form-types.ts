import type { FormType, Question, QuestionType } from "#domain/participation-forms/question-schema";

export type { FormType, Question, QuestionType };

export type ParticipationFormView = {
  formType: FormType;
  title: string;
  singleFill: boolean;
  /** In display order, the built-in question first. */
  questions: Question[];
};

export type ParticipationFormsPageData = {
  eventId: number;
  canUpdate: boolean;
  allowBilling: boolean;
  forms: ParticipationFormView[];
  tickets: { id: number; title: string }[];
};

export type ParticipationFormsIntent = "save-form" | "save-order" | "billing";

export type ParticipationFormsActionResult =
  | { ok: true; intent: ParticipationFormsIntent }
  | { ok: false; errors: { formError?: string; fields?: Record<string, string> }; values: Record<string, string> };
