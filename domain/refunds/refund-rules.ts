import type { FeesType } from "#db/schema";

/*
 * How much a refund gives back, in integer cents, with no I/O (docs/decisions/0058-partial-refunds.md). An order line
 * of `quantity` units spreads its discount and its platform fee over its units: each unit gets the floor of the
 * share, and the first units of the line one cent more until the line's total is reached, so the units of a line
 * always add up to the line exactly. Units are refunded in line order: a line with `refundedUnits` refunded already
 * refunds its next units from index `refundedUnits` on, whichever participants are chosen (the units of one line cost
 * the same but for that cent).
 */

export type RefundPolicy =
  | { kind: "full" }
  /** The platform fee of each unit stays: added fees are not given back, included ones are taken off the price. */
  | { kind: "full-minus-fees" }
  /** basisPoints: 5000 = 50 %; per unit, rounded down to the cent, after the fees are set aside when `minusFees`. */
  | { kind: "percentage"; basisPoints: number }
  /** The units are freed and nothing is given back (a cancellation without refund). */
  | { kind: "none" };

export type RefundLineInput = {
  orderItemId: number;
  quantity: number;
  unitPrice: number;
  /** Whole line, cents. */
  discount: number;
  /** Whole line, cents: the platform fee. */
  fees: number;
  feesType: FeesType;
  /** Units of this line refunded (or freed) by earlier refunds. */
  refundedUnits: number;
};

export type RefundOrderState = {
  /** What the buyer paid for the order (orders.amount). */
  amount: number;
  /** The order's platform fee (orders.fees). */
  fees: number;
  /** Given back by earlier refunds, and the platform fee part of it. */
  refundedAmount: number;
  refundedFees: number;
  lines: RefundLineInput[];
};

export type RefundRequest =
  | { kind: "units"; units: { orderItemId: number; count: number }[]; policy: RefundPolicy }
  /** An amount typed by the organizer; no unit is freed. */
  | { kind: "amount"; amount: number };

export type RefundedLine = { orderItemId: number; units: number; amount: number; fee: number };

export type RefundComputation = {
  /** Cents given back to the buyer. */
  amount: number;
  /** The platform fee part of `amount` (given back by the platform with it). */
  fee: number;
  /** Per line: units freed, and the part of the amount and of the fee. Lines with nothing are left out. */
  lines: RefundedLine[];
  /** After it, nothing is left: every unit refunded, or every cent. The order is then refunded. */
  closesOrder: boolean;
  /** What was left to refund before this refund. */
  leftBefore: number;
};

export type RefundRuleIssue =
  | "nothing-left"
  | "unknown-line"
  | "too-many-units"
  | "no-units"
  | "invalid-amount"
  | "amount-above-left"
  | "invalid-percentage";

export class RefundRuleError extends Error {
  override name = "RefundRuleError";
  constructor(readonly issue: RefundRuleIssue) {
    super(issue);
  }
}

/** The share of `total` that unit `index` of `quantity` carries: the floor, plus one cent for the first remainders. */
export function unitShare(total: number, quantity: number, index: number): number {
  const base = Math.floor(total / quantity);
  return base + (index < total - base * quantity ? 1 : 0);
}

/** What unit `index` of the line cost the buyer, and the platform fee it carries. */
export function unitCost(line: RefundLineInput, index: number): { paid: number; fee: number } {
  const discount = unitShare(line.discount, line.quantity, index);
  const fee = unitShare(line.fees, line.quantity, index);
  return { paid: line.unitPrice - discount + (line.feesType === "added" ? fee : 0), fee };
}

/** The refund of one unit under a policy: the amount and the platform fee part of it. */
export function unitRefund(
  line: RefundLineInput,
  index: number,
  policy: RefundPolicy,
): { amount: number; fee: number } {
  const { paid, fee } = unitCost(line, index);
  switch (policy.kind) {
    case "full":
      return { amount: paid, fee: Math.min(fee, paid) };
    case "full-minus-fees":
      return { amount: Math.max(0, paid - fee), fee: 0 };
    case "percentage": {
      const amount = Math.floor((paid * policy.basisPoints) / 10_000);
      return { amount, fee: policy.basisPoints >= 10_000 ? Math.min(fee, amount) : 0 };
    }
    case "none":
      return { amount: 0, fee: 0 };
  }
}

export function leftToRefund(state: RefundOrderState): number {
  return Math.max(0, state.amount - state.refundedAmount);
}

const unitsLeft = (line: RefundLineInput) => Math.max(0, line.quantity - line.refundedUnits);

/**
 * The refund of `request` on an order in `state`. Never more than what is left to refund (a units refund after an
 * amount refund is cut to what is left, the last lines first), never a unit twice. Throws RefundRuleError.
 */
export function computeRefund(state: RefundOrderState, request: RefundRequest): RefundComputation {
  const leftBefore = leftToRefund(state);
  const totalUnitsLeft = state.lines.reduce((sum, line) => sum + unitsLeft(line), 0);
  if (totalUnitsLeft === 0) throw new RefundRuleError("nothing-left");
  if (request.kind === "amount") return amountRefund(state, request.amount, leftBefore);

  const policy = request.policy;
  if (
    policy.kind === "percentage" &&
    (!Number.isSafeInteger(policy.basisPoints) || policy.basisPoints < 0 || policy.basisPoints > 10_000)
  ) {
    throw new RefundRuleError("invalid-percentage");
  }
  const counts = new Map<number, number>();
  for (const unit of request.units) {
    if (!Number.isSafeInteger(unit.count) || unit.count < 0) throw new RefundRuleError("too-many-units");
    counts.set(unit.orderItemId, (counts.get(unit.orderItemId) ?? 0) + unit.count);
  }
  const lines: RefundedLine[] = [];
  let freed = 0;
  for (const [orderItemId, count] of counts) {
    const line = state.lines.find((candidate) => candidate.orderItemId === orderItemId);
    if (!line) throw new RefundRuleError("unknown-line");
    if (count > unitsLeft(line)) throw new RefundRuleError("too-many-units");
    if (count === 0) continue;
    let amount = 0;
    let fee = 0;
    for (let index = line.refundedUnits; index < line.refundedUnits + count; index++) {
      const unit = unitRefund(line, index, policy);
      amount += unit.amount;
      fee += unit.fee;
    }
    lines.push({ orderItemId, units: count, amount, fee });
    freed += count;
  }
  if (freed === 0) throw new RefundRuleError("no-units");
  lines.sort((a, b) => a.orderItemId - b.orderItemId);
  capToLeft(lines, leftBefore);
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  const fee = Math.min(
    lines.reduce((sum, line) => sum + line.fee, 0),
    Math.max(0, state.fees - state.refundedFees),
  );
  return {
    amount,
    fee,
    lines,
    // Giving back the last cent closes the order; a refund of nothing (a free order's unit, a cancellation without
    // refund) closes it only with its last unit.
    closesOrder: freed === totalUnitsLeft || (amount > 0 && amount === leftBefore),
    leftBefore,
  };
}

/** Cuts the lines' amounts (the last lines first) so that they add up to at most `left`; a fee never exceeds its amount. */
function capToLeft(lines: RefundedLine[], left: number): void {
  let excess = lines.reduce((sum, line) => sum + line.amount, 0) - left;
  for (let i = lines.length - 1; i >= 0 && excess > 0; i--) {
    const line = lines[i]!;
    const cut = Math.min(excess, line.amount);
    line.amount -= cut;
    line.fee = Math.min(line.fee, line.amount);
    excess -= cut;
  }
}

/**
 * An amount refund: spread over the lines in proportion to what each line has left to refund (floor, the first lines
 * taking the remaining cents), so a credit note can say what it reverses per line. The platform fee goes back only
 * with the last cent (the amount is everything left): then all of the fee not yet given back.
 */
function amountRefund(state: RefundOrderState, amount: number, leftBefore: number): RefundComputation {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RefundRuleError("invalid-amount");
  if (leftBefore === 0) throw new RefundRuleError("nothing-left");
  if (amount > leftBefore) throw new RefundRuleError("amount-above-left");
  const closes = amount === leftBefore;
  const weights = state.lines.map((line) => {
    let paid = 0;
    for (let index = line.refundedUnits; index < line.quantity; index++) paid += unitCost(line, index).paid;
    return paid;
  });
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => (totalWeight > 0 ? Math.floor((amount * weight) / totalWeight) : 0));
  let remainder = amount - shares.reduce((sum, share) => sum + share, 0);
  // Fewer cents remain than lines with a weight: one pass places them. No weight at all (only the retained fees of
  // refunded units are left): the first line carries the amount.
  for (let i = 0; i < shares.length && remainder > 0; i++) {
    if (weights[i]! > 0 || totalWeight === 0) {
      const extra = totalWeight === 0 ? remainder : 1;
      shares[i] = shares[i]! + extra;
      remainder -= extra;
    }
  }
  const feeLeft = Math.max(0, state.fees - state.refundedFees);
  const lines: RefundedLine[] = state.lines
    .map((line, i) => ({ orderItemId: line.orderItemId, units: 0, amount: shares[i]!, fee: 0 }))
    .filter((line) => line.amount > 0);
  if (closes && lines.length > 0) {
    let feeToPlace = feeLeft;
    for (const line of lines) {
      const fee = Math.min(feeToPlace, line.amount);
      line.fee = fee;
      feeToPlace -= fee;
    }
  }
  return {
    amount,
    fee: closes ? Math.min(feeLeft, amount) : 0,
    lines,
    closesOrder: closes,
    leftBefore,
  };
}
