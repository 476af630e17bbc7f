import type { FormType, Question, QuestionType } from "#domain/order-forms/question-schema";

export type { FormType, Question, QuestionType };

export type OrderFormView = {
  formType: FormType;
  title: string;
  singleFill: boolean;
  /** In display order, the built-in question first. */
  questions: Question[];
};

export type OrderFormsPageData = {
  eventId: number;
  canUpdate: boolean;
  allowBilling: boolean;
  forms: OrderFormView[];
  tickets: { id: number; title: string }[];
};

export type OrderFormsIntent = "save-form" | "save-order" | "billing";

export type OrderFormsActionResult =
  | { ok: true; intent: OrderFormsIntent }
  | { ok: false; errors: { formError?: string; fields?: Record<string, string> }; values: Record<string, string> };
