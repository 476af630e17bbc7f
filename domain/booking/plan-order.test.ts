import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { formQuestion } from "../../tests/support/form-questions";
import type { ParticipationForm } from "../participation-forms/participation-form-record";
import { defaultQuestion, type Question } from "../participation-forms/question-schema";
import { AppError } from "../shared/app-error";
import { platformFee, unitDiscount } from "./fees";
import { placeOrderBodySchema, type PlaceOrderBody } from "./order-input-schema";
import { planOrder, type PlanInput, type PlanPromo, type PlanTicket } from "./plan-order";

const NOW = Date.parse("2026-06-15T12:00:00Z");
const event = {
  id: 7,
  organizationId: 3,
  startAt: NOW + 86_400_000,
  endAt: NOW + 90_000_000,
  eventCapacity: -1,
  allowBilling: false,
};

function ticket(id: number, values: Partial<PlanTicket> = {}): PlanTicket {
  return {
    id,
    title: `Billet ${id}`,
    price: 2000,
    minPerOrder: 1,
    maxPerOrder: 10,
    feesType: "included",
    ticketType: "ticket",
    amount: -1,
    purchased: 0,
    sellStartAt: null,
    sellEndAt: null,
    visibility: "visible",
    ...values,
  };
}

function form(
  formType: "before" | "before-tickets",
  questions: Question[],
  ticketTarget: "all" | number[] = "all",
): ParticipationForm {
  return {
    id: 1,
    eventId: 7,
    formType,
    title: "",
    singleFill: false,
    questions: [defaultQuestion(), ...questions],
    ticketTarget,
  };
}

function body(items: PlaceOrderBody["items"], extra: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  return {
    items,
    buyer: { first_name: "Inès", last_name: "Moreau", email: "ines@exemple.test" },
    answers: {},
    locale: "fr",
    ...extra,
  };
}

function plan(input: Partial<PlanInput> & { body: PlaceOrderBody }) {
  return planOrder({
    event,
    tickets: [ticket(1), ticket(2, { price: 1000, feesType: "added" }), ticket(3, { ticketType: "addon", price: 500 })],
    promo: null,
    forms: { before: null, beforeTickets: null },
    now: NOW,
    ...input,
  });
}

function fieldsOf(work: () => unknown): Record<string, string> {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError && error.code === "validation") return error.fields ?? {};
    throw error;
  }
  throw new Error("expected a validation error");
}

const promo = (values: Partial<PlanPromo> = {}): PlanPromo => ({
  id: 9,
  code: "ETE",
  discountType: "percent",
  discountValue: 1250,
  startAt: null,
  endAt: null,
  appliesToAllTickets: true,
  ticketIds: [],
  ...values,
});

describe("fees and discounts", () => {
  it("charges 1.5 % + 0.25 € per paid unit, nothing on free ones", () => {
    expect(platformFee(2000)).toBe(55);
    expect(platformFee(1)).toBe(25);
    expect(platformFee(0)).toBe(0);
    expect(unitDiscount(999, { discountType: "percent", discountValue: 1250 })).toBe(124);
    expect(unitDiscount(500, { discountType: "amount", discountValue: 800 })).toBe(500);
  });

  it("adds the fee to the buyer's price only for `added` tickets, and applies a promo code per unit", () => {
    const result = plan({
      body: body(
        [
          { ticket_id: 1, quantity: 2 },
          { ticket_id: 2, quantity: 1 },
        ],
        { promo_code: "ete" },
      ),
      promo: promo({ appliesToAllTickets: false, ticketIds: [1] }),
    });
    // Ticket 1: 2 × (2000 − 250) with 2 × (26 + 25) fees absorbed; ticket 2: 1000 + (15 + 25) paid by the buyer.
    expect(result.lines.map((line) => [line.discount, line.fees, line.charged])).toEqual([
      [500, 102, 3500],
      [0, 40, 1040],
    ]);
    expect(result).toMatchObject({ amount: 4540, fees: 142, netAmount: 4398, promo: { id: 9, key: "ETE" } });
    expect(result.participants.map((p) => p.promoCodeKey)).toEqual(["ETE", "ETE", null]);
    // Each participant's price is what was paid for that ticket: 2000 − 250 with the code, 1000 without.
    expect(result.participants.map((p) => p.price)).toEqual([1750, 1750, 1000]);
  });

  it("makes a ticket free (price 0) when a promo code takes its whole price", () => {
    const result = plan({
      body: body([{ ticket_id: 1, quantity: 1 }], { promo_code: "TOUT" }),
      promo: promo({ code: "TOUT", discountValue: 10_000 }),
    });
    expect(result.participants.map((p) => [p.price, p.promoCodeKey])).toEqual([[0, "TOUT"]]);
    expect(result.amount).toBe(0);
  });

  it("sums the same ticket given twice, and limits it per order as a whole", () => {
    const result = plan({
      body: body([
        { ticket_id: 1, quantity: 2 },
        { ticket_id: 1, quantity: 3 },
      ]),
    });
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]!.quantity).toBe(5);
    expect(
      fieldsOf(() =>
        plan({
          body: body([
            { ticket_id: 1, quantity: 6 },
            { ticket_id: 1, quantity: 6 },
          ]),
        }),
      ),
    ).toEqual({ "items.0.quantity": "booking:errors.max-per-order" });
  });
});

describe("what can be booked", () => {
  it("refuses unknown, deleted, hidden, not yet on sale tickets and orders of add-ons alone", () => {
    const tickets = [
      ticket(1, { visibility: "deleted" }),
      ticket(2, { visibility: "hidden" }),
      ticket(4, { sellStartAt: NOW + 1000 }),
      ticket(5, { minPerOrder: 2 }),
      ticket(3, { ticketType: "addon" }),
    ];
    expect(
      fieldsOf(() =>
        plan({
          tickets,
          body: body([
            { ticket_id: 1, quantity: 1 },
            { ticket_id: 2, quantity: 1 },
            { ticket_id: 4, quantity: 1 },
            { ticket_id: 5, quantity: 1 },
            { ticket_id: 99, quantity: 1 },
          ]),
        }),
      ),
    ).toEqual({
      "items.0.ticket_id": "booking:errors.unknown-ticket",
      "items.1.ticket_id": "booking:errors.not-on-sale",
      "items.2.ticket_id": "booking:errors.not-on-sale",
      "items.3.quantity": "booking:errors.min-per-order",
      "items.4.ticket_id": "booking:errors.unknown-ticket",
    });
    expect(fieldsOf(() => plan({ tickets, body: body([{ ticket_id: 3, quantity: 1 }]) }))).toEqual({
      items: "booking:errors.addon-needs-ticket",
    });
  });

  it("answers sold out with the ticket when its stock is already gone", () => {
    try {
      plan({ tickets: [ticket(1, { amount: 5, purchased: 5 })], body: body([{ ticket_id: 1, quantity: 1 }]) });
      throw new Error("expected sold out");
    } catch (error) {
      expect(error).toMatchObject({
        code: "conflict",
        messageKey: "booking:errors.sold-out",
        details: { ticketId: 1 },
      });
    }
  });

  it("checks the promo code's dates and targets", () => {
    expect(
      fieldsOf(() =>
        plan({ body: body([{ ticket_id: 1, quantity: 1 }], { promo_code: "ETE" }), promo: promo({ endAt: NOW }) }),
      ),
    ).toEqual({ promo_code: "booking:errors.promo-expired" });
    expect(
      fieldsOf(() =>
        plan({
          body: body([{ ticket_id: 1, quantity: 1 }], { promo_code: "ETE" }),
          promo: promo({ startAt: NOW + 60_000 }),
        }),
      ),
    ).toEqual({ promo_code: "booking:errors.promo-not-started" });
    expect(
      fieldsOf(() =>
        plan({
          body: body([{ ticket_id: 1, quantity: 1 }], { promo_code: "ETE" }),
          promo: promo({ appliesToAllTickets: false, ticketIds: [2] }),
        }),
      ),
    ).toEqual({ promo_code: "booking:errors.promo-not-applicable" });
  });
});

describe("forms and billing", () => {
  const choice = formQuestion("c1c1c1c1c1c1c1c1", {
    type: "multiple-choice",
    mandatory: true,
    options: [
      { id: "aaaaaaaaaaaaaaaa", title: "A" },
      { id: "bbbbbbbbbbbbbbbb", title: "B" },
    ],
    ticket_target: [2],
  });
  const conditions = formQuestion("k1k1k1k1k1k1k1k1", { type: "additional-conditions", mandatory: true });

  it("asks a question only for the tickets it targets, and checks option ids", () => {
    const forms = { before: form("before", [conditions]), beforeTickets: form("before-tickets", [choice]) };
    const participants: NonNullable<PlaceOrderBody["participants"]> = [
      { ticket_id: 1, first_name: "A", last_name: "A", email: "a@exemple.test", answers: {} },
      {
        ticket_id: 2,
        first_name: "B",
        last_name: "B",
        email: "b@exemple.test",
        answers: { c1c1c1c1c1c1c1c1: ["zzzzzzzzzzzzzzzz"] },
      },
    ];
    const items = [
      { ticket_id: 1, quantity: 1 },
      { ticket_id: 2, quantity: 1 },
    ];
    expect(
      fieldsOf(() => plan({ forms, body: body(items, { participants, answers: { k1k1k1k1k1k1k1k1: false } }) })),
    ).toEqual({
      "answers.k1k1k1k1k1k1k1k1": "booking:errors.answer-required",
      "participants.1.answers.c1c1c1c1c1c1c1c1": "booking:errors.answer-invalid",
    });
    participants[1]!.answers = { c1c1c1c1c1c1c1c1: ["bbbbbbbbbbbbbbbb", "aaaaaaaaaaaaaaaa"] };
    const result = plan({ forms, body: body(items, { participants, answers: { k1k1k1k1k1k1k1k1: true } }) });
    expect(result.orderAnswers).toEqual([
      { formType: "before", questionId: "k1k1k1k1k1k1k1k1", questionTitle: "k1k1k1k1k1k1k1k1", value: '"true"' },
    ]);
    expect(result.participants.map((p) => p.answers.map((a) => a.value))).toEqual([
      [],
      ['["bbbbbbbbbbbbbbbb","aaaaaaaaaaaaaaaa"]'],
    ]);
  });

  it("wants one participant per ticket unit when participants are given, add-ons taking the buyer's name", () => {
    const items = [
      { ticket_id: 1, quantity: 2 },
      { ticket_id: 3, quantity: 1 },
    ];
    const one = [{ ticket_id: 1, first_name: "A", last_name: "A", email: "a@exemple.test", answers: {} }];
    expect(fieldsOf(() => plan({ body: body(items, { participants: one }) }))).toEqual({
      participants: "booking:errors.participants-mismatch",
    });
    const result = plan({ body: body(items) });
    expect(result.participants.map((p) => [p.ticketType, p.firstName])).toEqual([
      ["ticket", "Inès"],
      ["ticket", "Inès"],
      ["addon", "Inès"],
    ]);
  });

  it("keeps billing details only when the event asks for them", () => {
    const billing = {
      name: "",
      company: "ACME",
      address: "1 rue de la Paix",
      postal_code: "75002",
      city: "Paris",
      country: "FR",
      vat_number: "",
    };
    expect(plan({ body: body([{ ticket_id: 1, quantity: 1 }], { billing }) }).billing).toBeNull();
    expect(
      plan({ event: { ...event, allowBilling: true }, body: body([{ ticket_id: 1, quantity: 1 }], { billing }) })
        .billing,
    ).toMatchObject({ company: "ACME", city: "Paris" });
  });

  it("reports a ticket not on sale alone, without 'one participant per ticket' for its participants", () => {
    const participants = [1, 2].map((n) => ({
      ticket_id: 1,
      first_name: `P${n}`,
      last_name: "P",
      email: `p${n}@exemple.test`,
      answers: {},
    }));
    const ended = ticket(1, { sellEndAt: new Date(NOW - 1) });
    expect(
      fieldsOf(() => plan({ tickets: [ended], body: body([{ ticket_id: 1, quantity: 2 }], { participants }) })),
    ).toEqual({ "items.0.ticket_id": "booking:errors.not-on-sale" });
    // A participant for a ticket that was not ordered at all is still a mismatch.
    expect(
      fieldsOf(() =>
        plan({
          body: body([{ ticket_id: 2, quantity: 1 }], {
            participants: [{ ...participants[0]!, ticket_id: 2 }, participants[1]!],
          }),
        }),
      ),
    ).toEqual({ participants: "booking:errors.participants-mismatch" });
  });
});

describe("a body with wrong fields", () => {
  it("is refused with its shape errors and the order's own checks at once", () => {
    const raw = {
      items: [{ ticket_id: 1, quantity: 2 }],
      buyer: { first_name: "", email: "pas-un-email" },
      participants: [
        { ticket_id: 1, first_name: "A", last_name: "A", email: "a@exemple.test" },
        { ticket_id: 1, first_name: "", last_name: "B", email: "b@exemple.test" },
      ],
      answers: { k1k1k1k1k1k1k1k1: "peut-être" },
      billing: { address: " ", postal_code: "75002", city: "Paris", country: "FR" },
      locale: "de-CH",
    };
    const parsed = v.parse(placeOrderBodySchema, raw);
    expect(parsed.locale).toBe("fr");
    const conditions = formQuestion("k1k1k1k1k1k1k1k1", { type: "additional-conditions", mandatory: true });
    const age = formQuestion("a9a9a9a9a9a9a9a9", { mandatory: true });
    expect(
      fieldsOf(() =>
        plan({
          event: { ...event, allowBilling: true },
          forms: { before: form("before", [conditions]), beforeTickets: form("before-tickets", [age]) },
          body: parsed,
        }),
      ),
    ).toEqual({
      "buyer.first_name": "booking:errors.first-name-required",
      "buyer.last_name": "booking:errors.last-name-required",
      "buyer.email": "errors:email-invalid",
      "participants.1.first_name": "booking:errors.first-name-required",
      "billing.address": "booking:errors.billing-required",
      "answers.k1k1k1k1k1k1k1k1": "booking:errors.answer-invalid",
      "participants.0.answers.a9a9a9a9a9a9a9a9": "booking:errors.answer-required",
      "participants.1.answers.a9a9a9a9a9a9a9a9": "booking:errors.answer-required",
    });
  });

  it("keeps each item's and participant's position in its error paths when one before it is unreadable", () => {
    const parsed = v.parse(placeOrderBodySchema, {
      items: [
        { ticket_id: "x", quantity: 1 },
        { ticket_id: 1, quantity: 1 },
        { ticket_id: 99, quantity: 1 },
      ],
      buyer: { first_name: "Inès", last_name: "Moreau", email: "ines@exemple.test" },
      participants: [{ first_name: "A" }, { ticket_id: 1, first_name: "B", last_name: "B", email: "b@exemple.test" }],
    });
    const age = formQuestion("a9a9a9a9a9a9a9a9", { mandatory: true });
    expect(
      fieldsOf(() => plan({ forms: { before: null, beforeTickets: form("before-tickets", [age]) }, body: parsed })),
    ).toEqual({
      "items.0.ticket_id": "booking:errors.ticket-invalid",
      "items.2.ticket_id": "booking:errors.unknown-ticket",
      "participants.0.ticket_id": "booking:errors.ticket-invalid",
      "participants.0.last_name": "booking:errors.last-name-required",
      "participants.0.email": "errors:email-required",
      "participants.1.answers.a9a9a9a9a9a9a9a9": "booking:errors.answer-required",
    });
  });
});
