import { and, ne } from "drizzle-orm";
import type { Database } from "#db/database";
import { participationForms, tickets } from "#db/schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { inEventScope, loadEventForActor } from "../events/event-access";
import { toParticipationForm, withDefaultQuestionFirst, type ParticipationForm } from "./participation-form-record";
import {
  DEFAULT_QUESTION_ID,
  MAX_QUESTIONS,
  type FormType,
  type ParticipationFormBody,
  type Question,
} from "./question-schema";

/**
 * The rules of a form save that need the event's tickets, as a pure plan (spec §4, §5): the built-in question stays
 * first and unchanged whatever was sent; question ids are unique; every ticket target is a ticket of this event;
 * single_fill is true exactly when no question but the built-in one is mandatory. Refusals name `questions.<i>.<field>`.
 */
function planParticipationFormSave(
  body: ParticipationFormBody,
  eventTicketIds: ReadonlySet<number>,
): { title: string; questions: Question[]; singleFill: boolean; ticketTarget: "all" | number[] } {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  body.questions.forEach((question, index) => {
    if (question.id === DEFAULT_QUESTION_ID) return;
    if (seen.has(question.id)) fields[`questions.${index}.id`] ??= "order-forms:errors.question-id-duplicate";
    seen.add(question.id);
    if (question.ticket_target.some((id) => !eventTicketIds.has(id)))
      fields[`questions.${index}.ticket_target`] ??= "order-forms:errors.ticket-target-unknown";
  });
  const custom = body.questions.filter((question) => question.id !== DEFAULT_QUESTION_ID);
  if (custom.length > MAX_QUESTIONS) fields.questions ??= "order-forms:errors.too-many-questions";
  if (body.ticket_target !== "all" && body.ticket_target.some((id) => !eventTicketIds.has(id)))
    fields.ticket_target ??= "order-forms:errors.ticket-target-unknown";
  if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });
  const questions = withDefaultQuestionFirst(
    custom.map((question) => ({
      ...question,
      ticket_target: [...new Set(question.ticket_target)],
      allow_target: question.allow_target,
    })),
  );
  return {
    title: body.title,
    questions,
    singleFill: !custom.some((question) => question.mandatory),
    ticketTarget: body.ticket_target,
  };
}

/**
 * PUT /api/events/:id/participation-form/:form_type and the order-forms page: writes the whole form (its questions in
 * order) in one upsert; used to add, edit, delete and reorder questions.
 */
export async function saveParticipationForm(
  db: Database,
  actor: Actor,
  input: { eventId: number; formType: FormType; body: ParticipationFormBody; now?: Date },
): Promise<ParticipationForm> {
  const { event } = await loadEventForActor(db, actor, input.eventId, "event:update");
  const eventTickets = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(inEventScope(tickets, event), ne(tickets.visibility, "deleted")));
  const plan = planParticipationFormSave(input.body, new Set(eventTickets.map((ticket) => ticket.id)));
  const now = input.now ?? new Date();
  const values = {
    title: plan.title,
    singleFill: plan.singleFill,
    questions: JSON.stringify(plan.questions),
    ticketTarget: plan.ticketTarget === "all" ? "all" : JSON.stringify(plan.ticketTarget),
    updatedAt: now,
  };
  const [row] = await db
    .insert(participationForms)
    .values({
      organizationId: event.organizationId,
      eventId: event.id,
      formType: input.formType,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({ target: [participationForms.eventId, participationForms.formType], set: values })
    .returning();
  return toParticipationForm(row!);
}
