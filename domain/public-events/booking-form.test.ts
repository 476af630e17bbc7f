import { describe, expect, it } from "vitest";
import { publicQuestion } from "../../tests/support/form-questions";
import {
  bookingBodyFromForm,
  chosenItems,
  formValues,
  isSameAsBuyer,
  orderQuestions,
  participantSlots,
} from "./booking-form";
import type { PublicEvent, PublicTicket } from "./get-public-event";

const ticket = (id: number, ticketType: "ticket" | "addon" = "ticket"): PublicTicket => ({
  id,
  ticketType,
  title: `T${id}`,
  description: "",
  price: 1000,
  feesType: "included",
  minPerOrder: 1,
  maxPerOrder: 10,
  remaining: null,
  sale: { status: "on_sale", explanation: null, color: "green" },
  salesOpenAt: null,
  waitingList: false,
});

const event: Pick<PublicEvent, "tickets" | "addons" | "forms" | "allowBilling"> = {
  tickets: [ticket(1), ticket(2)],
  addons: [ticket(9, "addon")],
  allowBilling: true,
  forms: {
    order: {
      title: "",
      ticketTarget: "all",
      questions: [publicQuestion("default"), publicQuestion("ORDERQUESTION0001", { type: "multiple-choice" })],
    },
    participant: {
      title: "",
      ticketTarget: "all",
      questions: [
        publicQuestion("default"),
        publicQuestion("SIZEQUESTION00001", { ticket_target: [2], type: "selection" }),
        publicQuestion("RULESQUESTION0001", { type: "additional-conditions" }),
      ],
    },
  },
};

describe("booking form", () => {
  it("reads the chosen quantities in the event's order, dropping unknown tickets and zeros", () => {
    const params = new URLSearchParams("q9=1&q2=2&q1=0&q77=3&q1x=2&t=abc");
    expect(chosenItems(event, params)).toEqual([
      { ticketId: 2, quantity: 2 },
      { ticketId: 9, quantity: 1 },
    ]);
  });

  it("gives one participant per ticket unit, none for add-ons, with the questions targeted at each ticket", () => {
    const slots = participantSlots(event, [
      { ticketId: 1, quantity: 1 },
      { ticketId: 2, quantity: 2 },
      { ticketId: 9, quantity: 3 },
    ]);
    expect(slots.map((slot) => [slot.index, slot.ticketId])).toEqual([
      [0, 1],
      [1, 2],
      [2, 2],
    ]);
    expect(slots[0]!.questions.map((q) => q.id)).toEqual(["default", "RULESQUESTION0001"]);
    expect(slots[1]!.questions.map((q) => q.id)).toEqual(["default", "SIZEQUESTION00001", "RULESQUESTION0001"]);
  });

  it("asks the order form's questions only when the form targets a chosen ticket", () => {
    const targeted = { ...event, forms: { ...event.forms, order: { ...event.forms.order, ticketTarget: [2] } } };
    expect(orderQuestions(targeted, [{ ticketId: 1, quantity: 1 }]).map((q) => q.id)).toEqual(["default"]);
    expect(orderQuestions(targeted, [{ ticketId: 2, quantity: 1 }]).map((q) => q.id)).toEqual([
      "default",
      "ORDERQUESTION0001",
    ]);
  });

  it("builds the order call's body from the form, billing only when filled in", () => {
    const form = new FormData();
    form.set("buyer.first_name", "Ada");
    form.set("buyer.last_name", "Lovelace");
    form.set("buyer.email", "ada@example.test");
    form.append("answers.ORDERQUESTION0001", "a");
    form.append("answers.ORDERQUESTION0001", "b");
    form.set("participants.0.first_name", "Grace");
    form.set("participants.0.last_name", "Hopper");
    form.set("participants.0.email", "grace@example.test");
    form.set("participants.0.answers.SIZEQUESTION00001", "M");
    form.set("participants.0.answers.RULESQUESTION0001", "true");
    const items = [
      { ticketId: 2, quantity: 1 },
      { ticketId: 9, quantity: 1 },
    ];
    const body = bookingBodyFromForm(form, event, { items, promoCode: "ETE", t: null, locale: "en" });
    expect(body).toEqual({
      items: [
        { ticket_id: 2, quantity: 1 },
        { ticket_id: 9, quantity: 1 },
      ],
      buyer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.test" },
      answers: { ORDERQUESTION0001: ["a", "b"] },
      participants: [
        {
          ticket_id: 2,
          first_name: "Grace",
          last_name: "Hopper",
          email: "grace@example.test",
          answers: { SIZEQUESTION00001: "M", RULESQUESTION0001: true },
        },
      ],
      billing: null,
      promo_code: "ETE",
      t: null,
      locale: "en",
    });
    form.set("billing.city", "Lyon");
    expect(bookingBodyFromForm(form, event, { items, promoCode: null, t: null, locale: "fr" }).billing).toMatchObject({
      city: "Lyon",
      address: "",
    });
    expect(formValues(form)["answers.ORDERQUESTION0001"]).toBe("a|b");
  });

  it("copies the buyer's name and email to a ticket holder whose « Même que l'acheteur » box is checked", () => {
    const form = new FormData();
    form.set("buyer.first_name", "Ada");
    form.set("buyer.last_name", "Lovelace");
    form.set("buyer.email", "ada@example.test");
    form.set("participants.0.same_as_buyer", "true");
    // Hidden fields the browser still sends (typed before the box was checked) do not count.
    form.set("participants.0.first_name", "Ancien");
    form.set("participants.0.email", "ancien@example.test");
    form.set("participants.0.answers.RULESQUESTION0001", "true");
    form.set("participants.1.first_name", "Grace");
    form.set("participants.1.last_name", "Hopper");
    form.set("participants.1.email", "grace@example.test");
    const body = bookingBodyFromForm(form, event, {
      items: [{ ticketId: 1, quantity: 2 }],
      promoCode: null,
      t: null,
      locale: "fr",
    });
    expect(body.participants).toEqual([
      {
        ticket_id: 1,
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.test",
        answers: { RULESQUESTION0001: true },
      },
      {
        ticket_id: 1,
        first_name: "Grace",
        last_name: "Hopper",
        email: "grace@example.test",
        answers: { RULESQUESTION0001: false },
      },
    ]);
  });

  it("checks the box of the first ticket on a first view, and after a refusal as it was sent", () => {
    expect([0, 1].map((index) => isSameAsBuyer(null, index))).toEqual([true, false]);
    expect(isSameAsBuyer({}, 0)).toBe(false);
    expect(isSameAsBuyer({ "participants.1.same_as_buyer": "true" }, 1)).toBe(true);
  });
});
