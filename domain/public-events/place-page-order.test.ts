import { count } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { failure } from "../../tests/support/failure";
import { insertEvent, insertOrganization, insertTicket } from "../../tests/support/fixtures";
import { publicQuestion } from "../../tests/support/form-questions";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { bookingBodyFromForm } from "./booking-form";
import type { PublicEvent } from "./get-public-event";
import { placePageOrder } from "./place-page-order";

const AGE = "Agegroup00000001";
const RULES = "Rules00000000001";

describe("the booking page's order", () => {
  let t: LibsqlTestDatabase;
  beforeEach(async () => {
    t = await createLibsqlTestDatabase();
  });
  afterEach(() => t.close());

  it("answers an empty form with every error at once: names, email, mandatory questions and billing", async () => {
    const organizationId = (await insertOrganization(t.db)).id;
    const future = new Date(Date.now() + 30 * 86_400_000);
    const event = await insertEvent(t.db, organizationId, {
      status: "published",
      startAt: future,
      endAt: future,
      allowBilling: true,
    });
    const ticket = await insertTicket(t.db, event, { price: 1000 });
    const age = publicQuestion(AGE, { title: "Tranche d'âge", mandatory: true });
    const rules = publicQuestion(RULES, {
      title: "J'accepte le règlement",
      type: "additional-conditions",
      mandatory: true,
    });
    await t.db.insert(schema.participationForms).values([
      { organizationId, eventId: event.id, formType: "before-tickets", questions: JSON.stringify([age]) },
      { organizationId, eventId: event.id, formType: "before", questions: JSON.stringify([rules]) },
    ]);
    const publicEvent = {
      tickets: [{ id: ticket.id }],
      allowBilling: true,
      forms: {
        order: { title: "", ticketTarget: "all", questions: [publicQuestion("default", { mandatory: true }), rules] },
        participant: { title: "", ticketTarget: "all", questions: [age] },
      },
    } as unknown as Pick<PublicEvent, "tickets" | "forms" | "allowBilling">;
    // The form as submitted untouched, but for a city typed in the billing block.
    const form = new FormData();
    form.set("billing.city", "Lyon");
    const body = bookingBodyFromForm(form, publicEvent, {
      items: [{ ticketId: ticket.id, quantity: 2 }],
      promoCode: null,
      t: null,
      locale: "fr",
    });

    const error = await failure(
      placePageOrder(t.db, { env: { ENVIRONMENT: "test" } }, { eventId: event.id, body, ip: null }),
    );
    expect(error).toMatchObject({ code: "validation", messageKey: "booking:page.errors-summary" });
    expect(error.fields).toEqual({
      "buyer.first_name": "booking:errors.first-name-required",
      "buyer.last_name": "booking:errors.last-name-required",
      "buyer.email": "errors:email-required",
      "participants.0.first_name": "booking:errors.first-name-required",
      "participants.0.last_name": "booking:errors.last-name-required",
      "participants.0.email": "errors:email-required",
      "participants.1.first_name": "booking:errors.first-name-required",
      "participants.1.last_name": "booking:errors.last-name-required",
      "participants.1.email": "errors:email-required",
      [`participants.0.answers.${AGE}`]: "booking:errors.answer-required",
      [`participants.1.answers.${AGE}`]: "booking:errors.answer-required",
      [`answers.${RULES}`]: "booking:errors.answer-required",
      "billing.address": "booking:errors.billing-required",
      "billing.postal_code": "booking:errors.billing-required",
      "billing.country": "booking:errors.billing-required",
    });
    const [orders] = await t.db.select({ n: count() }).from(schema.orders);
    expect(orders!.n).toBe(0);
  });
});
