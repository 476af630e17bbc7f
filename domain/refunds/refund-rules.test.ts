import { describe, expect, it } from "vitest";
import { platformFee } from "../booking/fees";
import {
  computeRefund,
  RefundRuleError,
  unitCost,
  unitShare,
  type RefundLineInput,
  type RefundOrderState,
} from "./refund-rules";

const line = (input: Partial<RefundLineInput> & Pick<RefundLineInput, "orderItemId">): RefundLineInput => ({
  quantity: 1,
  unitPrice: 0,
  discount: 0,
  fees: 0,
  feesType: "included",
  refundedUnits: 0,
  ...input,
});

/** An order in the state the booking leaves it: amount = the lines' charged total, fees = the lines' fees. */
function order(lines: RefundLineInput[], refunded = { amount: 0, fees: 0 }): RefundOrderState {
  const amount = lines.reduce(
    (sum, l) => sum + l.unitPrice * l.quantity - l.discount + (l.feesType === "added" ? l.fees : 0),
    0,
  );
  const fees = lines.reduce((sum, l) => sum + l.fees, 0);
  return { amount, fees, refundedAmount: refunded.amount, refundedFees: refunded.fees, lines };
}

const issueOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RefundRuleError) return error.issue;
    throw error;
  }
  return null;
};

// Two tickets at 20 €, fees added: 1.5 % of 20 € = 0.30 € + 0.25 € = 0.55 € per unit.
const twoAdded = () => order([line({ orderItemId: 1, quantity: 2, unitPrice: 2000, fees: 110, feesType: "added" })]);

describe("unit shares", () => {
  it("gives the first units the remaining cents, so a line's units add up to the line", () => {
    expect([0, 1, 2].map((i) => unitShare(100, 3, i))).toEqual([34, 33, 33]);
    expect([0, 1, 2].map((i) => unitShare(80, 3, i))).toEqual([27, 27, 26]);
    expect([0, 1].map((i) => unitShare(110, 2, i))).toEqual([55, 55]);
    const l = line({ orderItemId: 1, quantity: 3, unitPrice: 1000, discount: 100, fees: 80, feesType: "added" });
    expect([0, 1, 2].map((i) => unitCost(l, i).paid)).toEqual([993, 994, 993]);
  });

  it("matches the booking's platform fee", () => {
    expect(platformFee(2000)).toBe(55);
    expect(platformFee(1000)).toBe(40);
  });
});

describe("refund of chosen tickets under each policy", () => {
  it("full: the unit's price and its added fee, the fee given back with it", () => {
    const refund = computeRefund(twoAdded(), {
      kind: "units",
      units: [{ orderItemId: 1, count: 1 }],
      policy: { kind: "full" },
    });
    expect(refund).toEqual({
      amount: 2055,
      fee: 55,
      lines: [{ orderItemId: 1, units: 1, amount: 2055, fee: 55 }],
      closesOrder: false,
      leftBefore: 4110,
    });
  });

  it("full minus fees: an added fee is kept", () => {
    const refund = computeRefund(twoAdded(), {
      kind: "units",
      units: [{ orderItemId: 1, count: 1 }],
      policy: { kind: "full-minus-fees" },
    });
    expect(refund.amount).toBe(2000);
    expect(refund.fee).toBe(0);
  });

  it("full minus fees: an included fee is taken off the price", () => {
    const state = order([line({ orderItemId: 7, quantity: 2, unitPrice: 1000, fees: 80, feesType: "included" })]);
    expect(state.amount).toBe(2000);
    const full = computeRefund(state, {
      kind: "units",
      units: [{ orderItemId: 7, count: 1 }],
      policy: { kind: "full" },
    });
    expect([full.amount, full.fee]).toEqual([1000, 40]);
    const minus = computeRefund(state, {
      kind: "units",
      units: [{ orderItemId: 7, count: 2 }],
      policy: { kind: "full-minus-fees" },
    });
    expect([minus.amount, minus.fee, minus.closesOrder]).toEqual([1920, 0, true]);
  });

  it("a percentage: per unit, rounded down to the cent, then summed", () => {
    // 33.33 % of 20.55 € = 684.9315 cents → 684 per unit; two units 1368 (not floor(4110 × 0.3333) = 1369).
    const refund = computeRefund(twoAdded(), {
      kind: "units",
      units: [{ orderItemId: 1, count: 2 }],
      policy: { kind: "percentage", basisPoints: 3333 },
    });
    expect(refund.amount).toBe(1368);
    expect(refund.fee).toBe(0);
    expect(refund.closesOrder).toBe(true);
    const half = computeRefund(twoAdded(), {
      kind: "units",
      units: [{ orderItemId: 1, count: 1 }],
      policy: { kind: "percentage", basisPoints: 5000 },
    });
    expect(half.amount).toBe(1027);
    const all = computeRefund(twoAdded(), {
      kind: "units",
      units: [{ orderItemId: 1, count: 1 }],
      policy: { kind: "percentage", basisPoints: 10_000 },
    });
    expect([all.amount, all.fee]).toEqual([2055, 55]);
  });

  it("none: the units are freed and nothing is given back", () => {
    const refund = computeRefund(twoAdded(), {
      kind: "units",
      units: [{ orderItemId: 1, count: 1 }],
      policy: { kind: "none" },
    });
    expect(refund).toEqual({
      amount: 0,
      fee: 0,
      lines: [{ orderItemId: 1, units: 1, amount: 0, fee: 0 }],
      closesOrder: false,
      leftBefore: 4110,
    });
  });

  it("a discount that does not divide evenly, spread over the units of a line", () => {
    const l = line({ orderItemId: 3, quantity: 3, unitPrice: 1000, discount: 100, fees: 80, feesType: "added" });
    const state = order([l]);
    expect(state.amount).toBe(2980);
    const first = computeRefund(state, {
      kind: "units",
      units: [{ orderItemId: 3, count: 1 }],
      policy: { kind: "full" },
    });
    expect([first.amount, first.fee]).toEqual([993, 27]);
    // The second refund takes the next units (994 and 993): the three refunds add up to the order exactly.
    const second = computeRefund(order([{ ...l, refundedUnits: 1 }], { amount: first.amount, fees: first.fee }), {
      kind: "units",
      units: [{ orderItemId: 3, count: 2 }],
      policy: { kind: "full" },
    });
    expect([second.amount, second.fee, second.closesOrder, second.leftBefore]).toEqual([1987, 53, true, 1987]);
    expect(first.amount + second.amount).toBe(state.amount);
  });

  it("a promo code's discount spread over several lines of an order", () => {
    // 10 % off two tickets at 15.01 € and one add-on at 7.50 €; fees added on tickets, included on the add-on.
    const tickets = line({
      orderItemId: 10,
      quantity: 2,
      unitPrice: 1501,
      discount: 300,
      fees: 2 * platformFee(1351),
      feesType: "added",
    });
    const addon = line({
      orderItemId: 11,
      quantity: 1,
      unitPrice: 750,
      discount: 75,
      fees: platformFee(675),
      feesType: "included",
    });
    expect(tickets.fees).toBe(90);
    expect(addon.fees).toBe(35);
    const state = order([tickets, addon]);
    expect(state.amount).toBe(2 * 1351 + 90 + 675);
    const refund = computeRefund(state, {
      kind: "units",
      units: [
        { orderItemId: 10, count: 1 },
        { orderItemId: 11, count: 1 },
      ],
      policy: { kind: "full" },
    });
    expect(refund.lines).toEqual([
      { orderItemId: 10, units: 1, amount: 1351 + 45, fee: 45 },
      { orderItemId: 11, units: 1, amount: 675, fee: 35 },
    ]);
    expect([refund.amount, refund.fee]).toEqual([2071, 80]);
    const minus = computeRefund(state, {
      kind: "units",
      units: [
        { orderItemId: 10, count: 2 },
        { orderItemId: 11, count: 1 },
      ],
      policy: { kind: "full-minus-fees" },
    });
    expect(minus.lines.map((l) => l.amount)).toEqual([2702, 640]);
    expect([minus.amount, minus.closesOrder]).toEqual([3342, true]);
  });

  it("a free unit refunds nothing and closes the order when it was the last one", () => {
    const state = order(
      [
        line({ orderItemId: 1, quantity: 1, unitPrice: 2000, fees: 55, feesType: "added", refundedUnits: 1 }),
        line({ orderItemId: 2, quantity: 1, unitPrice: 0 }),
      ],
      { amount: 2055, fees: 55 },
    );
    const refund = computeRefund(state, {
      kind: "units",
      units: [{ orderItemId: 2, count: 1 }],
      policy: { kind: "full" },
    });
    expect([refund.amount, refund.closesOrder]).toEqual([0, true]);
  });
});

describe("refund of an amount", () => {
  it("spreads the amount over the lines in proportion to what each has left, the first lines taking the cents", () => {
    const state = order([
      line({ orderItemId: 1, quantity: 3, unitPrice: 1000 }),
      line({ orderItemId: 2, quantity: 1, unitPrice: 2000 }),
    ]);
    const refund = computeRefund(state, { kind: "amount", amount: 1001 });
    expect(refund).toEqual({
      amount: 1001,
      fee: 0,
      lines: [
        { orderItemId: 1, units: 0, amount: 601, fee: 0 },
        { orderItemId: 2, units: 0, amount: 400, fee: 0 },
      ],
      closesOrder: false,
      leftBefore: 5000,
    });
  });

  it("everything left gives the remaining fee back and closes the order", () => {
    const refund = computeRefund(order(twoAdded().lines, { amount: 1000, fees: 0 }), { kind: "amount", amount: 3110 });
    expect([refund.amount, refund.fee, refund.closesOrder]).toEqual([3110, 110, true]);
  });

  it("refuses an amount above what is left, zero, or a fraction of a cent", () => {
    const state = order(twoAdded().lines, { amount: 4000, fees: 0 });
    expect(issueOf(() => computeRefund(state, { kind: "amount", amount: 111 }))).toBe("amount-above-left");
    expect(issueOf(() => computeRefund(state, { kind: "amount", amount: 0 }))).toBe("invalid-amount");
    expect(issueOf(() => computeRefund(state, { kind: "amount", amount: 10.5 }))).toBe("invalid-amount");
    expect(computeRefund(state, { kind: "amount", amount: 110 }).amount).toBe(110);
  });
});

describe("never more than paid or than left", () => {
  it("cuts a tickets refund after an amount refund to what is left", () => {
    const state = order(twoAdded().lines, { amount: 4000, fees: 0 });
    const refund = computeRefund(state, {
      kind: "units",
      units: [{ orderItemId: 1, count: 1 }],
      policy: { kind: "full" },
    });
    expect([refund.amount, refund.fee, refund.closesOrder]).toEqual([110, 55, true]);
  });

  it("refuses units already refunded, unknown lines, an empty choice and a refunded order", () => {
    const state = order([line({ orderItemId: 1, quantity: 2, unitPrice: 2000, refundedUnits: 1 })], {
      amount: 2000,
      fees: 0,
    });
    const units = (count: number, orderItemId = 1) => ({
      kind: "units" as const,
      units: [{ orderItemId, count }],
      policy: { kind: "full" as const },
    });
    expect(issueOf(() => computeRefund(state, units(2)))).toBe("too-many-units");
    expect(issueOf(() => computeRefund(state, units(1, 9)))).toBe("unknown-line");
    expect(issueOf(() => computeRefund(state, units(0)))).toBe("no-units");
    expect(
      issueOf(() => computeRefund(state, { ...units(1), policy: { kind: "percentage", basisPoints: 10_001 } })),
    ).toBe("invalid-percentage");
    const done = order([line({ orderItemId: 1, quantity: 2, unitPrice: 2000, refundedUnits: 2 })], {
      amount: 4000,
      fees: 0,
    });
    expect(issueOf(() => computeRefund(done, units(1)))).toBe("nothing-left");
    expect(issueOf(() => computeRefund(done, { kind: "amount", amount: 1 }))).toBe("nothing-left");
  });

  it("seven one-unit refunds of a line with an uneven discount and fee add up to the line, never more", () => {
    const l = line({ orderItemId: 1, quantity: 7, unitPrice: 1999, discount: 1000, fees: 300, feesType: "added" });
    let state = order([l]);
    const paid = state.amount;
    let total = 0;
    for (let i = 0; i < 7; i++) {
      const refund = computeRefund(state, {
        kind: "units",
        units: [{ orderItemId: 1, count: 1 }],
        policy: { kind: "full" },
      });
      total += refund.amount;
      state = {
        ...state,
        refundedAmount: state.refundedAmount + refund.amount,
        refundedFees: state.refundedFees + refund.fee,
        lines: [{ ...state.lines[0]!, refundedUnits: state.lines[0]!.refundedUnits + 1 }],
      };
    }
    expect(total).toBe(paid);
    expect(state.refundedFees).toBe(300);
  });
});
