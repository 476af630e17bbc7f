import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { formAnswers, participationForms } from "#db/schema";
import { formQuestions, planAnswers, type PlannedAnswer } from "../booking/plan-order";
import type { AnswerValue } from "../booking/order-input-schema";
import { toParticipationForm } from "../participation-forms/participation-form-record";
import type { Question } from "../participation-forms/question-schema";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { loadParticipantForActor } from "./participant-access";

/** The questions of the participant form ('before-tickets') asked of a holder of this ticket, with a field each. */
export async function participantFormQuestions(
  db: Database,
  event: { id: number; organizationId: number },
  ticketId: number,
): Promise<Question[]> {
  const [row] = await db
    .select()
    .from(participationForms)
    .where(
      and(
        eq(participationForms.eventId, event.id),
        eq(participationForms.organizationId, event.organizationId),
        eq(participationForms.formType, "before-tickets"),
      ),
    )
    .limit(1);
  return formQuestions(row ? toParticipationForm(row) : null, [ticketId]).filter(
    (question) => question.type !== "no-field",
  );
}

/**
 * Replaces a participant's answers to the participant form with `answers` (question id → value, as the booking takes
 * them), checked by the booking's own rule: a mandatory question stays answered, a choice names one of its options.
 * The old answers and the new ones swap in one batch, with the participant.updated webhook.
 */
/**
 * The statements that replace a participant's answers to the participant form (every earlier answer deleted, the
 * planned ones inserted), for the organizer's edit and the buyer's own (domain/self-service), in their batch.
 */
export function replaceAnswersStatements(
  db: Database,
  participant: { id: number; organizationId: number; eventId: number; orderId: number },
  planned: PlannedAnswer[],
  at: Date,
) {
  return [
    db
      .delete(formAnswers)
      .where(
        and(
          eq(formAnswers.participantId, participant.id),
          eq(formAnswers.organizationId, participant.organizationId),
          eq(formAnswers.formType, "before-tickets"),
        ),
      ),
    ...planned.map((answer) =>
      db.insert(formAnswers).values({
        organizationId: participant.organizationId,
        eventId: participant.eventId,
        orderId: participant.orderId,
        participantId: participant.id,
        formType: "before-tickets",
        questionId: answer.questionId,
        questionTitle: answer.questionTitle,
        value: answer.value,
        createdAt: at,
      }),
    ),
  ] as const;
}

export async function updateParticipantAnswers(
  db: Database,
  actor: Actor,
  input: { participantId: number; eventId?: number; answers: Record<string, AnswerValue> },
): Promise<void> {
  const { participant, event } = await loadParticipantForActor(
    db,
    actor,
    input.participantId,
    "event:edit-participants",
    input.eventId,
  );
  const questions = await participantFormQuestions(db, event, participant.ticketId);
  const fields: Record<string, string> = {};
  const planned = planAnswers("before-tickets", questions, input.answers, "answers", fields);
  if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });

  const now = new Date();
  await db.batch([
    ...replaceAnswersStatements(db, participant, planned, now),
    participantsWebhookStatement(db, {
      type: "participant.updated",
      organizationId: participant.organizationId,
      where: sql`p.id = ${participant.id}`,
      occurredAt: now,
    }),
  ]);
}
