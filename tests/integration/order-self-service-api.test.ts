import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import {
  events,
  orderEmailDeliveries,
  orders,
  participantChanges,
  participants,
  tickets,
  transactions,
} from "#db/schema";
import { confirmOrder } from "#domain/booking/confirm-order";
import { placeOrder } from "#domain/booking/place-order";
import { createSession } from "#domain/auth/sessions";
import { signTicketToken } from "#domain/tickets/ticket-token";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../support/fixtures";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);
const DAY = 86_400_000;

type Participant = typeof participants.$inferSelect;
const tokenOf = (p: Participant) =>
  signTicketToken(env, { eventId: p.eventId, participantId: p.id, accessToken: p.accessToken });
const scan = (eventId: number, token: string) =>
  call(`/events/${eventId}/check-ins`, { method: "POST", body: { token, direction: "in", id: crypto.randomUUID() } });
const orderPath = (order: { id: number; accessToken: string }, token = order.accessToken) =>
  `/public/orders/${order.id}?token=${encodeURIComponent(token)}`;

async function paidOrder(startAt: Date, count = 2) {
  const event = await insertEvent(db, world.organization.id, { title: "Gala", status: "published", startAt });
  const ticket = await insertTicket(db, event, { title: "Entrée", price: 2_000 });
  return { event, ...(await insertOrder(db, event, { status: "paid", places: [{ ticket, count }] })) };
}

beforeAll(async () => {
  world = await insertEventsWorld(db);
  tokens.owner = (await createSession(db, world.users.owner.id)).token;
});

describe("GET/PATCH /api/public/orders/:id (issue 28 §4)", () => {
  it("says what the buyer may do and until when", async () => {
    const start = new Date(Date.now() + 30 * DAY);
    const { order, participants: rows } = await paidOrder(start);
    const got = await call(orderPath(order), { as: "nobody" });
    expect(got.status).toBe(200);
    const until = new Date(start.getTime() - DAY).toISOString();
    expect(got.json.self_service).toEqual({
      edit: { state: "open", until },
      transfer: { state: "open", until },
      // Cancelling is off by default (migration 0029): the rest says so.
      cancel: { state: "off", until: null },
      cancel_refund: { kind: "full-minus-fees", percentage: 10_000 },
      order_cancel: {
        can_cancel: false,
        cancel_refusal: "booking:self-service.errors.cancel-off",
        refund_amount: null,
      },
    });
    expect(got.json.participants).toEqual(
      rows.map((row) => expect.objectContaining({ id: row.id, can_edit: true, can_transfer: true, checked_in: false })),
    );
  });

  it("edits a participant, and records it for the organizer", async () => {
    const { order, participants: rows } = await paidOrder(new Date(Date.now() + 30 * DAY));
    const edited = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: {
        action: "edit_participant",
        participant_id: rows[0]!.id,
        first_name: "Léa",
        last_name: "Martin",
        email: "lea@exemple.test",
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.participants[0]).toMatchObject({
      id: rows[0]!.id,
      first_name: "Léa",
      email: "lea@exemple.test",
    });
    // Same ticket, same QR code.
    expect(edited.json.participants[0].ticket_token).toBe(tokenOf(rows[0]!));
    const changes = await db
      .select({ kind: participantChanges.kind, firstName: participantChanges.firstName })
      .from(participantChanges)
      .where(eq(participantChanges.participantId, rows[0]!.id));
    expect(changes).toEqual([{ kind: "edit", firstName: "Léa" }]);

    const invalid = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: { action: "edit_participant", participant_id: rows[0]!.id, first_name: "", last_name: "M", email: "x" },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.fields).toEqual({ first_name: "first_name_required", email: "email_invalid" });
  });

  it("transfers a ticket: the old QR code is refused at check-in, the new one accepted, the new holder emailed", async () => {
    const { event, order, participants: rows } = await paidOrder(new Date(Date.now() + 30 * DAY));
    const oldToken = tokenOf(rows[1]!);
    const moved = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: {
        action: "transfer_participant",
        participant_id: rows[1]!.id,
        first_name: "Inès",
        last_name: "Moreau",
        email: "ines@exemple.test",
      },
    });
    expect(moved.status).toBe(200);
    const after = moved.json.participants.find((p: { id: number }) => p.id === rows[1]!.id);
    expect(after).toMatchObject({ first_name: "Inès", last_name: "Moreau", email: "ines@exemple.test" });
    expect(after.ticket_token).not.toBe(oldToken);

    const refused = await scan(event.id, oldToken);
    expect(refused.json).toMatchObject({ result: "invalid", participant: null });
    const accepted = await scan(event.id, after.ticket_token);
    expect(accepted.json).toMatchObject({ result: "ok", participant: { id: rows[1]!.id, first_name: "Inès" } });

    const deliveries = await db
      .select({ key: orderEmailDeliveries.key, kind: orderEmailDeliveries.kind })
      .from(orderEmailDeliveries)
      .where(eq(orderEmailDeliveries.orderId, order.id));
    expect(deliveries).toEqual([
      {
        key: expect.stringMatching(new RegExp(`^holder-ticket:${order.id}:${rows[1]!.id}:transfer-\\d+$`)),
        kind: "holder-ticket",
      },
    ]);

    // Now scanned: it may still be edited, no longer transferred.
    const again = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: {
        action: "transfer_participant",
        participant_id: rows[1]!.id,
        first_name: "Paul",
        last_name: "Roux",
        email: "paul@exemple.test",
      },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("self_service_transfer_checked_in");
    const view = await call(orderPath(order), { as: "nobody" });
    expect(view.json.participants[1]).toMatchObject({ checked_in: true, can_edit: true, can_transfer: false });
  });

  it("refuses every action past the deadline with its reason", async () => {
    // Starts in 12 hours: the default rules closed 12 hours ago.
    const { order, participants: rows } = await paidOrder(new Date(Date.now() + DAY / 2));
    const body = { participant_id: rows[0]!.id, first_name: "Paul", last_name: "Roux", email: "paul@exemple.test" };
    const edit = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: { ...body, action: "edit_participant" },
    });
    expect([edit.status, edit.json.code]).toEqual([409, "self_service_edit_deadline_passed"]);
    const transfer = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: { ...body, action: "transfer_participant" },
    });
    expect([transfer.status, transfer.json.code]).toEqual([409, "self_service_transfer_deadline_passed"]);
    const view = await call(orderPath(order), { as: "nobody" });
    expect(view.json.self_service.edit.state).toBe("closed");
    const [row] = await db.select().from(participants).where(eq(participants.id, rows[0]!.id));
    expect([row!.firstName, row!.accessToken]).toEqual(["Alex", rows[0]!.accessToken]);
  });

  it("follows the organizer's settings", async () => {
    const { event, order, participants: rows } = await paidOrder(new Date(Date.now() + 30 * DAY));
    await db.update(events).set({ selfServiceTransfer: false }).where(eq(events.id, event.id));
    const refused = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: {
        action: "transfer_participant",
        participant_id: rows[0]!.id,
        first_name: "Paul",
        last_name: "Roux",
        email: "paul@exemple.test",
      },
    });
    expect([refused.status, refused.json.code]).toEqual([409, "self_service_transfer_off"]);
  });

  it("answers 404 for a wrong token, and for a ticket of another order", async () => {
    const { order, participants: rows } = await paidOrder(new Date(Date.now() + 30 * DAY));
    const other = await paidOrder(new Date(Date.now() + 30 * DAY), 1);
    const body = {
      action: "edit_participant",
      participant_id: rows[0]!.id,
      first_name: "Paul",
      last_name: "Roux",
      email: "paul@exemple.test",
    };
    const wrong = await call(orderPath(order, `${order.accessToken}x`), { method: "PATCH", as: "nobody", body });
    expect([wrong.status, wrong.json.code]).toEqual([404, "order_not_found"]);
    expect((await call(orderPath(order, "nope"), { as: "nobody" })).status).toBe(404);
    const foreign = await call(orderPath(other.order), { method: "PATCH", as: "nobody", body });
    expect([foreign.status, foreign.json.code]).toEqual([404, "self_service_participant_not_found"]);
    const unknown = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: { ...body, action: "refund" },
    });
    expect([unknown.status, unknown.json.fields]).toEqual([422, { action: "self_service_action_invalid" }]);
  });
});

describe("PATCH /api/public/orders/:id cancel (issue 28 §2, docs/decisions/0060)", () => {
  /** A paid sale through the booking and a demo payment: two 20 € tickets, fees included (0.55 € each). */
  async function paidSale(options: Partial<typeof events.$inferInsert> = {}) {
    const startAt = new Date(Date.now() + 30 * DAY);
    const event = await insertEvent(db, world.organization.id, {
      title: "Récital",
      status: "published",
      startAt,
      timezone: "Europe/Paris",
      selfServiceCancel: true,
      ...options,
    });
    const ticket = await insertTicket(db, event, {
      title: "Plein tarif",
      price: 2_000,
      amount: 10,
      feesType: "included",
    });
    const placed = await placeOrder(
      db,
      { env },
      {
        eventId: event.id,
        body: {
          items: [{ ticket_id: ticket.id, quantity: 2 }],
          buyer: { first_name: "Inès", last_name: "Morel", email: `annule${Date.now()}@exemple.test` },
          answers: {},
          locale: "fr",
        },
      },
    );
    await confirmOrder(db, { orderId: placed.id, paidAt: Date.now(), paymentIntentId: `pi_demo_${placed.id}` });
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    const holders = await db.select().from(participants).where(eq(participants.orderId, placed.id));
    return { event, ticket, order: order!, holders };
  }

  it("states the amount, cancels one ticket « hors frais » and answers the order without it", async () => {
    const { ticket, order, holders } = await paidSale();
    const got = await call(orderPath(order), { as: "nobody" });
    expect(got.json.participants.map((p: { cancel_refund_amount: number }) => p.cancel_refund_amount)).toEqual([
      1945, 1945,
    ]);
    expect(got.json.self_service.order_cancel).toEqual({ can_cancel: true, cancel_refusal: null, refund_amount: 3890 });
    const key = `cancel-${crypto.randomUUID()}`;
    const cancel = () =>
      call(orderPath(order), {
        method: "PATCH",
        as: "nobody",
        headers: { "Idempotency-Key": key },
        body: { action: "cancel", participant_ids: [holders[1]!.id] },
      });
    const done = await cancel();
    expect(done.status).toBe(200);
    expect(done.json.cancellation).toMatchObject({
      amount: 1945,
      fee: 0,
      units: 1,
      closes_order: false,
      replayed: false,
    });
    expect(done.json.status).toBe("paid");
    expect(done.json.participants.map((p: { id: number }) => p.id)).toEqual([holders[0]!.id]);
    // The same key again: the same cancellation, nothing more.
    const again = await cancel();
    expect(again.json.cancellation).toMatchObject({ amount: 1945, replayed: true });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "paid", refundedAmount: 1945 });
    const [stock] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(stock!.purchased).toBe(1);
    const refunds = await db
      .select({ amount: transactions.amount })
      .from(transactions)
      .where(and(eq(transactions.orderId, order.id), eq(transactions.type, "refund")));
    expect(refunds).toEqual([{ amount: -1945 }]);

    // The rest of the order: the order is cancelled (refunded), nothing left to cancel.
    const rest = await call(orderPath(order), {
      method: "PATCH",
      as: "nobody",
      body: { action: "cancel", idempotency_key: `cancel-${crypto.randomUUID()}` },
    });
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({ status: "refunded", participants: [] });
    expect(rest.json.cancellation).toMatchObject({ amount: 1945, closes_order: true });
  });

  it("refuses with its own code: checked in, past the deadline, not allowed, not confirmed, no key", async () => {
    const { event, order, holders } = await paidSale();
    const patch = (body: unknown, headers: Record<string, string> = {}) =>
      call(orderPath(order), { method: "PATCH", as: "nobody", body, headers });
    const key = () => ({ "Idempotency-Key": `cancel-${crypto.randomUUID()}` });

    const scanned = await scan(event.id, tokenOf(holders[0]!));
    expect(scanned.json.result).toBe("ok");
    const checkedIn = await patch({ action: "cancel", participant_ids: [holders[0]!.id] }, key());
    expect([checkedIn.status, checkedIn.json.code]).toEqual([409, "self_service_cancel_checked_in"]);

    const noKey = await patch({ action: "cancel", participant_ids: [holders[1]!.id] });
    expect([noKey.status, noKey.json.code]).toEqual([422, "partial_refund_invalid_key"]);

    await db
      .update(events)
      .set({ selfServiceCancelBefore: 60, selfServiceCancelUnit: "days" })
      .where(eq(events.id, event.id));
    const late = await patch({ action: "cancel", participant_ids: [holders[1]!.id] }, key());
    expect([late.status, late.json.code]).toEqual([409, "self_service_cancel_deadline_passed"]);
    expect(late.json.message).toMatch(
      /^La date limite pour annuler était le \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Paris\) : elle est passée\.$/,
    );

    await db.update(events).set({ selfServiceCancel: false }).where(eq(events.id, event.id));
    const off = await patch({ action: "cancel", participant_ids: [holders[1]!.id] }, key());
    expect([off.status, off.json.code]).toEqual([409, "self_service_cancel_off"]);

    const pending = await insertOrder(db, event, { status: "pending" });
    const notConfirmed = await call(orderPath(pending.order), {
      method: "PATCH",
      as: "nobody",
      headers: key(),
      body: { action: "cancel" },
    });
    expect([notConfirmed.status, notConfirmed.json.code]).toEqual([409, "self_service_cancel_not_confirmed"]);
  });
});
