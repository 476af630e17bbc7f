import type { SelfServiceRefundKind } from "#db/schema";
import { computeRefund, type RefundOrderState, type RefundPolicy } from "../refunds/refund-rules";
import {
  chooseUnits,
  countByLine,
  type ChosenUnit,
  type RefundPerson,
  type RefundStateLine,
} from "../refunds/refund-units";

/*
 * What a buyer's cancellation takes and gives back, in integer cents, with no I/O (docs/decisions/0060): the order
 * page's confirmation step and the server's cancellation call the same functions on the same state, so the amount
 * shown is the amount refunded.
 */

/** The event's refund rule as the refund rules read it (docs/decisions/0058). */
export function cancelPolicyOf(event: {
  selfServiceCancelRefund: SelfServiceRefundKind;
  selfServiceCancelPercentage: number;
}): RefundPolicy {
  return event.selfServiceCancelRefund === "percentage"
    ? { kind: "percentage", basisPoints: event.selfServiceCancelPercentage }
    : { kind: event.selfServiceCancelRefund };
}

/**
 * The participants a cancellation takes: the whole order is every ticket not refunded yet and its add-ons; chosen
 * tickets are those, and the add-ons too when they are the order's last tickets (an add-on follows its order).
 */
export function cancelledParticipantIds(people: RefundPerson[], chosen: number[] | "order"): number[] {
  if (chosen === "order") return people.map((person) => person.participantId);
  const ids = new Set(chosen);
  const tickets = people.filter((person) => person.ticketType === "ticket");
  const lastTickets = tickets.length > 0 && tickets.every((person) => ids.has(person.participantId));
  return lastTickets ? people.map((person) => person.participantId) : [...ids];
}

export type CancelState = {
  rules: RefundOrderState;
  lines: RefundStateLine[];
  people: RefundPerson[];
};

export type CancelQuote = {
  /** Cents given back to the buyer (0 for a free order, or a cancellation without refund). */
  amount: number;
  /** The platform fee part of `amount`. */
  fee: number;
  participantIds: number[];
  chosen: ChosenUnit[];
  computed: ReturnType<typeof computeRefund>;
  /** Nothing is left of the order after it: the whole order is cancelled. */
  closesOrder: boolean;
};

/**
 * The cancellation of `chosen` (participant ids, or the whole order) under the event's policy. A free order gives
 * nothing back whatever the policy: its units cost nothing. Throws RefundRuleError as computeRefund does.
 */
export function quoteCancellation(state: CancelState, chosen: number[] | "order", policy: RefundPolicy): CancelQuote {
  const participantIds = cancelledParticipantIds(state.people, chosen);
  const units = chooseUnits(state, participantIds);
  const computed = computeRefund(state.rules, { kind: "units", units: countByLine(units), policy });
  return {
    amount: computed.amount,
    fee: computed.fee,
    participantIds,
    chosen: units,
    computed,
    closesOrder: computed.closesOrder,
  };
}
