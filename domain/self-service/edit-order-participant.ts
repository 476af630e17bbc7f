import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { participants } from "#db/schema";
import { searchTextOf } from "../participants/word-start";
import { readHolder } from "../booking/order-input-schema";
import { planAnswers, type PlannedAnswer } from "../booking/plan-order";
import { participantFormQuestions, replaceAnswersStatements } from "../participants/update-participant-answers";
import { AppError } from "../shared/app-error";
import { orderWebhookStatement, participantsWebhookStatement } from "../webhooks/sales-webhook-statements";
import { loadParticipantForBuyer } from "./load-buyer-order";
import { participantChangeStatement } from "./record-participant-change";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The buyer edits one ticket's holder from the order page (issue 28 §2): first name, last name, email and, when the
 * body has `answers`, the participant form's answers, all checked by the booking form's own rules (readHolder,
 * planAnswers). Within the event's edit rule (self-service-rules.ts); a ticket already scanned may still be edited.
 * The change is kept in the participant's history and reported by the participant.updated webhook, in one batch.
 */
export async function editOrderParticipant(
  db: Database,
  input: { orderId: number; token: string | null | undefined; participantId: number; body: unknown; now?: number },
): Promise<{ participantId: number }> {
  const now = input.now ?? Date.now();
  const { order, event, participant } = await loadParticipantForBuyer(db, { ...input, now }, "edit");
  const withAnswers = isRecord(input.body) && input.body.answers !== undefined && input.body.answers !== null;
  const { holder, invalid } = readHolder(input.body, withAnswers);
  const fields: Record<string, string> = { ...invalid };
  let answers: PlannedAnswer[] | null = null;
  if (withAnswers) {
    const questions = await participantFormQuestions(db, event, participant.ticketId);
    answers = planAnswers("before-tickets", questions, holder.answers, "answers", fields);
  }
  if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });

  const person = { firstName: holder.first_name, lastName: holder.last_name, email: holder.email };
  const at = new Date(now);
  const answerStatements = answers ? replaceAnswersStatements(db, participant, answers, at) : [];
  await db.batch([
    db
      .update(participants)
      .set({ ...person, searchText: searchTextOf(person), updatedAt: at })
      .where(and(eq(participants.id, participant.id), eq(participants.organizationId, participant.organizationId))),
    ...answerStatements,
    participantChangeStatement(db, {
      organizationId: participant.organizationId,
      eventId: participant.eventId,
      orderId: order.id,
      participantId: participant.id,
      kind: "edit",
      previous: participant,
      current: person,
      answersChanged: answers !== null,
      at: now,
    }),
    participantsWebhookStatement(db, {
      type: "participant.updated",
      organizationId: participant.organizationId,
      where: sql`p.id = ${participant.id}`,
      occurredAt: at,
    }),
    // The order after the change (docs/decisions/0060).
    orderWebhookStatement(db, {
      type: "order.updated",
      orderId: order.id,
      organizationId: order.organizationId,
      occurredAt: at,
    }),
  ]);
  return { participantId: participant.id };
}
