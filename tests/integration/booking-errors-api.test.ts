import { env, exports } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { ERROR_CODES } from "#domain/shared/error-codes";
import { insertEvent, insertOrganization, insertTicket } from "../support/fixtures";
import { formQuestion } from "../support/form-questions";
import { errorOf } from "../support/error-body";

/*
 * R2's booking defects (issue 10): every error of an order in one 422, a listed code for every field, any BCP 47
 * locale, and no false "one participant per ticket" next to a ticket that is not on sale.
 */

const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
const PAST = new Date(Date.now() - 86_400_000);
let organizationId: number;

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
});

function order(eventId: number, body: unknown) {
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function refusal(response: Response) {
  expect(response.status).toBe(422);
  return errorOf(await response.json()).fields;
}

async function rowCounts() {
  const tables = [schema.orders, schema.orderItems, schema.participants, schema.formAnswers] as const;
  return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
}

async function eventWithForms() {
  const event = await insertEvent(db, organizationId, {
    status: "published",
    startAt: FUTURE,
    endAt: FUTURE,
    allowBilling: true,
  });
  const ticket = await insertTicket(db, event, { price: 1000 });
  await db.insert(schema.participationForms).values([
    {
      organizationId,
      eventId: event.id,
      formType: "before-tickets",
      questions: JSON.stringify([formQuestion("Agegroup00000001", { title: "Tranche d'âge", mandatory: true })]),
    },
    {
      organizationId,
      eventId: event.id,
      formType: "before",
      questions: JSON.stringify([
        formQuestion("Rules00000000001", {
          title: "J'accepte le règlement",
          type: "additional-conditions",
          mandatory: true,
        }),
      ]),
    },
  ]);
  return { event, ticket };
}

describe("a refused order names every error at once", () => {
  it("reports the shape errors with the answers, billing and participant checks, and writes nothing", async () => {
    const { event, ticket } = await eventWithForms();
    const before = await rowCounts();
    const fields = await refusal(
      await order(event.id, {
        items: [{ ticket_id: ticket.id, quantity: 2 }],
        buyer: { first_name: "", last_name: "", email: "" },
        participants: [
          { ticket_id: ticket.id, first_name: "", last_name: "", email: "" },
          { ticket_id: ticket.id, first_name: "", last_name: "", email: "" },
        ],
        answers: { Rules00000000001: false },
        billing: { name: "", company: "", address: "", postal_code: "", city: "", country: "", vat_number: "" },
      }),
    );
    expect(fields).toEqual({
      "buyer.first_name": "first_name_required",
      "buyer.last_name": "last_name_required",
      "buyer.email": "email_required",
      "participants.0.first_name": "first_name_required",
      "participants.0.last_name": "last_name_required",
      "participants.0.email": "email_required",
      "participants.1.first_name": "first_name_required",
      "participants.1.last_name": "last_name_required",
      "participants.1.email": "email_required",
      "participants.0.answers.Agegroup00000001": "answer_required",
      "participants.1.answers.Agegroup00000001": "answer_required",
      "answers.Rules00000000001": "answer_required",
      "billing.address": "billing_required",
      "billing.postal_code": "billing_required",
      "billing.city": "billing_required",
      "billing.country": "billing_required",
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("gives a listed code to a missing buyer, items, participant email or billing address", async () => {
    const { event, ticket } = await eventWithForms();
    const noBuyer = await refusal(await order(event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }] }));
    expect(noBuyer).toMatchObject({
      "buyer.first_name": "first_name_required",
      "buyer.last_name": "last_name_required",
      "buyer.email": "email_required",
    });
    const noItems = await refusal(
      await order(event.id, {
        buyer: { first_name: "Léa", last_name: "Roux", email: "lea@exemple.test" },
        participants: [{ ticket_id: ticket.id, first_name: "Léa", last_name: "Roux" }],
        billing: { postal_code: "75011", city: "Paris", country: "France" },
        promo_code: 12,
        t: 3,
        locale: 4,
      }),
    );
    expect(noItems).toMatchObject({
      items: "no_items",
      "participants.0.email": "email_required",
      "billing.address": "billing_required",
      promo_code: "promo_invalid",
      t: "link_invalid",
      locale: "locale_invalid",
    });
    const badShapes = await refusal(
      await order(event.id, {
        items: [null, { ticket_id: "x", quantity: "2" }],
        buyer: "Léa",
        participants: [7],
        billing: "Paris",
        answers: { Rules00000000001: { yes: true } },
      }),
    );
    expect(badShapes).toMatchObject({
      "items.0.ticket_id": "ticket_invalid",
      "items.1.ticket_id": "ticket_invalid",
      "items.1.quantity": "quantity_invalid",
      "participants.0.ticket_id": "ticket_invalid",
      billing: "billing_invalid",
      "answers.Rules00000000001": "answer_invalid",
    });
    for (const fields of [noBuyer, noItems, badShapes])
      for (const code of Object.values(fields)) expect(code in ERROR_CODES, code).toBe(true);
    const notAnObject = await order(event.id, [1, 2]);
    expect(notAnObject.status).toBe(422);
    expect(errorOf(await notAnObject.json())).toMatchObject({ fields: { _: "body_invalid" } });
  });

  it("does not add 'one participant per ticket' to a ticket that is not on sale", async () => {
    const event = await insertEvent(db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE });
    const ended = await insertTicket(db, event, { price: 1000, sellEndAt: PAST });
    const participant = { ticket_id: ended.id, first_name: "Léa", last_name: "Roux", email: "lea@exemple.test" };
    const fields = await refusal(
      await order(event.id, {
        items: [{ ticket_id: ended.id, quantity: 2 }],
        buyer: { first_name: "Léa", last_name: "Roux", email: "lea@exemple.test" },
        participants: [participant, participant],
      }),
    );
    expect(fields).toEqual({ "items.0.ticket_id": "not_on_sale" });
  });
});

describe("the order's locale", () => {
  it.each([
    ["fr-FR", "fr"],
    ["en-US", "en"],
    ["en", "en"],
    ["nl", "fr"],
    ["EN_gb", "en"],
  ])("books with locale %s, stored as %s", async (locale, stored) => {
    const event = await insertEvent(db, organizationId, { status: "published", startAt: FUTURE, endAt: FUTURE });
    const ticket = await insertTicket(db, event, { price: 1000 });
    const response = await order(event.id, {
      items: [{ ticket_id: ticket.id, quantity: 1 }],
      buyer: { first_name: "Léa", last_name: "Roux", email: "lea@exemple.test" },
      locale,
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [row] = await db.select({ locale: schema.orders.locale }).from(schema.orders).where(eq(schema.orders.id, id));
    expect(row!.locale).toBe(stored);
  });
});
