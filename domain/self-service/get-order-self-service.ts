import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { formAnswers, participants } from "#db/schema";
import { editableAnswer, type EditableAnswer } from "../participants/get-participant";
import { participantFormQuestions } from "../participants/update-participant-answers";
import type { PublicOrderJson } from "../booking/get-public-order";
import type { Question } from "../participation-forms/question-schema";
import { isCheckedIn, isLiveOrder, loadBuyerOrder, SELF_SERVICE_BLOCK_KEYS } from "./load-buyer-order";
import { selfServiceBlock, selfServiceRules, type SelfServiceRule } from "./self-service-rules";
import type { SelfServiceRefundKind } from "#db/schema";
import { readRefundState } from "../refunds/refund-order-part";
import { cancelPolicyOf, quoteCancellation } from "./cancel-rules";

export type SelfServiceRuleJson = { state: SelfServiceRule["state"]; until: string | null };

export type OrderSelfService = {
  edit: SelfServiceRuleJson;
  transfer: SelfServiceRuleJson;
  cancel: SelfServiceRuleJson;
  /** What a cancellation gives back (docs/decisions/0060); `percentage` in basis points. */
  cancel_refund: { kind: SelfServiceRefundKind; percentage: number };
  /** The whole order's cancellation: allowed or why not, and the cents it gives back (the refund rules'). */
  order_cancel: { can_cancel: boolean; cancel_refusal: string | null; refund_amount: number | null };
  /** A free order: a cancellation frees the places, nothing to refund. */
  free: boolean;
  participants: {
    id: number;
    can_edit: boolean;
    /** Why editing is refused (an i18n key), null when it is allowed. */
    edit_refusal: string | null;
    can_transfer: boolean;
    transfer_refusal: string | null;
    can_cancel: boolean;
    cancel_refusal: string | null;
    /** Cents a cancellation of this ticket gives back now, under the event's policy; null when it may not be cancelled. */
    cancel_refund_amount: number | null;
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
  const policy = cancelPolicyOf(event);
  // The cancellation's own order-level refusals: an order entered by hand is cancelled by its organizer.
  const orderCancelBlock =
    order.status === "manual"
      ? "booking:self-service.errors.cancel-manual-order"
      : order.status !== "paid"
        ? SELF_SERVICE_BLOCK_KEYS.cancel["order-not-confirmed"]
        : null;
  const refundState =
    orderCancelBlock === null && rules.cancel.state === "open" ? await readRefundState(db, order.id) : null;
  const quote = (chosen: number[] | "order"): number | null => {
    if (!refundState) return null;
    try {
      return quoteCancellation(refundState, chosen, policy).amount;
    } catch {
      return null;
    }
  };
  const anyCheckedIn = rows.some(isCheckedIn);
  const orderRule = selfServiceBlock("cancel", rules, {
    orderLive: live,
    ticketType: "ticket",
    checkedIn: anyCheckedIn,
  });
  const orderCancelRefusal = orderCancelBlock ?? (orderRule ? SELF_SERVICE_BLOCK_KEYS.cancel[orderRule] : null);
  const orderAmount = orderCancelRefusal === null ? quote("order") : null;
  return {
    edit: ruleJson(rules.edit),
    transfer: ruleJson(rules.transfer),
    // An order entered by hand is cancelled by its organizer: to its buyer, cancelling is off.
    cancel: ruleJson(order.status === "manual" ? { state: "off", until: null } : rules.cancel),
    cancel_refund: { kind: event.selfServiceCancelRefund, percentage: event.selfServiceCancelPercentage },
    order_cancel: {
      can_cancel: orderCancelRefusal === null && orderAmount !== null,
      cancel_refusal: orderCancelRefusal,
      refund_amount: orderAmount,
    },
    free: order.amount === 0,
    participants: await Promise.all(
      rows.map(async (participant) => {
        const state = { orderLive: live, ticketType: participant.ticketType, checkedIn: isCheckedIn(participant) };
        const editBlock = selfServiceBlock("edit", rules, state);
        const transferBlock = selfServiceBlock("transfer", rules, state);
        const cancelBlock = selfServiceBlock("cancel", rules, state);
        const cancelRefusal = orderCancelBlock ?? (cancelBlock ? SELF_SERVICE_BLOCK_KEYS.cancel[cancelBlock] : null);
        const cancelAmount = cancelRefusal === null ? quote([participant.id]) : null;
        return {
          id: participant.id,
          can_edit: editBlock === null,
          edit_refusal: editBlock ? SELF_SERVICE_BLOCK_KEYS.edit[editBlock] : null,
          can_transfer: transferBlock === null,
          transfer_refusal: transferBlock ? SELF_SERVICE_BLOCK_KEYS.transfer[transferBlock] : null,
          can_cancel: cancelRefusal === null && cancelAmount !== null,
          cancel_refusal: cancelRefusal,
          cancel_refund_amount: cancelAmount,
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
    self_service: {
      edit: selfService.edit,
      transfer: selfService.transfer,
      cancel: selfService.cancel,
      cancel_refund: selfService.cancel_refund,
      order_cancel: selfService.order_cancel,
    },
    participants: order.participants.map((participant) => {
      const actions = byId.get(participant.id);
      return {
        ...participant,
        checked_in: actions?.checked_in ?? false,
        can_edit: actions?.can_edit ?? false,
        edit_refusal: actions?.edit_refusal ?? null,
        can_transfer: actions?.can_transfer ?? false,
        transfer_refusal: actions?.transfer_refusal ?? null,
        can_cancel: actions?.can_cancel ?? false,
        cancel_refusal: actions?.cancel_refusal ?? null,
        cancel_refund_amount: actions?.cancel_refund_amount ?? null,
      };
    }),
  };
}
