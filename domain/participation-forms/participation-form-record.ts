import type { participationForms } from "#db/schema";
import { DEFAULT_QUESTION_ID, defaultQuestion, type FormType, type Question } from "./question-schema";

type ParticipationFormRow = typeof participationForms.$inferSelect;

export type ParticipationForm = {
  /** null while the event has never saved this form. */
  id: number | null;
  eventId: number;
  formType: FormType;
  title: string;
  singleFill: boolean;
  /** In display order, the built-in question first. */
  questions: Question[];
  ticketTarget: "all" | number[];
};

function parseStoredQuestions(text: string): Question[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Question[]) : [];
  } catch {
    return [];
  }
}

/** The built-in question always comes first, whatever an older row stored (the seed stored it only per participant). */
export function withDefaultQuestionFirst(questions: Question[]): Question[] {
  return [defaultQuestion(), ...questions.filter((question) => question.id !== DEFAULT_QUESTION_ID)];
}

export function toParticipationForm(row: ParticipationFormRow): ParticipationForm {
  let ticketTarget: "all" | number[] = "all";
  if (row.ticketTarget !== "all") {
    try {
      const parsed = JSON.parse(row.ticketTarget) as unknown;
      if (Array.isArray(parsed)) ticketTarget = parsed.filter((id): id is number => Number.isInteger(id));
    } catch {
      ticketTarget = "all";
    }
  }
  return {
    id: row.id,
    eventId: row.eventId,
    formType: row.formType,
    title: row.title,
    singleFill: row.singleFill,
    questions: withDefaultQuestionFirst(parseStoredQuestions(row.questions)),
    ticketTarget,
  };
}

export function emptyParticipationForm(eventId: number, formType: FormType): ParticipationForm {
  return {
    id: null,
    eventId,
    formType,
    title: "",
    singleFill: true,
    questions: [defaultQuestion()],
    ticketTarget: "all",
  };
}

/** Spec §7 shape: questions and ticket_target as JSON strings. */
export function participationFormToJson(form: ParticipationForm) {
  return {
    id: form.id,
    event: form.eventId,
    form_type: form.formType,
    title: form.title,
    single_fill: form.singleFill,
    questions: JSON.stringify(form.questions),
    ticket_target: form.ticketTarget === "all" ? "all" : JSON.stringify(form.ticketTarget),
  };
}
