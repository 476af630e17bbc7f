import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formAnswers, participationForms } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { AppError } from "../shared/app-error";
import { updateParticipantAnswers } from "./update-participant-answers";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let participantId: number;

const diet = {
  id: "regimealimentair",
  title: "Régime alimentaire",
  description: "",
  mandatory: true,
  type: "unique-choice",
  options: [
    { id: "vegetarienoption", title: "Végétarien" },
    { id: "sansglutenoption", title: "Sans gluten" },
  ],
  ticket_target: [],
  allow_target: false,
};
const access = {
  ...diet,
  id: "besoinsaccessibi",
  title: "Besoins d'accessibilité",
  mandatory: false,
  type: "text",
  options: [],
};

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
  const event = await insertEvent(test.db, world.organization.id, { title: "Banquet" });
  const ticket = await insertTicket(test.db, event, { title: "Couvert", price: 0 });
  await test.db.insert(participationForms).values({
    organizationId: event.organizationId,
    eventId: event.id,
    formType: "before-tickets",
    questions: JSON.stringify([diet, access]),
  });
  const { participants } = await insertOrder(test.db, event, { status: "manual", places: [{ ticket, count: 1 }] });
  participantId = participants[0]!.id;
});
afterAll(() => test?.close());

const storedAnswers = async () =>
  (
    await test.db
      .select({ questionId: formAnswers.questionId, value: formAnswers.value })
      .from(formAnswers)
      .where(and(eq(formAnswers.participantId, participantId), eq(formAnswers.formType, "before-tickets")))
  ).sort((a, b) => a.questionId.localeCompare(b.questionId));

describe("updateParticipantAnswers (issue 25 §10: editing covers the answers)", () => {
  it("replaces the participant's answers, options stored by id", async () => {
    await updateParticipantAnswers(test.db, world.actors.manager, {
      participantId,
      answers: { regimealimentair: "sansglutenoption", besoinsaccessibi: "Fauteuil roulant" },
    });
    expect(await storedAnswers()).toEqual([
      { questionId: "besoinsaccessibi", value: JSON.stringify("Fauteuil roulant") },
      { questionId: "regimealimentair", value: JSON.stringify(["sansglutenoption"]) },
    ]);
    await updateParticipantAnswers(test.db, world.actors.manager, {
      participantId,
      answers: { regimealimentair: "vegetarienoption", besoinsaccessibi: "" },
    });
    expect(await storedAnswers()).toEqual([
      { questionId: "regimealimentair", value: JSON.stringify(["vegetarienoption"]) },
    ]);
  });

  it("refuses an unknown option or an emptied mandatory answer, and changes nothing", async () => {
    const before = await storedAnswers();
    for (const answers of [{ regimealimentair: "inventedoption00" }, { regimealimentair: "" }]) {
      const error = await updateParticipantAnswers(test.db, world.actors.manager, { participantId, answers }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toHaveProperty(["answers.regimealimentair"]);
    }
    expect(await storedAnswers()).toEqual(before);
  });

  it("is for those who manage sales: a validator, or another organization, cannot", async () => {
    for (const actor of [world.actors.guestValidator, world.actors.foreignOwner]) {
      const error = await updateParticipantAnswers(test.db, actor, {
        participantId,
        answers: { regimealimentair: "sansglutenoption" },
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
    }
    expect((await storedAnswers())[0]!.value).toBe(JSON.stringify(["vegetarienoption"]));
  });
});
