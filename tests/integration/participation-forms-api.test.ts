import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { formAnswers, participationForms } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { apiClient } from "./api-client";
import { createEventsWorld, createTestEvent, createTicket, type TestUser } from "../support/event-fixtures";
import { formQuestion } from "../support/form-questions";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof createEventsWorld>>;
const tokens: Record<string, string> = {};

const call = apiClient(tokens);
const soon = new Date(Date.now() + 30 * 86_400_000);

/** The spec's client body: questions and ticket_target as JSON strings, event and form_type repeated. */
const specBody = (eventId: number, formType: string, questions: unknown[]) => ({
  title: "",
  single_fill: true,
  questions: JSON.stringify(questions),
  ticket_target: JSON.stringify("all"),
  event: eventId,
  form_type: formType,
});
const storedForm = async (eventId: number, formType: "before" | "before-tickets") =>
  (
    await db
      .select()
      .from(participationForms)
      .where(and(eq(participationForms.eventId, eventId), eq(participationForms.formType, formType)))
  )[0];

beforeAll(async () => {
  world = await createEventsWorld(db);
  for (const [key, user] of Object.entries(world.users) as [string, TestUser][]) {
    tokens[key] = (await createSession(db, user.id)).token;
  }
});

describe("participation forms API (spec §7)", () => {
  it("lists both forms with the built-in question first, even before any save", async () => {
    const { status, json } = await call(`/events/${world.event.id}/participation-form`);
    expect(status).toBe(200);
    expect(json.map((form: { form_type: string }) => form.form_type)).toEqual(["before", "before-tickets"]);
    for (const form of json) {
      expect(JSON.parse(form.questions)).toEqual([
        expect.objectContaining({ id: "default", title: "Nom, prénom, email", mandatory: true }),
      ]);
      expect(form.ticket_target).toBe("all");
    }
  });

  it("saves questions in order as the spec's client sends them, keeping the built-in one first and single_fill true only without mandatory questions", async () => {
    const ticket = await createTicket(db, world.event, { title: "Adulte" });
    const choice = formQuestion("AAAAAAAAAAAAAAAA", {
      title: "Question AAA",
      type: "unique-choice",
      mandatory: true,
      options: [
        { id: "OPT0000000000001", title: "Oui" },
        { id: "OPT0000000000002", title: "Non" },
      ],
      ticket_target: [ticket.id],
    });
    const text = formQuestion("BBBBBBBBBBBBBBBB", { title: "Question BBB" });
    // The client reordered the built-in question and sent single_fill true with a mandatory question: both are corrected.
    const saved = await call(`/events/${world.event.id}/participation-form/before-tickets`, {
      method: "PUT",
      body: specBody(world.event.id, "before-tickets", [text, formQuestion("default", { title: "Changed" }), choice]),
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ form_type: "before-tickets", single_fill: false, event: world.event.id });
    expect(JSON.parse(saved.json.questions).map((q: { id: string; title: string }) => [q.id, q.title])).toEqual([
      ["default", "Nom, prénom, email"],
      ["BBBBBBBBBBBBBBBB", "Question BBB"],
      ["AAAAAAAAAAAAAAAA", "Question AAA"],
    ]);
    expect((await storedForm(world.event.id, "before-tickets"))!.singleFill).toBe(false);

    const optional = await call(`/events/${world.event.id}/participation-form/before-tickets`, {
      method: "PUT",
      body: specBody(world.event.id, "before-tickets", [{ ...choice, mandatory: false }]),
    });
    expect(optional.json.single_fill).toBe(true);
    expect(JSON.parse(optional.json.questions)).toHaveLength(2);
  });

  it("takes random 16-character ids of nanoid's URL-safe alphabet (spec §3), and the booking stores answers under them", async () => {
    const event = await createTestEvent(db, world.organization.id, { status: "published", startAt: soon });
    const ticket = await createTicket(db, event, { title: "Gratuit", price: 0, isFree: true });
    const size = formQuestion("V1StGXR8_Z5jdH-6", {
      type: "unique-choice",
      mandatory: true,
      options: [
        { id: "-a_b-c_d-e_f-g_h", title: "S" },
        { id: "_________-------", title: "M" },
      ],
    });
    const saved = await call(`/events/${event.id}/participation-form/before-tickets`, {
      method: "PUT",
      body: specBody(event.id, "before-tickets", [size]),
    });
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.json.questions)[1]).toMatchObject({
      id: "V1StGXR8_Z5jdH-6",
      options: [{ id: "-a_b-c_d-e_f-g_h" }, { id: "_________-------" }],
    });
    for (const bad of ["V1StGXR8.Z5jdH-6", "V1StGXR8 Z5jdH-6", "V1StGXR8_Z5jdH-"]) {
      const refused = await call(`/events/${event.id}/participation-form/before-tickets`, {
        method: "PUT",
        body: specBody(event.id, "before-tickets", [formQuestion(bad)]),
      });
      expect(refused.json.fields?.["questions.0.id"], bad).toBe("question_id_invalid");
    }

    const placed = await exports.default.fetch(`http://localhost/api/public/events/${event.id}/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        buyer: { first_name: "Élise", last_name: "Núñez", email: "elise@exemple.test" },
        items: [{ ticket_id: ticket.id, quantity: 1 }],
        participants: [
          {
            ticket_id: ticket.id,
            first_name: "Élise",
            last_name: "Núñez",
            email: "elise@exemple.test",
            answers: { "V1StGXR8_Z5jdH-6": "_________-------" },
          },
        ],
      }),
    });
    expect(placed.status).toBe(201);
    const answers = await db
      .select({ questionId: formAnswers.questionId, value: formAnswers.value })
      .from(formAnswers)
      .where(eq(formAnswers.eventId, event.id));
    expect(answers).toEqual([{ questionId: "V1StGXR8_Z5jdH-6", value: JSON.stringify(["_________-------"]) }]);
  });

  it("refuses bad questions, naming the field, and writes nothing", async () => {
    const sibling = await createTestEvent(db, world.organization.id, { title: "Autre" });
    const elsewhere = await createTicket(db, sibling, { title: "Ailleurs" });
    const before = await storedForm(world.event.id, "before");
    const cases: [unknown[], string, string][] = [
      [[formQuestion("CCCCCCCCCCCCCCCC", { title: "  " })], "questions.0.title", "title_required"],
      [
        [formQuestion("CCCCCCCCCCCCCCCC", { options: [{ id: "OPT0000000000001", title: "Non" }] })],
        "questions.0.options",
        "options_not_allowed",
      ],
      [[formQuestion("CCCCCCCCCCCCCCCC", { type: "selection" })], "questions.0.options", "options_required"],
      [[{ ...formQuestion("CCCCCCCCCCCCCCCC"), type: "date" }], "questions.0.type", "type_invalid"],
      [[formQuestion("short")], "questions.0.id", "question_id_invalid"],
      [
        [formQuestion("CCCCCCCCCCCCCCCC", { ticket_target: [elsewhere.id] })],
        "questions.0.ticket_target",
        "ticket_target_unknown",
      ],
      [[formQuestion("CCCCCCCCCCCCCCCC"), formQuestion("CCCCCCCCCCCCCCCC")], "questions.1.id", "question_id_duplicate"],
    ];
    for (const [questions, field, message] of cases) {
      const refused = await call(`/events/${world.event.id}/participation-form/before`, {
        method: "PUT",
        body: specBody(world.event.id, "before", questions),
      });
      expect(refused.status, JSON.stringify(questions)).toBe(400);
      expect(refused.json.fields[field], JSON.stringify(refused.json)).toBe(message);
    }
    const badJson = await call(`/events/${world.event.id}/participation-form/before`, {
      method: "PUT",
      body: { ...specBody(world.event.id, "before", []), questions: "[{" },
    });
    expect(badJson.json.fields.questions).toBe("questions_invalid");
    expect(await storedForm(world.event.id, "before")).toEqual(before);
    expect(
      (
        await call(`/events/${world.event.id}/participation-form/after`, {
          method: "PUT",
          body: specBody(world.event.id, "after", []),
        })
      ).status,
    ).toBe(404);
  });

  it("answers 404 to another organization and to members without access, and 404 to a validator", async () => {
    for (const as of ["foreignOwner", "guestNone", "guestValidator"]) {
      expect((await call(`/events/${world.event.id}/participation-form`, { as })).status).toBe(404);
      const write = await call(`/events/${world.event.id}/participation-form/before`, {
        as,
        method: "PUT",
        body: specBody(world.event.id, "before", []),
      });
      expect(write.status).toBe(404);
    }
    expect((await call(`/events/${world.event.id}/participation-form`, { as: "guestManager" })).status).toBe(200);
  });
});

describe("personalized messages API", () => {
  it("stores both messages sanitized and answers 404 to another organization", async () => {
    const saved = await call(`/events/${world.event.id}/messages`, {
      method: "PUT",
      body: {
        confirmation_page_message: "<p>Merci <strong>!</strong><script>alert(1)</script></p>",
        email_pdf_message: '<p onclick="x()">Présentez ce billet</p>',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({
      confirmation_page_message: "<p>Merci <strong>!</strong></p>",
      email_pdf_message: "<p>Présentez ce billet</p>",
      // Not sent: the holder-ticket setting keeps its default (on).
      send_holder_tickets: true,
    });
    const foreign = await call(`/events/${world.event.id}/messages`, {
      as: "foreignOwner",
      method: "PUT",
      body: { email_pdf_message: "pirate" },
    });
    expect(foreign.status).toBe(404);
    const tooLong = await call(`/events/${world.event.id}/messages`, {
      method: "PUT",
      body: { email_pdf_message: "x".repeat(20_001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.fields.email_pdf_message).toBe("too_long");
    const detail = await call(`/events/${world.event.id}`);
    expect(detail.json.email_pdf_message).toBe("<p>Présentez ce billet</p>");
  });
});
