import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertTicket } from "../support/fixtures";
import { errorOf } from "../support/error-body";
import { insertWaitingLine } from "../support/waiting-list-entries";
import { handleScheduled, MINUTE_CRON } from "../../workers/scheduled";

/** Issue 28 §3–4: the organizer's waiting-list API and the public booking of an offer (decision 0059). */
const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);
let sequence = 0;

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users)) tokens[key] = (await createSession(db, user.id)).token;
});

function book(eventId: number, ticketId: number, quantity: number, offer?: string) {
  sequence += 1;
  return exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      buyer: { first_name: "Inès", last_name: "Moreau", email: `attente.${sequence}@exemple.fr` },
      items: [{ ticket_id: ticketId, quantity }],
      ...(offer === undefined ? {} : { waiting_list_offer: offer }),
    }),
  });
}

describe("waiting list API", () => {
  it("lists the line, offers a place by hand, and the person books it with the link's token", async () => {
    const event = await insertEvent(db, world.organization.id, { status: "published", startAt: FUTURE });
    const ticket = await insertTicket(db, event, {
      title: "Fosse",
      price: 0,
      amount: 2,
      purchased: 2,
      waitingList: true,
    });
    const line = await insertWaitingLine(db, ticket, 3);

    const listed = await call(`/events/${event.id}/waiting-list?limit=2`);
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ object: "list", has_more: true });
    expect(listed.json.data.map((e: { id: number; position: number }) => [e.id, e.position])).toEqual([
      [line[0]!.id, 1],
      [line[1]!.id, 2],
    ]);
    expect(listed.json.data[0]).toMatchObject({
      ticket: ticket.id,
      ticket_title: "Fosse",
      status: "waiting",
      quantity: 1,
    });
    expect(JSON.stringify(listed.json)).not.toContain(line[0]!.accessToken);

    // Sold out and people waiting: a buyer without an offer is refused.
    const jumped = await book(event.id, ticket.id, 1);
    expect(jumped.status).toBe(409);
    expect(errorOf(await jumped.json()).code).toBe("sold_out");

    const noPlace = await call(`/events/${event.id}/waiting-list/${line[1]!.id}/offer`, { method: "POST" });
    expect(noPlace.status).toBe(409);
    expect(noPlace.json.code).toBe("waiting_list_no_place");

    // A place comes back (the organizer raises the stock): the line's first person gets it at once.
    const raised = await call(`/events/${event.id}/tickets/${ticket.id}`, { method: "PUT", body: { amount: 3 } });
    expect(raised.status).toBe(200);
    const afterRaise = await db
      .select()
      .from(schema.waitingListEntries)
      .where(eq(schema.waitingListEntries.ticketId, ticket.id))
      .orderBy(asc(schema.waitingListEntries.id));
    expect(afterRaise.map((e) => e.status)).toEqual(["offered", "waiting", "waiting"]);

    // The organizer offers the third person a place by hand: none is free.
    const manual = await call(`/events/${event.id}/waiting-list/${line[2]!.id}/offer`, { method: "POST" });
    expect(manual.status).toBe(409);
    await call(`/events/${event.id}/tickets/${ticket.id}`, { method: "PUT", body: { amount: 4 } });
    // The raise offered the second person; one more raise leaves a place for the third, by hand.
    await db.update(schema.tickets).set({ amount: 5 }).where(eq(schema.tickets.id, ticket.id));
    const offered = await call(`/events/${event.id}/waiting-list/${line[2]!.id}/offer`, { method: "POST" });
    expect(offered.status).toBe(201);
    expect(offered.json).toMatchObject({ id: line[2]!.id, status: "offered", offered_quantity: 1, offer_count: 1 });
    const open = await call(`/events/${event.id}/waiting-list?open=true&ticket=${ticket.id}`);
    expect(open.json.data.map((e: { status: string; position: number }) => [e.status, e.position])).toEqual([
      ["offered", 1],
      ["offered", 2],
      ["offered", 3],
    ]);

    // The person books with the token of their link; the same token again is refused.
    const booked = await book(event.id, ticket.id, 1, line[2]!.accessToken);
    expect(booked.status).toBe(201);
    const again = await book(event.id, ticket.id, 1, line[2]!.accessToken);
    expect(again.status).toBe(409);
    expect(errorOf(await again.json()).code).toBe("offer_used");
    const foreign = await book(event.id, ticket.id, 1, "not-a-real-offer-token");
    expect(foreign.status).toBe(422);
    expect(errorOf(await foreign.json()).code).toBe("offer_invalid");

    // Another organization's owner, a validator: 404 and 403, nothing offered.
    const stranger = await call(`/events/${event.id}/waiting-list`, { as: "foreignOwner" });
    expect(stranger.status).toBe(404);
    const validator = await call(`/events/${event.id}/waiting-list/${line[0]!.id}/offer`, {
      method: "POST",
      as: "guestValidator",
    });
    expect(validator.status).toBe(404);
  });

  it("the minute cron moves an expired offer on to the next person and queues their email", async () => {
    const event = await insertEvent(db, world.organization.id, { status: "published", startAt: FUTURE });
    const ticket = await insertTicket(db, event, { price: 0, amount: 1, purchased: 0, waitingList: true });
    const line = await insertWaitingLine(db, ticket, 2);
    const past = new Date(Date.now() - 60_000);
    await db
      .update(schema.waitingListEntries)
      .set({ status: "offered", offeredQuantity: 1, offerCount: 1, offeredAt: past, offerExpiresAt: past })
      .where(eq(schema.waitingListEntries.id, line[0]!.id));
    const ctx = createExecutionContext();
    await handleScheduled(createScheduledController({ cron: MINUTE_CRON, scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const after = await db
      .select()
      .from(schema.waitingListEntries)
      .where(eq(schema.waitingListEntries.ticketId, ticket.id))
      .orderBy(asc(schema.waitingListEntries.id));
    expect(after.map((e) => [e.status, e.offeredQuantity, e.offerCount])).toEqual([
      ["expired", 1, 1],
      ["offered", 1, 1],
    ]);
  });
});
