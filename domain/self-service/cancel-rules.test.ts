import { describe, expect, it } from "vitest";
import type { RefundPerson, RefundStateLine } from "../refunds/refund-units";
import { cancelledParticipantIds, cancelPolicyOf, quoteCancellation, type CancelState } from "./cancel-rules";

/** An order's state as the refund flow reads it: lines (with units refunded) and the participants still holding. */
function stateOf(
  lines: Omit<RefundStateLine, "refundedUnits">[],
  people: { id: number; ticketId: number; addon?: boolean }[],
  refunded: { amount: number; fees: number; units: Record<number, number> } = { amount: 0, fees: 0, units: {} },
): CancelState {
  const withUnits = lines.map((line) => ({ ...line, refundedUnits: refunded.units[line.orderItemId] ?? 0 }));
  const amount = lines.reduce(
    (sum, line) => sum + line.unitPrice * line.quantity - line.discount + (line.feesType === "added" ? line.fees : 0),
    0,
  );
  const persons: RefundPerson[] = people.map((person) => ({
    participantId: person.id,
    ticketId: person.ticketId,
    ticketType: person.addon ? "addon" : "ticket",
    createdAt: 0,
  }));
  return {
    lines: withUnits,
    people: persons,
    rules: {
      amount,
      fees: lines.reduce((sum, line) => sum + line.fees, 0),
      refundedAmount: refunded.amount,
      refundedFees: refunded.fees,
      lines: withUnits,
    },
  };
}

const twoTickets = (feesType: "added" | "included") =>
  stateOf(
    [{ orderItemId: 1, ticketId: 10, quantity: 2, unitPrice: 2000, discount: 0, fees: 110, feesType }],
    [
      { id: 101, ticketId: 10 },
      { id: 102, ticketId: 10 },
    ],
  );

describe("cancelPolicyOf (the event's refund rule)", () => {
  it("reads the percentage only for a percentage", () => {
    expect(cancelPolicyOf({ selfServiceCancelRefund: "full-minus-fees", selfServiceCancelPercentage: 5000 })).toEqual({
      kind: "full-minus-fees",
    });
    expect(cancelPolicyOf({ selfServiceCancelRefund: "percentage", selfServiceCancelPercentage: 5000 })).toEqual({
      kind: "percentage",
      basisPoints: 5000,
    });
    expect(cancelPolicyOf({ selfServiceCancelRefund: "none", selfServiceCancelPercentage: 10_000 })).toEqual({
      kind: "none",
    });
  });
});

describe("quoteCancellation (exact cents)", () => {
  it("full minus fees, fees included in a 20 € price: 19.45 € a ticket, 38.90 € the order", () => {
    const state = twoTickets("included");
    expect(state.rules.amount).toBe(4000);
    expect(quoteCancellation(state, [101], { kind: "full-minus-fees" })).toMatchObject({
      amount: 1945,
      fee: 0,
      closesOrder: false,
    });
    expect(quoteCancellation(state, "order", { kind: "full-minus-fees" })).toMatchObject({
      amount: 3890,
      fee: 0,
      closesOrder: true,
    });
  });

  it("full minus fees, fees added to a 20 € price: the 20 € back, the 0.55 € kept", () => {
    const state = twoTickets("added");
    expect(state.rules.amount).toBe(4110);
    expect(quoteCancellation(state, [102], { kind: "full-minus-fees" })).toMatchObject({ amount: 2000, fee: 0 });
    expect(quoteCancellation(state, [102], { kind: "full" })).toMatchObject({ amount: 2055, fee: 55 });
    expect(quoteCancellation(state, "order", { kind: "full" })).toMatchObject({ amount: 4110, fee: 110 });
  });

  it("a percentage rounds down per unit, so one by one gives the same total as together", () => {
    // 3 × 19.99 € with a 1 € discount on the line: the units paid 19.65 €, 19.66 €, 19.66 €.
    const lines = [
      {
        orderItemId: 1,
        ticketId: 10,
        quantity: 3,
        unitPrice: 1999,
        discount: 100,
        fees: 0,
        feesType: "included" as const,
      },
    ];
    const people = [
      { id: 101, ticketId: 10 },
      { id: 102, ticketId: 10 },
      { id: 103, ticketId: 10 },
    ];
    const policy = { kind: "percentage" as const, basisPoints: 3333 };
    // floor(1965 × 0.3333) = 654, floor(1966 × 0.3333) = 655 twice.
    expect(quoteCancellation(stateOf(lines, people), "order", policy).amount).toBe(1964);
    const first = quoteCancellation(stateOf(lines, people), [101], policy);
    expect(first.amount).toBe(654);
    const second = quoteCancellation(
      stateOf(lines, people.slice(1), { amount: 654, fees: 0, units: { 1: 1 } }),
      [102],
      policy,
    );
    expect(second.amount).toBe(655);
    const third = quoteCancellation(
      stateOf(lines, people.slice(2), { amount: 1309, fees: 0, units: { 1: 2 } }),
      [103],
      policy,
    );
    expect(third).toMatchObject({ amount: 655, closesOrder: true });
    expect(first.amount + second.amount + third.amount).toBe(1964);
  });

  it("a percentage of 100 % gives the fee back too; none gives nothing and still frees the place", () => {
    const state = twoTickets("added");
    expect(quoteCancellation(state, [101], { kind: "percentage", basisPoints: 10_000 })).toMatchObject({
      amount: 2055,
      fee: 55,
    });
    expect(quoteCancellation(state, [101], { kind: "percentage", basisPoints: 5000 })).toMatchObject({
      amount: 1027,
      fee: 0,
    });
    const none = quoteCancellation(state, [101], { kind: "none" });
    expect(none).toMatchObject({ amount: 0, fee: 0, closesOrder: false });
    expect(none.chosen.map((unit) => unit.participantId)).toEqual([101]);
  });

  it("a free order gives nothing back whatever the policy, and one ticket does not close it", () => {
    const state = stateOf(
      [{ orderItemId: 1, ticketId: 10, quantity: 2, unitPrice: 0, discount: 0, fees: 0, feesType: "included" }],
      [
        { id: 101, ticketId: 10 },
        { id: 102, ticketId: 10 },
      ],
    );
    expect(quoteCancellation(state, [101], { kind: "full" })).toMatchObject({ amount: 0, closesOrder: false });
    expect(quoteCancellation(state, "order", { kind: "full" })).toMatchObject({ amount: 0, closesOrder: true });
  });

  it("takes the add-ons with the order's last ticket, not before", () => {
    const state = stateOf(
      [
        { orderItemId: 1, ticketId: 10, quantity: 2, unitPrice: 2000, discount: 0, fees: 0, feesType: "included" },
        { orderItemId: 2, ticketId: 20, quantity: 1, unitPrice: 500, discount: 0, fees: 0, feesType: "included" },
      ],
      [
        { id: 101, ticketId: 10 },
        { id: 102, ticketId: 10 },
        { id: 103, ticketId: 20, addon: true },
      ],
    );
    expect(cancelledParticipantIds(state.people, [101])).toEqual([101]);
    expect(cancelledParticipantIds(state.people, [101, 102])).toEqual([101, 102, 103]);
    expect(quoteCancellation(state, [101, 102], { kind: "full" })).toMatchObject({ amount: 4500, closesOrder: true });
  });
});
