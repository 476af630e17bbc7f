import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertUser,
} from "../../tests/support/fixtures";
import { formQuestion } from "../../tests/support/form-questions";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { getOrder } from "../orders/get-order";
import { getParticipant } from "../participants/get-participant";
import { answerValue } from "./answer-labels";

const heard = formQuestion("HeardAboutQ00001", {
  type: "unique-choice",
  options: [
    { id: "GNeXhtQ3GqRTJa9q", title: "Presse ou radio" },
    { id: "Aff1cheRue000001", title: "Affiche" },
  ],
});
const diets = formQuestion("DietsQuestion001", {
  type: "multiple-choice",
  options: [
    { id: "Veg0000000000001", title: "Végétarien" },
    { id: "Vegan00000000001", title: "Végan" },
    { id: "NoGluten00000001", title: "Sans gluten" },
  ],
});
const terms = formQuestion("TermsQuestion001", { type: "additional-conditions" });
const city = formQuestion("CityQuestion0001", { type: "short-text" });

describe("answerValue", () => {
  it("shows option titles for one or several chosen ids, in the stored order", () => {
    expect(answerValue(heard, JSON.stringify(["GNeXhtQ3GqRTJa9q"]))).toBe("Presse ou radio");
    expect(answerValue(diets, JSON.stringify(["NoGluten00000001", "Veg0000000000001", "Vegan00000000001"]))).toBe(
      "Sans gluten, Végétarien, Végan",
    );
  });

  it("shows an option deleted since, or an unknown question's ids, as stored", () => {
    expect(answerValue(diets, JSON.stringify(["Veg0000000000001", "Deleted000000001"]))).toBe(
      "Végétarien, Deleted000000001",
    );
    expect(answerValue(undefined, JSON.stringify(["GNeXhtQ3GqRTJa9q"]))).toBe("GNeXhtQ3GqRTJa9q");
  });

  it("gives a checkbox's state as a boolean, and text as typed", () => {
    expect(answerValue(terms, JSON.stringify("true"))).toBe(true);
    expect(answerValue(terms, JSON.stringify("false"))).toBe(false);
    expect(answerValue(undefined, "true")).toBe(true);
    expect(answerValue(city, JSON.stringify("true"))).toBe("true");
    expect(answerValue(city, JSON.stringify("Lyon"))).toBe("Lyon");
    expect(answerValue(city, "not json")).toBe("not json");
  });
});

describe("the order and participant pages show labelled answers", () => {
  let t: LibsqlTestDatabase;
  let db: Database;

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    db = t.db;
  });
  afterAll(() => t.close());

  it("replaces option ids by titles and checkboxes by booleans on both pages", async () => {
    const organization = await insertOrganization(db);
    const owner = await insertUser(db);
    await insertMember(db, organization.id, owner.id, "owner");
    const event = await insertEvent(db, organization.id);
    await db.insert(schema.participationForms).values([
      {
        organizationId: organization.id,
        eventId: event.id,
        formType: "before",
        questions: JSON.stringify([heard, terms]),
      },
      {
        organizationId: organization.id,
        eventId: event.id,
        formType: "before-tickets",
        questions: JSON.stringify([diets, city]),
      },
    ]);
    const { order, participants } = await insertOrder(db, event, { status: "paid", tickets: 1 });
    const participant = participants[0]!;
    const base = { organizationId: organization.id, eventId: event.id, orderId: order.id };
    await db.insert(schema.formAnswers).values([
      { ...base, formType: "before", questionId: heard.id, questionTitle: "Connu par", value: '["GNeXhtQ3GqRTJa9q"]' },
      { ...base, formType: "before", questionId: terms.id, questionTitle: "Conditions", value: '"true"' },
      {
        ...base,
        participantId: participant.id,
        formType: "before-tickets",
        questionId: diets.id,
        questionTitle: "Régime",
        value: '["Vegan00000000001","Gone000000000001"]',
      },
      {
        ...base,
        participantId: participant.id,
        formType: "before-tickets",
        questionId: city.id,
        questionTitle: "Ville",
        value: '"Lyon"',
      },
    ]);
    const actor = actorOf(owner, organization.id, "owner");
    const orderAnswers = [
      { questionId: heard.id, questionTitle: "Connu par", value: "Presse ou radio" },
      { questionId: terms.id, questionTitle: "Conditions", value: true },
    ];

    expect((await getOrder(db, actor, { eventId: event.id, orderId: order.id })).answers).toEqual(orderAnswers);
    const detail = await getParticipant(db, actor, { eventId: event.id, participantId: participant.id });
    expect(detail.orderAnswers).toEqual(orderAnswers);
    expect(detail.participantAnswers).toEqual([
      { questionId: diets.id, questionTitle: "Régime", value: "Végan, Gone000000000001" },
      { questionId: city.id, questionTitle: "Ville", value: "Lyon" },
    ]);
  });
});
