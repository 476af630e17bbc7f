import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import * as schema from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import type { TicketsPageData } from "~/components/tickets/ticket-types";
import { loadTicketsPage } from "~/routes/app/event/tickets.server";
import { serverContext } from "~/server/context";
import { requireSignedInMiddleware } from "~/server/guards.server";
import { sessionMiddleware } from "~/server/session.server";
import { insertEvent, insertEventsWorld, insertTicket } from "../support/fixtures";

/*
 * The back office (GET /api/events/:id/tickets and the tickets page's loader) counts places held by unpaid orders as the
 * booking does, on D1: an organizer sees sold out exactly when every buyer is refused, and on sale again once the
 * hold runs out.
 */

const db = createD1Database(env.DB);
const FUTURE = new Date(Date.now() + 30 * 86_400_000);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let token: string;
let sequence = 0;

type TicketJson = { title: string; purchased: number; status: string; remaining: number | null };

beforeAll(async () => {
  world = await insertEventsWorld(db);
  token = (await createSession(db, world.users.owner.id)).token;
});

/** An order through the public booking API: pending, its places held until its payment deadline. */
async function placePendingOrder(eventId: number, items: { ticket_id: number; quantity: number }[]) {
  sequence += 1;
  const response = await exports.default.fetch(`http://localhost/api/public/events/${eventId}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.9.${sequence}.1` },
    body: JSON.stringify({
      items,
      buyer: { first_name: "Élise", last_name: "Núñez", email: `attente${sequence}@exemple.test` },
    }),
  });
  return response.status;
}

/** The payment deadline passed and the cron has not released the holds yet: they no longer take places. */
async function runOut(eventId: number) {
  const past = new Date(Date.now() - 1000);
  await db.update(schema.orders).set({ payableUntil: past }).where(eq(schema.orders.eventId, eventId));
  await db.update(schema.orderItems).set({ heldUntil: past }).where(eq(schema.orderItems.eventId, eventId));
}

async function backOfficeTickets(eventId: number) {
  const response = await exports.default.fetch(`http://localhost/api/events/${eventId}/tickets`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as TicketJson[];
  return body.map((t) => [t.title, t.purchased, t.status, t.remaining]);
}

/** The tickets page's loader behind the real session middleware and signed-in guard, as React Router runs it. */
async function ticketsPage(eventId: number) {
  const request = new Request(`http://localhost/event/${eventId}/tickets`, {
    headers: { Cookie: `guichet_session=${token}; guichet_org=${world.organization.id}` },
  });
  const context = new RouterContextProvider();
  context.set(serverContext, { env, ctx: createExecutionContext(), db, appVersion: "test", cspNonce: "test-nonce" });
  const args = { request, context, params: { event_id: String(eventId) }, unstable_pattern: "" } as never;
  let page: TicketsPageData | null = null;
  await sessionMiddleware(args, async () => {
    await requireSignedInMiddleware(args, async () => {
      page = await loadTicketsPage(args, "ticket");
      return new Response(null);
    });
    return new Response(null);
  });
  const loaded = page as TicketsPageData | null;
  if (!loaded) throw new Error("the tickets page did not load");
  return loaded.tickets.map((t) => [t.title, t.purchased, t.held, t.status, t.remaining]);
}

describe("back-office ticket statuses with places held by unpaid orders", () => {
  it("shows sold out while the remaining places are held, and on sale again when the hold runs out", async () => {
    const event = await insertEvent(db, world.organization.id, {
      status: "published",
      startAt: FUTURE,
      endAt: FUTURE,
    });
    const ticket = await insertTicket(db, event, { title: "Plein tarif", price: 2500, amount: 5, purchased: 3 });
    expect(await backOfficeTickets(event.id)).toEqual([["Plein tarif", 3, "on_sale", 2]]);

    expect(await placePendingOrder(event.id, [{ ticket_id: ticket.id, quantity: 2 }])).toBe(201);
    // `purchased` still counts sales only; the held places make it sold out, as the booking then refuses one more.
    expect(await backOfficeTickets(event.id)).toEqual([["Plein tarif", 3, "sold_out", 0]]);
    expect(await placePendingOrder(event.id, [{ ticket_id: ticket.id, quantity: 1 }])).toBe(409);
    // The tickets page shows the held places apart from the sales.
    expect(await ticketsPage(event.id)).toEqual([["Plein tarif", 3, 2, "sold_out", 0]]);

    await runOut(event.id);
    expect(await backOfficeTickets(event.id)).toEqual([["Plein tarif", 3, "on_sale", 2]]);
    expect(await ticketsPage(event.id)).toEqual([["Plein tarif", 3, 0, "on_sale", 2]]);
  });
});
