import { describe, expect, it } from "vitest";
import { AppError } from "#domain/shared/app-error";
import { manualOrderFromForm, withFormFieldNames } from "~/lib/manual-order-form";

const complete = {
  intent: "add",
  "buyer.first_name": " Aurélie ",
  "buyer.last_name": "Chevalier",
  "buyer.email": "aurelie@example.org",
  "participants.0.ticket_id": "7",
  "participants.0.first_name": "Aurélie",
  "participants.0.last_name": "Chevalier",
  "participants.0.email": "aurelie@example.org",
  "participants.2.ticket_id": "8",
  "participants.2.first_name": "Bastien",
  "participants.2.last_name": "Roussel",
  "participants.2.email": "bastien@example.org",
};

describe("the add-by-hand form", () => {
  it("reads one manual order with its participants in order, the email box unchecked", () => {
    expect(manualOrderFromForm(complete)).toEqual({
      ok: true,
      sendEmail: false,
      order: {
        buyer: { firstName: "Aurélie", lastName: "Chevalier", email: "aurelie@example.org" },
        participants: [
          { ticketId: 7, firstName: "Aurélie", lastName: "Chevalier", email: "aurelie@example.org" },
          { ticketId: 8, firstName: "Bastien", lastName: "Roussel", email: "bastien@example.org" },
        ],
      },
    });
    expect(manualOrderFromForm({ ...complete, send_email: "on" })).toMatchObject({ ok: true, sendEmail: true });
  });

  it("asks for every field and a valid email, with the spec's messages", () => {
    const answer = manualOrderFromForm({
      ...complete,
      "buyer.email": "pas-un-email",
      "participants.0.ticket_id": "",
      "participants.2.last_name": "  ",
    });
    expect(answer).toEqual({
      ok: false,
      formError: "participants:errors.fields-required",
      fields: {
        "buyer.email": "participants:errors.email-invalid",
        "participants.0.ticket_id": "participants:errors.fields-required",
        "participants.2.last_name": "participants:errors.fields-required",
      },
    });
    expect(manualOrderFromForm({ ...complete, "buyer.email": "x@" })).toMatchObject({
      ok: false,
      formError: "participants:errors.email-invalid",
    });
  });

  it("refuses a form without participants", () => {
    const buyerOnly = Object.fromEntries(Object.entries(complete).filter(([key]) => !key.startsWith("participants.")));
    expect(manualOrderFromForm(buyerOnly)).toMatchObject({
      ok: false,
      fields: { participants: "participant-import:errors.no-participants" },
    });
  });

  it("names the domain's field errors like the form's fields", () => {
    const error = withFormFieldNames(
      new AppError("validation", "participant-import:errors.ticket-unknown", {
        fields: { "orders.0.participants.1.ticket_id": "participant-import:errors.ticket-unknown" },
      }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields).toEqual({
      "participants.1.ticket_id": "participant-import:errors.ticket-unknown",
    });
    const conflict = new AppError("conflict", "participant-import:errors.sold-out");
    expect(withFormFieldNames(conflict)).toBe(conflict);
  });
});
