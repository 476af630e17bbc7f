import { describe, expect, it } from "vitest";
import type { PublicTicket } from "../public-events/get-public-event";
import { checkPublicSelection } from "./check-public-selection";

function ticket(id: number, values: Partial<PublicTicket> = {}): PublicTicket {
  return {
    id,
    ticketType: "ticket",
    title: `Billet ${id}`,
    description: "",
    price: 1000,
    feesType: "added",
    minPerOrder: 1,
    maxPerOrder: 8,
    remaining: null,
    sale: { status: "on_sale", explanation: null, color: "green" },
    salesOpenAt: null,
    waitingList: false,
    ...values,
  };
}

const event = {
  tickets: [
    ticket(1),
    ticket(2, { minPerOrder: 2 }),
    ticket(3, { sale: { status: "sold_out", explanation: null, color: "gray" } }),
    ticket(4, { sale: { status: "not_on_sale", explanation: "sales_have_ended", color: "red" } }),
  ],
  addons: [ticket(5, { ticketType: "addon" })],
};

describe("the booking page's ticket choice", () => {
  it("names what the order would refuse: sold out, not on sale, per-order limits, an add-on alone", () => {
    const issues = (items: { ticketId: number; quantity: number }[]) =>
      checkPublicSelection(event, items).map(({ reason, ticketId, quantity }) => ({ reason, ticketId, quantity }));
    expect(issues([{ ticketId: 3, quantity: 1 }])).toEqual([{ reason: "sold-out", ticketId: 3, quantity: 1 }]);
    expect(issues([{ ticketId: 4, quantity: 1 }])).toEqual([{ reason: "not-on-sale", ticketId: 4, quantity: 1 }]);
    expect(issues([{ ticketId: 1, quantity: 50 }])).toEqual([{ reason: "max-per-order", ticketId: 1, quantity: 50 }]);
    expect(issues([{ ticketId: 2, quantity: 1 }])).toEqual([{ reason: "min-per-order", ticketId: 2, quantity: 1 }]);
    expect(issues([{ ticketId: 5, quantity: 1 }])).toEqual([
      { reason: "addon-needs-ticket", ticketId: null, quantity: 0 },
    ]);
    expect(issues([{ ticketId: 9, quantity: 1 }])).toEqual([{ reason: "unknown-ticket", ticketId: 9, quantity: 1 }]);
  });

  it("accepts a choice the order can take", () => {
    expect(
      checkPublicSelection(event, [
        { ticketId: 1, quantity: 8 },
        { ticketId: 2, quantity: 2 },
        { ticketId: 5, quantity: 1 },
      ]),
    ).toEqual([]);
  });
});
