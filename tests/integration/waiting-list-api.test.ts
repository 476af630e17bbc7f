import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { events, waitingListEntries } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { errorOf } from "../support/error-body";
import { recordingQueue, testEnv, workerFetch } from "../support/fault-worker";
import { insertEvent, insertEventsWorld, insertTicket } from "../support/fixtures";
import { apiClient } from "./api-client";

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const tokens: Record<string, string> = {};
const call = apiClient(tokens);
const START = new Date(Date.now() + 60 * 86_400_000);

async function soldOutEvent(options: { waitingList?: boolean; amount?: number; purchased?: number } = {}) {
  const event = await insertEvent(db, world.organization.id, {
    title: "Nuit blanche",
    status: "published",
    startAt: START,
  });
  const ticket = await insertTicket(db, event, {
    title: "Fosse",
    amount: options.amount ?? 1,
    purchased: options.purchased ?? 1,
    maxPerOrder: 3,
    waitingList: options.waitingList ?? true,
  });
  return { event, ticket };
}

const person = (email: string, values: Record<string, unknown> = {}) => ({
  first_name: "Léa",
  last_name: "Martin",
  email,
  quantity: 1,
  consent: true,
  ...values,
});

/** POST /api/public/events/:id/waiting-list through the real app, its queued email recorded. */
async function joinList(eventId: number, body: unknown) {
  const queue = recordingQueue();
  const response = await workerFetch(
    testEnv({ JOBS: queue.binding }),
    new Request(`http://localhost/api/public/events/${eventId}/waiting-list`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify(body),
    }),
  );
  const json = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    cors: response.headers.get("Access-Control-Allow-Origin"),
    json,
    error: response.status >= 400 ? errorOf(json) : null,
    emails: queue.ofType("send-email").map((job) => job.message),
  };
}

beforeAll(async () => {
  world = await insertEventsWorld(db);
  tokens.owner = (await createSession(db, world.users.owner.id)).token;
  tokens.manager = (await createSession(db, world.users.guestManager.id)).token;
  tokens.validator = (await createSession(db, world.users.guestValidator.id)).token;
  tokens.foreign = (await createSession(db, world.users.foreignOwner.id)).token;
});

describe("POST /api/public/events/:id/waiting-list (issue 28 §4)", () => {
  it("puts the person in line, answers their place and emails them their link", async () => {
    const { event, ticket } = await soldOutEvent();
    const first = await joinList(event.id, { ticket_id: ticket.id, ...person("lea@exemple.test", { quantity: 2 }) });
    expect(first.status).toBe(201);
    expect(first.cors).toBe("*");
    expect(first.json).toEqual({ id: expect.any(Number), position: 1, status: "waiting" });
    const [row] = await db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.id, first.json.id as number));
    expect(row).toMatchObject({ eventId: event.id, ticketId: ticket.id, email: "lea@exemple.test", quantity: 2 });
    expect(first.emails).toHaveLength(1);
    expect(first.emails[0]).toMatchObject({
      to: "lea@exemple.test",
      subject: "Vous êtes sur la liste d'attente : Nuit blanche",
    });
    expect(first.emails[0]!.text).toContain("Votre place dans la file : 1");
    expect(first.emails[0]!.text).toContain(`/waiting-list/${row!.accessToken}`);

    const second = await joinList(event.id, {
      ticket_id: ticket.id,
      ...person("sam@exemple.test", { locale: "en", first_name: "Sam" }),
    });
    expect(second.json).toMatchObject({ position: 2, status: "waiting" });
    expect(second.emails[0]!.subject).toBe("You are on the waiting list: Nuit blanche");

    // The public event says the ticket has a list to join.
    const publicEvent = await call(`/public/events/${event.id}`, { as: "nobody" });
    expect(publicEvent.json.tickets[0]).toMatchObject({ id: ticket.id, status: "sold_out", waiting_list: true });
  });

  it("refuses a second entry for the same email, places still on sale, a closed list, bad input", async () => {
    const { event, ticket } = await soldOutEvent();
    await joinList(event.id, { ticket_id: ticket.id, ...person("deux@exemple.test") });
    const again = await joinList(event.id, { ticket_id: ticket.id, ...person("DEUX@exemple.test") });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      type: "conflict",
      code: "already_joined",
      fields: { email: "already_joined" },
    });
    expect(again.emails).toEqual([]);

    const open = await soldOutEvent({ amount: 5 });
    const placesLeft = await joinList(open.event.id, { ticket_id: open.ticket.id, ...person("x@exemple.test") });
    expect([placesLeft.status, placesLeft.error?.code]).toEqual([409, "places_left"]);

    const off = await soldOutEvent({ waitingList: false });
    const closed = await joinList(off.event.id, { ticket_id: off.ticket.id, ...person("x@exemple.test") });
    expect([closed.status, closed.error?.code]).toEqual([409, "list_closed"]);

    const invalid = await joinList(event.id, {
      ticket_id: ticket.id,
      ...person("pas-un-email", { consent: false, quantity: 4 }),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.error?.fields).toEqual({ email: "email_invalid", consent: "consent_required" });
    const tooMany = await joinList(event.id, {
      ticket_id: ticket.id,
      ...person("trois@exemple.test", { quantity: 4 }),
    });
    expect([tooMany.status, tooMany.error?.fields]).toEqual([422, { quantity: "max_per_order" }]);

    const draft = await insertEvent(db, world.organization.id, { title: "Brouillon" });
    const draftTicket = await insertTicket(db, draft, { amount: 1, purchased: 1, waitingList: true });
    const hidden = await joinList(draft.id, { ticket_id: draftTicket.id, ...person("x@exemple.test") });
    expect([hidden.status, hidden.error?.code]).toEqual([404, "not_found"]);
  });
});

describe("DELETE /api/events/:id/waiting-list/:entry_id (issue 28 §4)", () => {
  it("removes an open entry for those who manage sales; others and other organizations get 404", async () => {
    const event = world.event;
    const ticket = await insertTicket(db, event, { amount: 1, purchased: 1, waitingList: true });
    await db.update(events).set({ status: "published", startAt: START }).where(eq(events.id, event.id));
    const joined = await joinList(event.id, { ticket_id: ticket.id, ...person("retrait@exemple.test") });
    expect(joined.status).toBe(201);
    const path = `/events/${event.id}/waiting-list/${joined.json.id as number}`;

    for (const as of ["validator", "foreign"]) {
      const refused = await call(path, { method: "DELETE", as });
      expect([as, refused.status]).toEqual([as, 404]);
    }
    const removed = await call(path, { method: "DELETE", as: "manager" });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ id: joined.json.id, status: "removed" });
    const [row] = await db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.id, joined.json.id as number));
    expect(row!.status).toBe("removed");
    expect(row!.removedAt).not.toBeNull();

    const twice = await call(path, { method: "DELETE" });
    expect([twice.status, twice.json.code]).toEqual([409, "entry_closed"]);
    const unknown = await call(`/events/${event.id}/waiting-list/999999999`, { method: "DELETE" });
    expect([unknown.status, unknown.json.code]).toEqual([404, "entry_not_found"]);
  });
});

describe("the switches through the existing calls", () => {
  it("turns a ticket's list on, refuses one on an add-on, and sets the offers' hold time", async () => {
    const ticket = await insertTicket(db, world.event, { title: "Balcon" });
    const on = await call(`/events/${world.event.id}/tickets/${ticket.id}`, {
      method: "PUT",
      body: { waiting_list: true },
    });
    expect([on.status, on.json.waiting_list]).toEqual([200, true]);
    const addon = await call(`/events/${world.event.id}/tickets`, {
      method: "POST",
      body: { title: "Vestiaire", ticket_type: "addon", waiting_list: true },
    });
    expect([addon.status, addon.json.fields]).toEqual([400, { waiting_list: "waiting_list_addon" }]);

    const settings = await call(`/events/${world.event.id}/settings`, {
      method: "PUT",
      body: { waiting_list_hold_hours: 48 },
    });
    expect([settings.status, settings.json.waiting_list_hold_hours]).toEqual([200, 48]);
    const refused = await call(`/events/${world.event.id}/settings`, {
      method: "PUT",
      body: { waiting_list_hold_hours: 200 },
    });
    expect([refused.status, refused.json.fields]).toEqual([
      400,
      { waiting_list_hold_hours: "waiting_list_hold_hours_invalid" },
    ]);
    const event = await call(`/events/${world.event.id}`);
    expect(event.json.waiting_list_hold_hours).toBe(48);
  });
});
