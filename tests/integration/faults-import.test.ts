import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { reserveEmailSends } from "#domain/emails/email-quota";
import { importParticipants } from "#domain/participant-import/import-participants";
import { eventState, type EventState } from "../support/fault-state";
import { recordingQueue } from "../support/fault-worker";
import { faultyD1, type Fault } from "../support/faulty-d1";
import { actorOf, insertEvent, insertMember, insertOrganization, insertTicket, insertUser } from "../support/fixtures";

// Issue 14 §4: a D1 error in the middle of a CSV participant import (one chunk: one atomic batch) writes nothing,
// and the import retried writes every row once.
const db = createD1Database(env.DB);
const faulty = faultyD1(env.DB);
const faultyDb = createD1Database(faulty.binding);

let organizationId: number;
let actor: ReturnType<typeof actorOf>;

beforeAll(async () => {
  organizationId = (await insertOrganization(db)).id;
  const owner = await insertUser(db);
  await insertMember(db, organizationId, owner.id, "owner");
  actor = actorOf(owner, organizationId, "owner");
  await db.insert(schema.webhookEndpoints).values({
    organizationId,
    url: "https://hooks.exemple.test/import",
    secret: "whsec_ZmF1bHRzLWltcG9ydC1zZWNyZXQtZmF1bHRz",
  });
});

async function importEvent() {
  const event = await insertEvent(db, organizationId, { status: "published" });
  const ticket = await insertTicket(db, event, { title: "Plein tarif", price: 1500, amount: 10 });
  // The CSV's rows after its header: first_name, last_name, email, ticket_id, quantity.
  const records = [
    ["Léa", "Martin", "lea.import@exemple.test", String(ticket.id), "2"],
    ["Hugo", "Núñez", "hugo.import@exemple.test", String(ticket.id), "1"],
    ["Zoé", "Faure", "zoe.import@exemple.test", String(ticket.id), "1"],
  ];
  return { event, ticket, records };
}

async function runImport(database: typeof db, eventId: number, records: string[][], queue = recordingQueue()) {
  // The import's check call reserves its emails against the daily quota (decision 0038), on the sound database.
  const emailReservation = await reserveEmailSends(db, { organizationId, eventId, count: records.length });
  return importParticipants(
    database,
    actor,
    { eventId, records, sendEmail: true, emailReservation },
    { queue: queue.binding },
  );
}

/** What an import leaves, without the ids (each event has its own). */
function shape(state: EventState) {
  return {
    orders: state.orders.map((order) => order.status),
    items: state.items.length,
    participants: state.participants.length,
    answers: state.answers,
    purchased: state.tickets.map((ticket) => ticket.purchased),
    figures: state.figures,
    figureDays: state.figureDays,
    ledger: state.ledger.length,
    webhooks: state.webhooks.toSorted(),
  };
}

let reference: ReturnType<typeof shape>;

beforeAll(async () => {
  const { event, records } = await importEvent();
  const queue = recordingQueue();
  expect(await runImport(db, event.id, records, queue)).toEqual({ imported: 3, participants: 4, errors: [] });
  reference = shape(await eventState(db, event.id));
  expect(reference).toMatchObject({ orders: ["manual", "manual", "manual"], participants: 4, purchased: [4] });
  expect(queue.ofType("send-order-confirmation")).toHaveLength(3);
});

describe("a CSV import with a D1 fault inside its batch", () => {
  const faults: [string, Fault][] = [
    ["the stock guard (first statement)", { match: /^insert into "booking_guards"/i }],
    ["the orders", { match: /^insert into "orders"/i }],
    ["the participants", { match: /^insert into "participants"/i }],
    ["the places counted", { match: /^update "tickets"/i }],
    ["the sales figures", { match: /"sales_figures"/i }],
    ["the outbox rows", { match: /^insert into "webhook_deliveries"/i }],
    ["the final clean-up (last statement)", { match: /^delete from "booking_guards"/i }],
  ];

  it.each(faults)("at %s: nothing is imported; the retry imports every row once", async (_label, fault) => {
    const { event, records } = await importEvent();
    const before = await eventState(db, event.id);
    const fired = faulty.fired;
    const queue = recordingQueue();

    faulty.inject(fault);
    await expect(runImport(faultyDb, event.id, records, queue)).rejects.toThrow(/D1_ERROR|malformed JSON/i);
    expect(faulty.fired).toBe(fired + 1);
    expect(await eventState(db, event.id)).toEqual(before);
    expect(queue.jobs).toEqual([]);

    expect(await runImport(faultyDb, event.id, records, queue)).toEqual({ imported: 3, participants: 4, errors: [] });
    expect(shape(await eventState(db, event.id))).toEqual(reference);
    expect(queue.ofType("send-order-confirmation")).toHaveLength(3);
  });

  it("a fault after the batch committed (reading the orders to email) still answers the import done", async () => {
    const { event, records } = await importEvent();
    const queue = recordingQueue();
    faulty.inject({ match: /^select "id" from "orders"/i });
    // Answering an error here would make the organizer import the same rows again.
    expect(await runImport(faultyDb, event.id, records, queue)).toEqual({ imported: 3, participants: 4, errors: [] });
    expect(shape(await eventState(db, event.id))).toEqual(reference);
    expect(queue.jobs).toEqual([]);
  });

  it("a batch that committed but whose answer was lost is whole, never half", async () => {
    const { event, records } = await importEvent();
    faulty.inject({ match: /^insert into "participants"/i, timing: "after" });
    await expect(runImport(faultyDb, event.id, records)).rejects.toThrow(/D1_ERROR/);
    expect(shape(await eventState(db, event.id))).toEqual(reference);
  });
});
