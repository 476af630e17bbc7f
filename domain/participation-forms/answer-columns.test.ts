import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
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
import { exportOrders } from "../orders/export-orders";
import { listOrders } from "../orders/list-orders";
import { countQuery, listParticipants, participantRowsQuery } from "../participants/list-participants";
import { exportParticipants } from "../participants/export-participants";
import { exportOrganizationData } from "../privacy/export-organization-data";
import { csvDocument, type CsvPage } from "../shared/csv";
import { summarizeAnswers } from "./summarize-answers";

const heard = formQuestion("HeardAboutQ00001", {
  title: "Connu par",
  type: "unique-choice",
  options: [
    { id: "GNeXhtQ3GqRTJa9q", title: "Presse ou radio" },
    { id: "Aff1cheRue000001", title: "Affiche" },
  ],
});
const diets = formQuestion("DietsQuestion001", {
  title: "Régime alimentaire",
  type: "multiple-choice",
  options: [
    { id: "Veg0000000000001", title: "Végétarien" },
    { id: "Vegan00000000001", title: "Végan" },
    { id: "NoGluten00000001", title: "Sans gluten" },
  ],
});
const access = formQuestion("AccessQuestion01", { title: "Besoins d'accessibilité", type: "text" });
const note = formQuestion("NoFieldQuestion1", { title: "À lire", type: "no-field" });

async function allRows<C>(nextPage: (cursor: C | null) => Promise<CsvPage<C>>) {
  const rows = [];
  let cursor: C | null = null;
  do {
    const page = await nextPage(cursor);
    rows.push(...page.rows);
    cursor = page.next;
  } while (cursor !== null);
  return rows;
}

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("the exports give each question's answer as the organizer reads it", () => {
  let t: LibsqlTestDatabase;
  let db: Database;

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    db = t.db;
  });
  afterAll(() => t.close());

  async function world() {
    const organization = await insertOrganization(db);
    const owner = await insertUser(db);
    await insertMember(db, organization.id, owner.id, "owner");
    const event = await insertEvent(db, organization.id);
    await db.insert(schema.participationForms).values([
      { organizationId: organization.id, eventId: event.id, formType: "before", questions: JSON.stringify([heard]) },
      {
        organizationId: organization.id,
        eventId: event.id,
        formType: "before-tickets",
        questions: JSON.stringify([diets, access, note]),
      },
    ]);
    const first = await insertOrder(db, event, { status: "paid", tickets: 2 });
    const second = await insertOrder(db, event, { status: "paid", tickets: 1 });
    const [ada, bob] = first.participants;
    const cleo = second.participants[0]!;
    const base = (order: { id: number }) => ({ organizationId: organization.id, eventId: event.id, orderId: order.id });
    await db.insert(schema.formAnswers).values([
      { ...base(first.order), formType: "before", questionId: heard.id, value: '["GNeXhtQ3GqRTJa9q"]' },
      {
        ...base(first.order),
        participantId: ada!.id,
        formType: "before-tickets",
        questionId: diets.id,
        value: '["NoGluten00000001","Veg0000000000001"]',
      },
      {
        ...base(first.order),
        participantId: ada!.id,
        formType: "before-tickets",
        questionId: access.id,
        value: '"Fauteuil roulant, place en bout de rang"',
      },
      {
        ...base(first.order),
        participantId: bob!.id,
        formType: "before-tickets",
        questionId: diets.id,
        value: '["Vegan00000000001"]',
      },
      { ...base(second.order), formType: "before", questionId: heard.id, value: '["Aff1cheRue000001"]' },
    ]);
    return { organization, event, actor: actorOf(owner, organization.id, "owner"), first, second, ada, bob, cleo };
  }

  it("adds one column per question to the participants CSV, headed by its title, with option titles", async () => {
    const w = await world();
    const csv = await exportParticipants(db, w.actor, { eventId: w.event.id });
    const text = csvDocument(csv.header, await allRows(csv.nextPage));
    const [header, ...rows] = lines(text);
    expect(header).toMatch(/,creneau \(Europe\/Paris\),Connu par,Régime alimentaire,Besoins d'accessibilité$/);
    const byId = new Map(rows.map((row) => [Number(row.split(",")[0]), row]));
    expect(byId.get(w.ada!.id)).toMatch(
      /,Presse ou radio,"Sans gluten, Végétarien","Fauteuil roulant, place en bout de rang"$/,
    );
    expect(byId.get(w.bob!.id)).toMatch(/,Presse ou radio,Végan,$/);
    expect(byId.get(w.cleo.id)).toMatch(/,Affiche,,$/);
    expect(text).not.toContain("GNeXhtQ3GqRTJa9q");
  });

  it("adds one column per order-form question to the orders CSV", async () => {
    const w = await world();
    const csv = await exportOrders(db, w.actor, { eventId: w.event.id });
    const [header, ...rows] = lines(csvDocument(csv.header, await allRows(csv.nextPage)));
    expect(header).toMatch(/,date_paiement \(Europe\/Paris\),Connu par$/);
    const byId = new Map(rows.map((row) => [Number(row.split(",")[0]), row]));
    expect(byId.get(w.first.order.id)).toMatch(/,Presse ou radio$/);
    expect(byId.get(w.second.order.id)).toMatch(/,Affiche$/);
  });

  it("labels each answer of the organization's data export next to its stored option ids", async () => {
    const w = await world();
    const { stream } = await exportOrganizationData(db, w.actor, { organizationId: w.organization.id, pageSize: 2 });
    const files = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
    const answers = JSON.parse(strFromU8(files["json/answers.json"]!)) as Record<string, unknown>[];
    expect(answers.map((answer) => [answer.value, answer.value_label])).toEqual([
      ['["GNeXhtQ3GqRTJa9q"]', "Presse ou radio"],
      ['["NoGluten00000001","Veg0000000000001"]', "Sans gluten, Végétarien"],
      ['"Fauteuil roulant, place en bout de rang"', "Fauteuil roulant, place en bout de rang"],
      ['["Vegan00000000001"]', "Végan"],
      ['["Aff1cheRue000001"]', "Affiche"],
    ]);
    const csvHeader = lines(strFromU8(files["csv/answers.csv"]!))[0];
    expect(csvHeader).toMatch(/,value,created_at,value_label$/);
  });

  it("counts each option of each choice question, and the answered text questions, over holding orders only", async () => {
    const w = await world();
    const refunded = await insertOrder(db, w.event, { status: "refunded", tickets: 0 });
    await db.insert(schema.formAnswers).values({
      organizationId: w.organization.id,
      eventId: w.event.id,
      orderId: refunded.order.id,
      formType: "before",
      questionId: heard.id,
      value: '["Aff1cheRue000001"]',
    });
    const summary = await summarizeAnswers(db, w.actor, { eventId: w.event.id });
    expect(summary.orders).toBe(2);
    expect(summary.questions).toEqual([
      {
        formType: "before",
        questionId: heard.id,
        title: "Connu par",
        type: "unique-choice",
        answered: 2,
        options: [
          { id: "GNeXhtQ3GqRTJa9q", title: "Presse ou radio", count: 1 },
          { id: "Aff1cheRue000001", title: "Affiche", count: 1 },
        ],
        otherChoices: 0,
      },
      {
        formType: "before-tickets",
        questionId: diets.id,
        title: "Régime alimentaire",
        type: "multiple-choice",
        answered: 2,
        options: [
          { id: "Veg0000000000001", title: "Végétarien", count: 1 },
          { id: "Vegan00000000001", title: "Végan", count: 1 },
          { id: "NoGluten00000001", title: "Sans gluten", count: 1 },
        ],
        otherChoices: 0,
      },
      {
        formType: "before-tickets",
        questionId: access.id,
        title: "Besoins d'accessibilité",
        type: "text",
        answered: 1,
        options: [],
        otherChoices: 0,
      },
    ]);
  });

  it("answers 404 to another organization", async () => {
    const w = await world();
    const other = await insertOrganization(db);
    const stranger = await insertUser(db);
    await insertMember(db, other.id, stranger.id, "owner");
    await expect(
      summarizeAnswers(db, actorOf(stranger, other.id, "owner"), { eventId: w.event.id }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("gives the participants table a column per question, filtered by option or answered, searched in the answers", async () => {
    const w = await world();
    const list = async (filters: Parameters<typeof listParticipants>[2] extends infer I ? Partial<I> : never) =>
      listParticipants(db, w.actor, { eventId: w.event.id, offset: 0, limit: 50, sort: null, ...filters });
    const all = await list({});
    expect(all.answerColumns.map((column) => column.title)).toEqual([
      "Connu par",
      "Régime alimentaire",
      "Besoins d'accessibilité",
    ]);
    const ada = all.rows.find((row) => row.id === w.ada!.id)!;
    expect(ada.answers).toEqual({
      [`order_answer_${heard.id}`]: "Presse ou radio",
      [`answer_${diets.id}`]: "Sans gluten, Végétarien",
      [`answer_${access.id}`]: "Fauteuil roulant, place en bout de rang",
    });
    expect(all.rows.find((row) => row.id === w.cleo.id)!.answers).toEqual({ [`order_answer_${heard.id}`]: "Affiche" });

    const ids = (page: { rows: { id: number }[] }) => page.rows.map((row) => row.id).sort((a, b) => a - b);
    const veg = await list({
      answers: [{ formType: "before-tickets", questionId: diets.id, values: ["Veg0000000000001", "Vegan00000000001"] }],
    });
    expect(ids(veg)).toEqual([w.ada!.id, w.bob!.id]);
    expect(veg.total).toBe(2);
    // An order-form question filters every participant of the orders that chose it.
    const poster = await list({
      answers: [{ formType: "before", questionId: heard.id, values: ["Aff1cheRue000001"] }],
    });
    expect(ids(poster)).toEqual([w.cleo.id]);
    const answered = await list({
      answers: [{ formType: "before-tickets", questionId: access.id, values: ["answered"] }],
    });
    expect(ids(answered)).toEqual([w.ada!.id]);
    expect(answered.total).toBe(1);
    // A question the event does not ask is ignored, not an empty page.
    expect(
      (await list({ answers: [{ formType: "before", questionId: "Unknown000000001", values: ["answered"] }] })).total,
    ).toBe(3);

    // The search reads option titles (accents and case aside) and text answers, alongside names and emails.
    expect(ids(await list({ search: "VEGAN" }))).toEqual([w.bob!.id]);
    expect(ids(await list({ search: "gluten" }))).toEqual([w.ada!.id]);
    expect(ids(await list({ search: "fauteuil" }))).toEqual([w.ada!.id]);
    expect(ids(await list({ search: "affiche" }))).toEqual([w.cleo.id]);
    expect((await list({ search: "affiche" })).total).toBe(1);
  });

  it("gives the orders table a column per order-form question, filtered and searched in SQL", async () => {
    const w = await world();
    const list = async (filters: Partial<Parameters<typeof listOrders>[2]>) =>
      listOrders(db, w.actor, { eventId: w.event.id, offset: 0, limit: 50, sort: null, ...filters });
    const all = await list({});
    expect(all.answerColumns.map((column) => column.title)).toEqual(["Connu par"]);
    expect(all.rows.find((row) => row.id === w.first.order.id)!.answers).toEqual({
      [`order_answer_${heard.id}`]: "Presse ou radio",
    });
    const poster = await list({
      answers: [{ formType: "before", questionId: heard.id, values: ["Aff1cheRue000001"] }],
    });
    expect(poster.rows.map((row) => row.id)).toEqual([w.second.order.id]);
    expect(poster.total).toBe(1);
    expect((await list({ search: "presse" })).rows.map((row) => row.id)).toEqual([w.first.order.id]);
    expect((await list({ search: "alex@" })).total).toBe(2);
  });
});

// Its own database: libSQL keeps a read lock after EXPLAIN.
describe("the answer filters read the answers to one question, never every participant's answers", () => {
  it("drives the participants by id from the (event_id, question_id) index of form_answers", async () => {
    const t = await createLibsqlTestDatabase();
    try {
      const event = { id: 1, organizationId: 1 };
      const questions = [
        {
          formType: "before-tickets" as const,
          questionId: diets.id,
          title: diets.title,
          type: diets.type,
          options: diets.options,
        },
      ];
      const filters = {
        questions,
        answers: [{ formType: "before-tickets" as const, questionId: diets.id, values: ["Veg0000000000001"] }],
      };
      const plan = async (query: { getSQL(): ReturnType<typeof sql> }) =>
        (await t.db.all<{ detail: string }>(sql`explain query plan ${query.getSQL()}`)).map((row) =>
          String(row.detail),
        );
      const counted = await plan(countQuery(t.db, event, filters, Date.now()));
      expect(counted).toContainEqual(expect.stringMatching(/participants USING COVERING INDEX .*id=\?/));
      expect(counted).toContainEqual(expect.stringMatching(/form_answers USING INDEX form_answers_event_question_idx/));
      const page = await plan(
        participantRowsQuery(t.db, event, { ...filters, offset: 0, limit: 10, sort: null, now: Date.now() }),
      );
      expect(page).toContainEqual(expect.stringMatching(/form_answers USING INDEX form_answers_event_question_idx/));
      // Each row's answers: one lookup by order.
      expect(page).toContainEqual(expect.stringMatching(/form_answers USING INDEX form_answers_order_idx/));
      expect(page.join("\n")).not.toMatch(/SCAN participants|SCAN form_answers/);
    } finally {
      t.close();
    }
  });
});
