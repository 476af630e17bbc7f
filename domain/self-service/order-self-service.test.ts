import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formAnswers,
  orderEmailDeliveries,
  participantChanges,
  participants,
  participationForms,
  webhookDeliveries,
  webhookEndpoints,
} from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { recordCheckIn } from "../check-ins/record-check-in";
import { eventSettingsSchema } from "../events/event-input-schema";
import { updateEventSettings } from "../events/update-event-settings";
import * as v from "valibot";
import { getParticipant } from "../participants/get-participant";
import { isAppError } from "../shared/app-error";
import { signTicketToken } from "../tickets/ticket-token";
import { editOrderParticipant } from "./edit-order-participant";
import { getOrderSelfService } from "./get-order-self-service";
import { transferOrderParticipant } from "./transfer-order-participant";

const env = { ENVIRONMENT: "test", SESSION_SECRET: "self-service-secret-0123456789abcdef" };

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let event: Awaited<ReturnType<typeof insertEvent>>;
let order: Awaited<ReturnType<typeof insertOrder>>["order"];
let rows: Awaited<ReturnType<typeof insertOrder>>["participants"];

// Friday 12 June 2026, 20:00 in Paris; the default rules close 24 hours before: Thursday 11 June, 20:00.
const START = new Date("2026-06-12T18:00:00.000Z");
const DEADLINE = Date.parse("2026-06-11T18:00:00.000Z");
const BEFORE = DEADLINE - 60_000;

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

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, key: error.messageKey, fields: error.fields ?? {} };
    throw error;
  }
  throw new Error("expected a refusal");
}

const participantRow = async (id: number) =>
  (await test.db.select().from(participants).where(eq(participants.id, id)).limit(1))[0]!;

const webhookData = async (type: string) =>
  (
    await test.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, type))
  ).map((row) => (JSON.parse(row.payload) as { data: unknown }).data);

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
  event = await insertEvent(test.db, world.organization.id, {
    title: "Gala",
    status: "published",
    startAt: START,
    timezone: "Europe/Paris",
  });
  const ticket = await insertTicket(test.db, event, { title: "Entrée", price: 2_000 });
  await test.db.insert(participationForms).values({
    organizationId: event.organizationId,
    eventId: event.id,
    formType: "before-tickets",
    questions: JSON.stringify([diet]),
  });
  ({ order, participants: rows } = await insertOrder(test.db, event, {
    status: "paid",
    places: [{ ticket, count: 3 }],
  }));
  await test.db.insert(webhookEndpoints).values({
    organizationId: event.organizationId,
    url: "https://hooks.exemple.test/guichet",
    secret: "whsec_c2VsZi1zZXJ2aWNlLXRlc3Qtc2VjcmV0",
    eventTypes: "[]",
  });
});
afterAll(() => test?.close());

describe("getOrderSelfService (issue 28 §1)", () => {
  it("gives the rules with their deadlines and what each ticket allows", async () => {
    const view = await getOrderSelfService(test.db, { orderId: order.id, token: order.accessToken, now: BEFORE });
    expect(view.edit).toEqual({ state: "open", until: "2026-06-11T18:00:00.000Z" });
    expect(view.transfer).toEqual({ state: "open", until: "2026-06-11T18:00:00.000Z" });
    expect(view.participants.map((p) => [p.id, p.can_edit, p.can_transfer])).toEqual(
      rows.map((row) => [row.id, true, true]),
    );
    expect(view.participants[0]!.questions.map((q) => q.id)).toEqual(["regimealimentair"]);
  });

  it("answers 404 for a wrong token, as for a missing order", async () => {
    expect(await refusal(getOrderSelfService(test.db, { orderId: order.id, token: "x" + order.accessToken }))).toEqual({
      code: "not_found",
      key: "booking:errors.order-not-found",
      fields: {},
    });
    expect(await refusal(getOrderSelfService(test.db, { orderId: order.id, token: null }))).toMatchObject({
      code: "not_found",
    });
  });
});

describe("editOrderParticipant (issue 28 §2)", () => {
  it("edits the names, email and answers with the booking form's rules, and keeps it in the history", async () => {
    const id = rows[0]!.id;
    await editOrderParticipant(test.db, {
      orderId: order.id,
      token: order.accessToken,
      participantId: id,
      body: {
        first_name: " Léa ",
        last_name: "Martin",
        email: "Lea.Martin@Exemple.test",
        answers: { regimealimentair: "vegetarienoption" },
      },
      now: BEFORE,
    });
    const row = await participantRow(id);
    expect([row.firstName, row.lastName, row.email]).toEqual(["Léa", "Martin", "lea.martin@exemple.test"]);
    expect(row.accessToken).toBe(rows[0]!.accessToken);
    const answers = await test.db
      .select({ questionId: formAnswers.questionId, value: formAnswers.value })
      .from(formAnswers)
      .where(eq(formAnswers.participantId, id));
    expect(answers).toEqual([{ questionId: "regimealimentair", value: JSON.stringify(["vegetarienoption"]) }]);

    const detail = await getParticipant(test.db, world.actors.owner, { eventId: event.id, participantId: id });
    expect(detail.changes).toEqual([
      {
        id: expect.any(Number),
        kind: "edit",
        previousName: "Alex Durand",
        previousEmail: "alex@exemple.test",
        name: "Léa Martin",
        email: "lea.martin@exemple.test",
        answersChanged: true,
        at: BEFORE,
      },
    ]);
    const hooks = await webhookData("participant.updated");
    expect(hooks).toEqual([expect.objectContaining({ id, first_name: "Léa" })]);
  });

  it("refuses what the booking form refuses, field by field", async () => {
    expect(
      await refusal(
        editOrderParticipant(test.db, {
          orderId: order.id,
          token: order.accessToken,
          participantId: rows[0]!.id,
          body: { first_name: " ", last_name: "Martin", email: "pas-un-email", answers: { regimealimentair: "" } },
          now: BEFORE,
        }),
      ),
    ).toEqual({
      code: "validation",
      key: "errors:invalid-input",
      fields: {
        first_name: "booking:errors.first-name-required",
        email: "errors:email-invalid",
        "answers.regimealimentair": "booking:errors.answer-required",
      },
    });
  });

  it("refuses once the deadline has passed, from its very millisecond", async () => {
    expect(
      await refusal(
        editOrderParticipant(test.db, {
          orderId: order.id,
          token: order.accessToken,
          participantId: rows[0]!.id,
          body: { first_name: "Léa", last_name: "Martin", email: "lea@exemple.test" },
          now: DEADLINE,
        }),
      ),
    ).toEqual({ code: "conflict", key: "booking:self-service.errors.edit-deadline-passed", fields: {} });
  });

  it("answers 404 for a wrong token or a participant of another order", async () => {
    const body = { first_name: "Léa", last_name: "Martin", email: "lea@exemple.test" };
    expect(
      await refusal(
        editOrderParticipant(test.db, {
          orderId: order.id,
          token: "wrong",
          participantId: rows[0]!.id,
          body,
          now: BEFORE,
        }),
      ),
    ).toMatchObject({ code: "not_found", key: "booking:errors.order-not-found" });
    const other = await insertOrder(test.db, event, { status: "paid" });
    expect(
      await refusal(
        editOrderParticipant(test.db, {
          orderId: order.id,
          token: order.accessToken,
          participantId: other.participants[0]!.id,
          body,
          now: BEFORE,
        }),
      ),
    ).toMatchObject({ code: "not_found", key: "booking:self-service.errors.participant-not-found" });
  });
});

describe("transferOrderParticipant (issue 28 §2)", () => {
  it("gives the ticket a new holder and a new token: the old QR code is refused at check-in, the new one accepted", async () => {
    const before = rows[1]!;
    const oldToken = signTicketToken(env, {
      eventId: event.id,
      participantId: before.id,
      accessToken: before.accessToken,
    });
    await test.db.insert(formAnswers).values({
      organizationId: event.organizationId,
      eventId: event.id,
      orderId: order.id,
      participantId: before.id,
      formType: "before-tickets",
      questionId: "regimealimentair",
      questionTitle: "Régime alimentaire",
      value: JSON.stringify("sansglutenoption"),
    });
    const result = await transferOrderParticipant(test.db, env, {
      orderId: order.id,
      token: order.accessToken,
      participantId: before.id,
      body: { first_name: "Inès", last_name: "Moreau", email: "ines@exemple.test" },
      now: BEFORE,
    });
    const after = await participantRow(before.id);
    expect([after.firstName, after.lastName, after.email]).toEqual(["Inès", "Moreau", "ines@exemple.test"]);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(result.ticketToken).toBe(
      signTicketToken(env, { eventId: event.id, participantId: before.id, accessToken: after.accessToken }),
    );
    // The previous holder's answers were about them: gone.
    expect(await test.db.select().from(formAnswers).where(eq(formAnswers.participantId, before.id))).toEqual([]);

    const scan = (token: string, id: string) =>
      recordCheckIn(test.db, world.actors.owner, env, { eventId: event.id, token, direction: "in", clientId: id });
    expect((await scan(oldToken, "6f1c2f64-98a8-4b53-9b43-0d7f2c1a0001")).result).toBe("invalid");
    const accepted = await scan(result.ticketToken, "6f1c2f64-98a8-4b53-9b43-0d7f2c1a0002");
    expect(accepted.result).toBe("ok");
    expect(accepted.participant).toMatchObject({ id: before.id, first_name: "Inès", last_name: "Moreau" });

    // The new holder's email is in the outbox, the organizer's history and webhooks say it.
    const deliveries = await test.db
      .select({ key: orderEmailDeliveries.key, kind: orderEmailDeliveries.kind, status: orderEmailDeliveries.status })
      .from(orderEmailDeliveries)
      .where(eq(orderEmailDeliveries.orderId, order.id));
    expect(deliveries).toEqual([
      { key: `holder-ticket:${order.id}:${before.id}:transfer-${BEFORE}`, kind: "holder-ticket", status: "due" },
    ]);
    expect(result.emailKey).toBe(`holder-ticket:${order.id}:${before.id}:transfer-${BEFORE}`);
    const changes = await test.db
      .select({ kind: participantChanges.kind, previousEmail: participantChanges.previousEmail })
      .from(participantChanges)
      .where(eq(participantChanges.participantId, before.id));
    expect(changes).toEqual([{ kind: "transfer", previousEmail: "alex@exemple.test" }]);
    const hooks = await webhookData("participant.transferred");
    expect(hooks).toEqual([expect.objectContaining({ id: before.id, first_name: "Inès", email: "ines@exemple.test" })]);
  });

  it("refuses a ticket already scanned, which may still be edited", async () => {
    const scanned = rows[1]!.id;
    expect(
      await refusal(
        transferOrderParticipant(test.db, env, {
          orderId: order.id,
          token: order.accessToken,
          participantId: scanned,
          body: { first_name: "Paul", last_name: "Roux", email: "paul@exemple.test" },
          now: BEFORE,
        }),
      ),
    ).toEqual({ code: "conflict", key: "booking:self-service.errors.transfer-checked-in", fields: {} });
    const view = await getOrderSelfService(test.db, { orderId: order.id, token: order.accessToken, now: BEFORE });
    expect(view.participants.find((p) => p.id === scanned)).toMatchObject({
      can_edit: true,
      can_transfer: false,
      checked_in: true,
      transfer_refusal: "booking:self-service.errors.transfer-checked-in",
    });
  });

  it("refuses past the deadline and when the organizer turned transfers off", async () => {
    const body = { first_name: "Paul", last_name: "Roux", email: "paul@exemple.test" };
    const input = { orderId: order.id, token: order.accessToken, participantId: rows[2]!.id, body };
    expect(await refusal(transferOrderParticipant(test.db, env, { ...input, now: DEADLINE }))).toMatchObject({
      code: "conflict",
      key: "booking:self-service.errors.transfer-deadline-passed",
    });
    const { events } = await import("#db/schema");
    await test.db.update(events).set({ selfServiceTransfer: false }).where(eq(events.id, event.id));
    expect(await refusal(transferOrderParticipant(test.db, env, { ...input, now: BEFORE }))).toMatchObject({
      code: "conflict",
      key: "booking:self-service.errors.transfer-off",
    });
    const view = await getOrderSelfService(test.db, { orderId: order.id, token: order.accessToken, now: BEFORE });
    expect(view.transfer).toEqual({ state: "off", until: null });
    await test.db.update(events).set({ selfServiceTransfer: true }).where(eq(events.id, event.id));
    const untouched = await test.db
      .select({ accessToken: participants.accessToken })
      .from(participants)
      .where(and(eq(participants.id, rows[2]!.id)))
      .orderBy(asc(participants.id));
    expect(untouched).toEqual([{ accessToken: rows[2]!.accessToken }]);
  });
});

describe("the event's self-service settings (issue 28 §1)", () => {
  it("default to both actions allowed until 24 hours before the start, and save as the settings page sends them", async () => {
    const fresh = await insertEvent(test.db, world.organization.id, { title: "Atelier" });
    expect(fresh).toMatchObject({
      selfServiceEdit: true,
      selfServiceEditBefore: 24,
      selfServiceEditUnit: "hours",
      selfServiceTransfer: true,
      selfServiceTransferBefore: 24,
      selfServiceTransferUnit: "hours",
    });
    const form = v.parse(eventSettingsSchema, {
      self_service_edit: "true",
      self_service_edit_before: "2",
      self_service_edit_unit: "days",
      self_service_transfer: "false",
      self_service_transfer_before: "24",
      self_service_transfer_unit: "hours",
    });
    const saved = await updateEventSettings(test.db, world.actors.owner, { eventId: fresh.id, ...form });
    expect(saved).toMatchObject({
      selfServiceEdit: true,
      selfServiceEditBefore: 2,
      selfServiceEditUnit: "days",
      selfServiceTransfer: false,
    });
  });

  it("refuses a delay beyond a year in its unit, and other organizations", async () => {
    const fresh = await insertEvent(test.db, world.organization.id, { title: "Atelier" });
    expect(
      await refusal(
        updateEventSettings(test.db, world.actors.owner, {
          eventId: fresh.id,
          selfServiceEditBefore: 400,
          selfServiceEditUnit: "days",
        }),
      ),
    ).toEqual({
      code: "validation",
      key: "events:errors.invalid-input",
      fields: { self_service_edit_before: "events:errors.self-service-before-invalid" },
    });
    expect(
      await refusal(
        updateEventSettings(test.db, world.actors.foreignOwner, { eventId: fresh.id, selfServiceEdit: false }),
      ),
    ).toMatchObject({ code: "not_found" });
  });
});
