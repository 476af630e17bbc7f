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
    expect(header).toMatch(/,event_date,Connu par,Régime alimentaire,Besoins d'accessibilité$/);
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
    expect(header).toMatch(/,paid_at,Connu par$/);
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
});
