import type { TicketType } from "#db/schema";
import { RefundRuleError, type RefundLineInput, type RefundRuleIssue } from "./refund-rules";

/*
 * Which order line each chosen participant's unit comes off (pure: the order page computes the same amount in the
 * browser before the organizer confirms as the server does when they confirm).
 */

export type RefundStateLine = RefundLineInput & { ticketId: number };
export type RefundPerson = {
  participantId: number;
  ticketId: number;
  ticketType: TicketType;
  createdAt: Date | number;
};
export type ChosenUnit = {
  participantId: number;
  orderItemId: number;
  ticketId: number;
  ticketType: TicketType;
  createdAt: Date | number;
};

/** The message key of a refusal of the rules (orders namespace). */
export const refundIssueKey = (issue: RefundRuleIssue | "unknown-ticket") => `orders:errors.partial-refund.${issue}`;

/**
 * Each chosen participant on a line of its ticket with units left (the one with the most left first). Throws
 * RefundRuleError: "unknown-ticket" is reported as "unknown-line" (a participant not of this order, or refunded).
 */
export function chooseUnits(
  state: { lines: RefundStateLine[]; people: RefundPerson[] },
  participantIds: number[],
): ChosenUnit[] {
  const ids = [...new Set(participantIds)];
  if (ids.length === 0) throw new RefundRuleError("no-units");
  const left = new Map(state.lines.map((line) => [line.orderItemId, line.quantity - line.refundedUnits]));
  const chosen: ChosenUnit[] = [];
  for (const id of ids) {
    const person = state.people.find((candidate) => candidate.participantId === id);
    if (!person) throw new RefundRuleError("unknown-line");
    const line = state.lines
      .filter((candidate) => candidate.ticketId === person.ticketId && (left.get(candidate.orderItemId) ?? 0) > 0)
      .sort((a, b) => (left.get(b.orderItemId) ?? 0) - (left.get(a.orderItemId) ?? 0))[0];
    if (!line) throw new RefundRuleError("too-many-units");
    left.set(line.orderItemId, (left.get(line.orderItemId) ?? 0) - 1);
    chosen.push({ ...person, orderItemId: line.orderItemId });
  }
  return chosen;
}

export function countByLine(chosen: ChosenUnit[]): { orderItemId: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const unit of chosen) counts.set(unit.orderItemId, (counts.get(unit.orderItemId) ?? 0) + 1);
  return [...counts].map(([orderItemId, count]) => ({ orderItemId, count }));
}
