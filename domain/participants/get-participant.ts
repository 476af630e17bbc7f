import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import type { Database } from "#db/database";
import { entries, formAnswers, orders, participantChanges, participants, users } from "#db/schema";
import { loadFormQuestions, type ShownAnswer, shownAnswers } from "../participation-forms/answer-labels";
import { paymentStatus, type PaymentStatus } from "../orders/order-status";
import { canOnEvent } from "../policy";
import type { Actor } from "../shared/actor";
import type { Question } from "../participation-forms/question-schema";
import { loadParticipantForActor } from "./participant-access";
import { participantTicketChoices, type TicketChoice, type TicketChoiceBlock } from "./change-participant-ticket";
import { participantFormQuestions } from "./update-participant-answers";

/** A stored answer as a form field holds it: text, option ids, or a checkbox's state. */
export type EditableAnswer = string | string[] | boolean;

export function editableAnswer(stored: string): EditableAnswer {
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (Array.isArray(parsed)) return parsed.map(String);
    if (parsed === "true" || parsed === true) return true;
    return typeof parsed === "string" ? parsed : String(parsed);
  } catch {
    return stored;
  }
}

export type ParticipantAnswer = ShownAnswer;

export type ParticipantDetail = {
  participant: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    ticketId: number;
    ticketTitle: string;
    ticketType: "ticket" | "addon";
    price: number;
    promoCodeKey: string | null;
    isIn: boolean;
    lastValidationAt: number | null;
    createdAt: number;
    eventDate: number | null;
  };
  /** Every ticket and add-on of the same order, this one included, and the sum of their prices. */
  lines: { id: number; name: string; ticketTitle: string; ticketType: "ticket" | "addon"; price: number }[];
  sum: number;
  order: {
    id: number;
    status: PaymentStatus;
    amount: number;
    fees: number;
    netAmount: number;
    email: string;
    firstName: string;
    lastName: string;
    createdAt: number;
    accessToken: string;
  };
  /** Answers to the order form ('before') and to this participant's form ('before-tickets'). */
  orderAnswers: ParticipantAnswer[];
  participantAnswers: ParticipantAnswer[];
  entries: { id: number; isIn: boolean; validatedAt: number; validatedBy: string | null }[];
  /** The buyer's own edits and transfers from the order page (domain/self-service), newest first. */
  changes: {
    id: number;
    kind: "edit" | "transfer";
    previousName: string;
    previousEmail: string;
    name: string;
    email: string;
    answersChanged: boolean;
    at: number;
  }[];
  timezone: string;
  canManage: boolean;
  /** The participant form's questions for this ticket and the current answers, for those who may edit them. */
  answerForm: { questions: Question[]; values: Record<string, EditableAnswer> } | null;
  /** The ticket types this holder may be moved to, for those who may (null: an add-on, or an order without places). */
  ticketChoices: (TicketChoice & { blocked: TicketChoiceBlock | null })[] | null;
};

/** The participant detail page (spec §2): the participant, its order and lines, both forms' answers, check-ins. */
export async function getParticipant(
  db: Database,
  actor: Actor,
  input: { eventId: number; participantId: number; now?: number },
): Promise<ParticipantDetail> {
  const { participant, event, scope } = await loadParticipantForActor(
    db,
    actor,
    input.participantId,
    "event:view-sales",
    input.eventId,
  );
  const canManage = canOnEvent(actor, "event:manage-sales", scope);
  const now = input.now ?? Date.now();
  const [[order], lines, answers, history, questions, editableQuestions, ticketChoices, changes] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, participant.orderId)).limit(1),
    db
      .select({
        id: participants.id,
        firstName: participants.firstName,
        lastName: participants.lastName,
        ticketTitle: participants.ticketTitle,
        ticketType: participants.ticketType,
        price: participants.price,
      })
      .from(participants)
      .where(and(eq(participants.orderId, participant.orderId), eq(participants.organizationId, event.organizationId)))
      .orderBy(asc(participants.ticketType), asc(participants.id)),
    db
      .select({
        participantId: formAnswers.participantId,
        formType: formAnswers.formType,
        questionId: formAnswers.questionId,
        questionTitle: formAnswers.questionTitle,
        value: formAnswers.value,
      })
      .from(formAnswers)
      .where(
        and(
          eq(formAnswers.orderId, participant.orderId),
          eq(formAnswers.organizationId, event.organizationId),
          or(isNull(formAnswers.participantId), eq(formAnswers.participantId, participant.id)),
        ),
      )
      .orderBy(asc(formAnswers.id)),
    db
      .select({
        id: entries.id,
        isIn: entries.isIn,
        validatedAt: entries.validatedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(entries)
      .leftJoin(users, eq(users.id, entries.validatedBy))
      .where(and(eq(entries.participantId, participant.id), eq(entries.organizationId, event.organizationId)))
      .orderBy(desc(entries.validatedAt), desc(entries.id)),
    loadFormQuestions(db, event),
    canManage ? participantFormQuestions(db, event, participant.ticketId) : Promise.resolve(null),
    canManage ? participantTicketChoices(db, participant, now) : Promise.resolve(null),
    db
      .select()
      .from(participantChanges)
      .where(
        and(
          eq(participantChanges.participantId, participant.id),
          eq(participantChanges.organizationId, event.organizationId),
        ),
      )
      .orderBy(desc(participantChanges.createdAt), desc(participantChanges.id)),
  ]);
  return {
    participant: {
      id: participant.id,
      firstName: participant.firstName,
      lastName: participant.lastName,
      email: participant.email,
      ticketId: participant.ticketId,
      ticketTitle: participant.ticketTitle,
      ticketType: participant.ticketType,
      price: participant.price,
      promoCodeKey: participant.promoCodeKey,
      isIn: participant.isIn,
      lastValidationAt: participant.lastValidationAt?.getTime() ?? null,
      createdAt: participant.createdAt.getTime(),
      eventDate: participant.eventDate?.getTime() ?? null,
    },
    lines: lines.map((line) => ({
      id: line.id,
      name: `${line.firstName} ${line.lastName}`.trim(),
      ticketTitle: line.ticketTitle,
      ticketType: line.ticketType,
      price: line.price,
    })),
    sum: lines.reduce((total, line) => total + line.price, 0),
    order: {
      id: order!.id,
      status: paymentStatus(order!, now),
      amount: order!.amount,
      fees: order!.fees,
      netAmount: order!.netAmount,
      email: order!.email,
      firstName: order!.firstName,
      lastName: order!.lastName,
      createdAt: order!.createdAt.getTime(),
      accessToken: order!.accessToken,
    },
    orderAnswers: shownAnswers(
      questions,
      answers.filter((a) => a.participantId === null),
    ),
    participantAnswers: shownAnswers(
      questions,
      answers.filter((a) => a.participantId !== null),
    ),
    entries: history.map((entry) => ({
      id: entry.id,
      isIn: entry.isIn,
      validatedAt: entry.validatedAt.getTime(),
      validatedBy: entry.email ? `${entry.firstName} ${entry.lastName}`.trim() || entry.email : null,
    })),
    changes: changes.map((change) => ({
      id: change.id,
      kind: change.kind,
      previousName: `${change.previousFirstName} ${change.previousLastName}`.trim(),
      previousEmail: change.previousEmail,
      name: `${change.firstName} ${change.lastName}`.trim(),
      email: change.email,
      answersChanged: change.answersChanged,
      at: change.createdAt.getTime(),
    })),
    timezone: event.timezone,
    canManage,
    answerForm:
      editableQuestions && editableQuestions.length > 0
        ? {
            questions: editableQuestions,
            values: Object.fromEntries(
              answers
                .filter((answer) => answer.participantId === participant.id && answer.formType === "before-tickets")
                .map((answer) => [answer.questionId, editableAnswer(answer.value)]),
            ),
          }
        : null,
    ticketChoices,
  };
}
