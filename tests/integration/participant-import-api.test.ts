import { env } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, orders, participants, tickets } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { checkImportRows, importCells, importChunks } from "#domain/participant-import/import-rows";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertTicket } from "../support/fixtures";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);

const orderCount = async (eventId: number) =>
  (await db.select({ n: count() }).from(orders).where(eq(orders.eventId, eventId)))[0]!.n;
const participantCount = async (eventId: number) =>
  (await db.select({ n: count() }).from(participants).where(eq(participants.eventId, eventId)))[0]!.n;
const purchased = async (ticketId: number) =>
  (await db.select({ n: tickets.purchased }).from(tickets).where(eq(tickets.id, ticketId)))[0]!.n;

async function freshEvent(values: Partial<typeof events.$inferInsert> = {}) {
  return insertEvent(db, world.organization.id, values);
}

const person = (first: string) => ({
  first_name: first,
  last_name: "Martin",
  email: `${first.toLowerCase()}@exemple.fr`,
});

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users)) tokens[key] = (await createSession(db, user.id)).token;
});

describe("manual orders (add participants by hand)", () => {
  it("writes a manual order with its participants and counts the places", async () => {
    const event = await freshEvent();
    const ticket = await insertTicket(db, event, { title: "Fosse", price: 3000, amount: 3 });
    const answer = await call(`/events/${event.id}/manual-orders`, {
      method: "POST",
      body: {
        orders: [
          {
            buyer: person("Léa"),
            participants: [
              { ticket_id: ticket.id, ...person("Léa") },
              { ticket_id: ticket.id, ...person("Hugo") },
            ],
          },
        ],
        send_email: false,
      },
      as: "manager",
    });
    expect(answer.status).toBe(201);
    expect(answer.json.order_ids).toHaveLength(1);
    expect(answer.json.participant_ids).toHaveLength(2);
    const [order] = await db.select().from(orders).where(eq(orders.id, answer.json.order_ids[0]));
    expect(order).toMatchObject({
      status: "manual",
      amount: 0,
      checkoutTime: 0,
      firstName: "Léa",
      email: "léa@exemple.fr",
    });
    const rows = await db.select().from(participants).where(eq(participants.orderId, order!.id));
    expect(rows.map((p) => [p.firstName, p.ticketTitle, p.price, p.searchText])).toEqual([
      ["Léa", "Fosse", 3000, "lea martin léa@exemple.fr".normalize("NFD").replace(/\p{Diacritic}/gu, "")],
      ["Hugo", "Fosse", 3000, "hugo martin hugo@exemple.fr"],
    ]);
    expect(new Set(rows.map((p) => p.accessToken)).size).toBe(2);
    expect(await purchased(ticket.id)).toBe(2);
  });

  it("refuses the whole call when a ticket would oversell, writing nothing", async () => {
    const event = await freshEvent();
    const ticket = await insertTicket(db, event, { amount: 3, purchased: 2 });
    const other = await insertTicket(db, event, { title: "Balcon" });
    const answer = await call(`/events/${event.id}/manual-orders`, {
      method: "POST",
      body: {
        orders: [
          { buyer: person("Ana"), participants: [{ ticket_id: other.id, ...person("Ana") }] },
          {
            buyer: person("Léo"),
            participants: [
              { ticket_id: ticket.id, ...person("Léo") },
              { ticket_id: ticket.id, ...person("Zoé") },
            ],
          },
        ],
      },
    });
    expect(answer.status).toBe(409);
    expect(answer.json.code).toBe("sold_out");
    expect(await orderCount(event.id)).toBe(0);
    expect(await purchased(ticket.id)).toBe(2);
    expect(await purchased(other.id)).toBe(0);
  });

  it("checks names, emails and tickets of the event", async () => {
    const event = await freshEvent();
    const foreignTicket = await insertTicket(db, world.foreignEvent);
    const answer = await call(`/events/${event.id}/manual-orders`, {
      method: "POST",
      body: {
        orders: [
          {
            buyer: { first_name: "", last_name: "X", email: "nope" },
            participants: [{ ticket_id: foreignTicket.id, ...person("Ana") }],
          },
        ],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.fields).toMatchObject({
      "orders.0.buyer.first_name": "name_missing",
      "orders.0.buyer.email": "email_invalid",
      "orders.0.participants.0.ticket_id": "ticket_unknown",
    });
    expect(await orderCount(event.id)).toBe(0);
  });

  it("needs event:manage-sales: validators and guests are refused, other tenants see 404", async () => {
    const ticket = await insertTicket(db, world.event);
    const body = { orders: [{ buyer: person("Ana"), participants: [{ ticket_id: ticket.id, ...person("Ana") }] }] };
    for (const as of ["guestValidator", "guestNone", "foreignOwner"]) {
      const answer = await call(`/events/${world.event.id}/manual-orders`, { method: "POST", body, as });
      expect(answer.status, as).toBe(404);
    }
    const guestManager = await call(`/events/${world.event.id}/manual-orders`, {
      method: "POST",
      body,
      as: "guestManager",
    });
    expect(guestManager.status).toBe(201);
  });
});

describe("participant CSV import (issue 11 §3)", () => {
  const importRows = (eventId: number, rows: string[][], as?: string) =>
    call(`/events/${eventId}/participant-import`, { method: "POST", body: { rows, first_line: 2 }, as });

  it("answers every row error with its line and writes nothing", async () => {
    const event = await freshEvent();
    const ticket = await insertTicket(db, event);
    const answer = await importRows(event.id, [
      ["Léa", "Martin", "lea@exemple.fr", String(ticket.id), "1"],
      ["Hugo", "", "hugo@exemple.fr", String(ticket.id), "1"],
      ["Ana", "Roy", "ana@", String(ticket.id), "1"],
      ["Zoé", "Roy", "zoe@exemple.fr", "999999", "0"],
      ["Zoé", "Roy"],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      imported: 0,
      participants: 0,
      errors: [
        { line: 3, key: "row.name" },
        { line: 4, key: "row.email" },
        { line: 5, key: "row.ticket-unknown" },
        { line: 5, key: "row.quantity" },
        { line: 6, key: "row.columns" },
      ],
    });
    expect(await orderCount(event.id)).toBe(0);
    expect(await purchased(ticket.id)).toBe(0);
  });

  it("refuses an import that would pass the event capacity, whole", async () => {
    const event = await freshEvent({ eventCapacity: 5 });
    const a = await insertTicket(db, event, { title: "A" });
    const b = await insertTicket(db, event, { title: "B" });
    const answer = await importRows(event.id, [
      ["Léa", "Martin", "lea@exemple.fr", String(a.id), "3"],
      ["Hugo", "Roy", "hugo@exemple.fr", String(b.id), "3"],
    ]);
    expect(answer.status).toBe(409);
    expect(await orderCount(event.id)).toBe(0);
    expect([await purchased(a.id), await purchased(b.id)]).toEqual([0, 0]);

    const fits = await importRows(event.id, [
      ["Léa", "Martin", "lea@exemple.fr", String(a.id), "3"],
      ["Hugo", "Roy", "hugo@exemple.fr", String(b.id), "2"],
    ]);
    expect(fits.json).toEqual({ imported: 2, participants: 5, errors: [] });
    expect([await purchased(a.id), await purchased(b.id)]).toEqual([3, 2]);
  });

  it("refuses the whole file up front when its totals would oversell", async () => {
    const event = await freshEvent({ eventCapacity: 10 });
    const a = await insertTicket(db, event, { title: "A", amount: 4, purchased: 1 });
    const b = await insertTicket(db, event, { title: "B" });
    const check = (totals: { ticket_id: number; quantity: number }[]) =>
      call(`/events/${event.id}/participant-import/check`, { method: "POST", body: { totals } });
    expect((await check([{ ticket_id: a.id, quantity: 3 }])).status).toBe(200);
    expect((await check([{ ticket_id: a.id, quantity: 4 }])).status).toBe(409);
    expect(
      (
        await check([
          { ticket_id: a.id, quantity: 3 },
          { ticket_id: b.id, quantity: 7 },
        ])
      ).status,
    ).toBe(409);
    expect(
      (
        await check([
          { ticket_id: a.id, quantity: 3 },
          { ticket_id: b.id, quantity: 6 },
        ])
      ).status,
    ).toBe(200);
    expect((await check([{ ticket_id: world.event.id + 99_999, quantity: 1 }])).status).toBe(400);
    const foreign = await call(`/events/${event.id}/participant-import/check`, {
      method: "POST",
      body: { totals: [] },
      as: "foreignOwner",
    });
    expect(foreign.status).toBe(404);
    expect(await orderCount(event.id)).toBe(0);
  });

  it("imports 10,000 rows as manual orders, in chunks of 2,000 rows each one atomic batch", async () => {
    const event = await freshEvent();
    const ticket = await insertTicket(db, event, { amount: 20_000 });
    const addon = await insertTicket(db, event, { title: "Vestiaire", ticketType: "addon" });
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `Prénom${i}`,
      `Nom${i}`,
      `personne${i}@exemple.fr`,
      String(i % 10 === 0 ? addon.id : ticket.id),
      "1",
    ]);
    const started = performance.now();
    const check = await call(`/events/${event.id}/participant-import/check`, {
      method: "POST",
      body: {
        totals: [
          { ticket_id: ticket.id, quantity: 9_000 },
          { ticket_id: addon.id, quantity: 1_000 },
        ],
      },
    });
    expect(check.status).toBe(200);
    let imported = 0;
    const chunks = importChunks(checkImportRows(rows, new Set([ticket.id, addon.id])).rows);
    expect(chunks.length).toBe(5);
    for (const chunk of chunks) {
      const answer = await call(`/events/${event.id}/participant-import`, {
        method: "POST",
        body: { rows: chunk.map(importCells), first_line: chunk[0]!.line },
      });
      expect(answer.status).toBe(200);
      expect(answer.json.errors).toEqual([]);
      imported += answer.json.imported;
    }
    const elapsed = performance.now() - started;
    console.log(`participant import: 10,000 rows in ${Math.round(elapsed)} ms (check + 5 chunks)`);
    expect(imported).toBe(10_000);
    expect(await orderCount(event.id)).toBe(10_000);
    expect(await participantCount(event.id)).toBe(10_000);
    expect(await purchased(ticket.id)).toBe(9_000);
    expect(await purchased(addon.id)).toBe(1_000);
    const manual = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.status, "manual")));
    expect(manual[0]!.n).toBe(10_000);
    const [sample] = await db.select().from(participants).where(eq(participants.email, "personne42@exemple.fr"));
    expect(sample).toMatchObject({ firstName: "Prénom42", lastName: "Nom42", ticketId: ticket.id, eventId: event.id });
  });
});
