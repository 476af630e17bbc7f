import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { formAnswers, participants } from "#db/schema";
import { editableAnswer, type EditableAnswer } from "../participants/get-participant";
import { participantFormQuestions } from "../participants/update-participant-answers";
import type { PublicOrderJson } from "../booking/get-public-order";
import type { Question } from "../participation-forms/question-schema";
import { isCheckedIn, isLiveOrder, loadBuyerOrder, SELF_SERVICE_BLOCK_KEYS } from "./load-buyer-order";
import { selfServiceBlock, selfServiceRules, type SelfServiceRule } from "./self-service-rules";

export type SelfServiceRuleJson = { state: SelfServiceRule["state"]; until: string | null };

export type OrderSelfService = {
  edit: SelfServiceRuleJson;
  transfer: SelfServiceRuleJson;
  participants: {
    id: number;
    can_edit: boolean;
    /** Why editing is refused (an i18n key), null when it is allowed. */
    edit_refusal: string | null;
    can_transfer: boolean;
    transfer_refusal: string | null;
    checked_in: boolean;
    /** The participant form's questions for this ticket and the current answers (the edit form's fields). */
    questions: Question[];
    answers: Record<string, EditableAnswer>;
  }[];
};

const ruleJson = (rule: SelfServiceRule): SelfServiceRuleJson => ({
  state: rule.state,
  until: rule.until?.toISOString() ?? null,
});

/**
 * What the buyer may do on their order page now (issue 28 §1-2): the event's edit and transfer rules with their
 * deadlines, and per ticket whether each action is allowed or why not. The order's token is checked as everywhere.
 */
export async function getOrderSelfService(
  db: Database,
  input: { orderId: number; token: string | null | undefined; now?: number },
): Promise<OrderSelfService> {
  const now = input.now ?? Date.now();
  const { order, event } = await loadBuyerOrder(db, input);
  const rules = selfServiceRules(event, now);
  const [rows, answerRows] = await Promise.all([
    db
      .select()
      .from(participants)
      .where(and(eq(participants.orderId, order.id), eq(participants.organizationId, order.organizationId)))
      .orderBy(asc(participants.id)),
    db
      .select({
        participantId: formAnswers.participantId,
        questionId: formAnswers.questionId,
        value: formAnswers.value,
      })
      .from(formAnswers)
      .where(
        and(
          eq(formAnswers.orderId, order.id),
          eq(formAnswers.organizationId, order.organizationId),
          eq(formAnswers.formType, "before-tickets"),
        ),
      ),
  ]);
  const questionsByTicket = new Map<number, Promise<Question[]>>();
  const questionsOf = (ticketId: number) => {
    let questions = questionsByTicket.get(ticketId);
    if (!questions) {
      questions = participantFormQuestions(db, event, ticketId);
      questionsByTicket.set(ticketId, questions);
    }
    return questions;
  };
  const live = isLiveOrder(order);
  return {
    edit: ruleJson(rules.edit),
    transfer: ruleJson(rules.transfer),
    participants: await Promise.all(
      rows.map(async (participant) => {
        const state = { orderLive: live, ticketType: participant.ticketType, checkedIn: isCheckedIn(participant) };
        const editBlock = selfServiceBlock("edit", rules, state);
        const transferBlock = selfServiceBlock("transfer", rules, state);
        return {
          id: participant.id,
          can_edit: editBlock === null,
          edit_refusal: editBlock ? SELF_SERVICE_BLOCK_KEYS.edit[editBlock] : null,
          can_transfer: transferBlock === null,
          transfer_refusal: transferBlock ? SELF_SERVICE_BLOCK_KEYS.transfer[transferBlock] : null,
          checked_in: state.checkedIn,
          questions: editBlock === null ? await questionsOf(participant.ticketId) : [],
          answers: Object.fromEntries(
            answerRows
              .filter((answer) => answer.participantId === participant.id)
              .map((answer) => [answer.questionId, editableAnswer(answer.value)]),
          ),
        };
      }),
    ),
  };
}

/**
 * GET /api/public/orders/:id's answer with what the buyer may do: `self_service` (each rule's state and deadline) and,
 * on each participant, `can_edit` / `can_transfer` with the reason of a refusal.
 */
export function publicOrderWithSelfService(order: PublicOrderJson, selfService: OrderSelfService) {
  const byId = new Map(selfService.participants.map((participant) => [participant.id, participant]));
  return {
    ...order,
    self_service: { edit: selfService.edit, transfer: selfService.transfer },
    participants: order.participants.map((participant) => {
      const actions = byId.get(participant.id);
      return {
        ...participant,
        checked_in: actions?.checked_in ?? false,
        can_edit: actions?.can_edit ?? false,
        edit_refusal: actions?.edit_refusal ?? null,
        can_transfer: actions?.can_transfer ?? false,
        transfer_refusal: actions?.transfer_refusal ?? null,
      };
    }),
  };
}
