import { eq } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, tickets, waitingListEntries } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEventsWorld, insertHold, insertTicket } from "../../tests/support/fixtures";
import { eventSettingsSchema } from "../events/event-input-schema";
import { updateEventSettings } from "../events/update-event-settings";
import { isAppError } from "../shared/app-error";
import { planTicket } from "../tickets/plan-ticket";
import { getWaitingListEntry } from "./get-waiting-list-entry";
import { joinWaitingList } from "./join-waiting-list";
import { joinWaitingListSchema, type JoinWaitingListInput } from "./join-waiting-list-schema";
import { leaveWaitingList } from "./leave-waiting-list";
import { listWaitingListEntries, readWaitingListSummary } from "./list-waiting-list-entries";
import { removeWaitingListEntry } from "./remove-waiting-list-entry";

const env = {
  ENVIRONMENT: "test",
  SESSION_SECRET: "waiting-list-secret-0123456789abcdef",
  APP_URL: "https://guichet.test",
};
const NOW = new Date("2027-03-01T10:00:00.000Z");
// Saturday 17 April 2027, 20:00 in Paris.
const START = new Date("2027-04-17T18:00:00.000Z");

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let eventId: number;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, key: error.messageKey, fields: error.fields ?? {} };
    throw error;
  }
  throw new Error("expected a refusal");
}

function join(ticketId: number, values: Partial<Record<string, unknown>> = {}): JoinWaitingListInput {
  return v.parse(joinWaitingListSchema, {
    ticket_id: ticketId,
    first_name: "Léa",
    last_name: "Martin",
    email: "lea.martin@exemple.test",
    quantity: 1,
    consent: true,
    ...values,
  });
}

const joinAs = (ticketId: number, values: Partial<Record<string, unknown>> = {}, now = NOW) =>
  joinWaitingList(test.db, { env }, { eventId, join: join(ticketId, values), now });

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
  eventId = world.event.id;
  await test.db
    .update(events)
    .set({ status: "published", startAt: START, timezone: "Europe/Paris" })
    .where(eq(events.id, eventId));
});

afterAll(() => test.close());

describe("joining a waiting list", () => {
  it("refuses while places are left, and when the ticket's list is off", async () => {
    const open = await insertTicket(test.db, world.event, { amount: 2, purchased: 1, waitingList: true });
    expect(await refusal(joinAs(open.id))).toEqual({
      code: "conflict",
      key: "waiting-list:errors.places-left",
      fields: {},
    });
    const off = await insertTicket(test.db, world.event, { amount: 1, purchased: 1, waitingList: false });
    expect(await refusal(joinAs(off.id))).toEqual({
      code: "conflict",
      key: "waiting-list:errors.list-closed",
      fields: {},
    });
  });

  it("takes unexpired holds as taken places, as the booking does", async () => {
    const ticket = await insertTicket(test.db, world.event, { amount: 2, purchased: 1, waitingList: true });
    await insertHold(test.db, ticket, 1, new Date(NOW.getTime() + 60_000));
    const joined = await joinAs(ticket.id, { email: "held@exemple.test" });
    expect(joined.position).toBe(1);
    // Once the hold has run out, the place is back on sale: nobody joins.
    const other = await insertTicket(test.db, world.event, { amount: 2, purchased: 1, waitingList: true });
    await insertHold(test.db, other, 1, new Date(NOW.getTime() - 60_000));
    expect((await refusal(joinAs(other.id))).key).toBe("waiting-list:errors.places-left");
  });

  it("numbers the line, refuses a second open entry for the same email and a quantity over the maximum", async () => {
    const ticket = await insertTicket(test.db, world.event, {
      amount: 1,
      purchased: 1,
      maxPerOrder: 2,
      waitingList: true,
    });
    const first = await joinAs(ticket.id, { email: "premiere@exemple.test", quantity: 2 });
    const second = await joinAs(ticket.id, { email: "deuxieme@exemple.test" });
    expect([first.position, second.position]).toEqual([1, 2]);
    expect(first.status).toBe("waiting");

    expect(await refusal(joinAs(ticket.id, { email: "Premiere@Exemple.test" }))).toEqual({
      code: "conflict",
      key: "waiting-list:errors.already-joined",
      fields: { email: "waiting-list:errors.already-joined" },
    });
    expect(await refusal(joinAs(ticket.id, { email: "trois@exemple.test", quantity: 3 }))).toEqual({
      code: "validation",
      key: "waiting-list:errors.invalid-input",
      fields: { quantity: "booking:errors.max-per-order" },
    });

    const rows = await test.db.select().from(waitingListEntries).where(eq(waitingListEntries.ticketId, ticket.id));
    expect(rows.map((row) => [row.email, row.quantity, row.status, row.consentAt.getTime()])).toEqual([
      ["premiere@exemple.test", 2, "waiting", NOW.getTime()],
      ["deuxieme@exemple.test", 1, "waiting", NOW.getTime()],
    ]);

    // Leaving frees the email for a new entry, at the end of the line.
    await leaveWaitingList(test.db, { token: rows[0]!.accessToken });
    expect((await getWaitingListEntry(test.db, { token: rows[1]!.accessToken }))?.position).toBe(1);
    const again = await joinAs(ticket.id, { email: "premiere@exemple.test" });
    expect(again.position).toBe(2);
  });

  it("lets people join behind those waiting even when places came back", async () => {
    const ticket = await insertTicket(test.db, world.event, { amount: 1, purchased: 1, waitingList: true });
    await joinAs(ticket.id, { email: "a@exemple.test" });
    await test.db.update(tickets).set({ amount: 5 }).where(eq(tickets.id, ticket.id));
    expect((await joinAs(ticket.id, { email: "b@exemple.test" })).position).toBe(2);
  });

  it("refuses add-ons, hidden tickets and unpublished events", async () => {
    const addon = await insertTicket(test.db, world.event, {
      ticketType: "addon",
      amount: 1,
      purchased: 1,
      waitingList: true,
    });
    expect((await refusal(joinAs(addon.id))).fields).toEqual({ ticket_id: "booking:errors.unknown-ticket" });
    const hidden = await insertTicket(test.db, world.event, {
      amount: 1,
      purchased: 1,
      waitingList: true,
      visibility: "hidden",
    });
    expect((await refusal(joinAs(hidden.id))).fields).toEqual({ ticket_id: "booking:errors.unknown-ticket" });
    const draftTicket = await insertTicket(test.db, world.foreignEvent, { amount: 1, purchased: 1, waitingList: true });
    expect(
      await refusal(joinWaitingList(test.db, { env }, { eventId: world.foreignEvent.id, join: join(draftTicket.id) })),
    ).toEqual({ code: "not_found", key: "public-event:not-found.title", fields: {} });
  });

  it("closes the list once the event has started", async () => {
    const ticket = await insertTicket(test.db, world.event, { amount: 1, purchased: 1, waitingList: true });
    expect((await refusal(joinAs(ticket.id, {}, new Date(START.getTime() + 1)))).key).toBe(
      "waiting-list:errors.list-closed",
    );
  });

  it("emails the place in line and the personal link, in the person's language", async () => {
    const ticket = await insertTicket(test.db, world.event, {
      title: "Fosse",
      amount: 1,
      purchased: 1,
      waitingList: true,
    });
    await joinAs(ticket.id, { email: "fr@exemple.test" });
    const joined = await joinAs(ticket.id, { email: "en@exemple.test", locale: "en-GB", first_name: "Sam" });
    const [row] = await test.db.select().from(waitingListEntries).where(eq(waitingListEntries.id, joined.id));
    expect(row!.locale).toBe("en");
    expect(joined.email.to).toBe("en@exemple.test");
    expect(joined.email.subject).toBe("You are on the waiting list: Concert de printemps");
    expect(joined.email.text).toContain("Hello Sam,");
    expect(joined.email.text).toContain("Your place in line: 2");
    expect(joined.email.text).toContain("Number of places asked for: 1");
    expect(joined.email.text).toContain(`https://guichet.test/waiting-list/${row!.accessToken}`);
    expect(joined.email.html).toContain(`href="https://guichet.test/waiting-list/${row!.accessToken}"`);
    expect(joined.email.idempotencyKey).toBe(`waiting-list-joined:${joined.id}`);

    const french = await joinAs(ticket.id, { email: "troisieme@exemple.test" });
    expect(french.email.subject).toBe("Vous êtes sur la liste d'attente : Concert de printemps");
    expect(french.email.text).toContain("Votre place dans la file : 3");
    expect(french.email.text).toContain("Date de l'événement : sam. 17 avr. 2027");
  });

  it("asks for the consent box and the booking form's fields", () => {
    const result = v.safeParse(joinWaitingListSchema, {
      ticket_id: 1,
      first_name: " ",
      last_name: "Martin",
      email: "pas-un-email",
      quantity: 0,
      consent: false,
    });
    expect(result.success).toBe(false);
    expect(Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]))).toEqual({
      first_name: "booking:errors.first-name-required",
      email: "errors:email-invalid",
      quantity: "booking:errors.quantity-invalid",
      consent: "waiting-list:errors.consent-required",
    });
    expect(v.parse(joinWaitingListSchema, { ...baseForm, consent: "on", quantity: "2" })).toMatchObject({
      quantity: 2,
      locale: "fr",
    });
  });
});

const baseForm = { ticket_id: "4", first_name: "Léa", last_name: "Martin", email: "LEA@exemple.test" };

describe("the organizer's waiting list", () => {
  let ticketId: number;

  beforeAll(async () => {
    const ticket = await insertTicket(test.db, world.event, {
      title: "Balcon",
      amount: 1,
      purchased: 1,
      maxPerOrder: 4,
      waitingList: true,
    });
    ticketId = ticket.id;
    await joinAs(ticketId, { email: "zoe@liste.test", first_name: "Zoé", last_name: "Bernard", quantity: 2 });
    await joinAs(ticketId, { email: "yann@liste.test", first_name: "Yann", last_name: "Petit" });
    await joinAs(ticketId, { email: "xavier@liste.test", first_name: "Xavier", last_name: "Roux", quantity: 3 });
  });

  const balcony = <T extends { ticketTitle: string }>(rows: T[]) => rows.filter((row) => row.ticketTitle === "Balcon");

  it("shows each person's place, searched by email or name prefix, to those who see sales", async () => {
    const page = await listWaitingListEntries(test.db, world.actors.manager, {
      eventId,
      offset: 0,
      limit: 50,
      sort: null,
      search: "",
    });
    expect(balcony(page.rows).map((row) => [row.position, row.firstName, row.email, row.quantity, row.status])).toEqual(
      [
        [1, "Zoé", "zoe@liste.test", 2, "waiting"],
        [2, "Yann", "yann@liste.test", 1, "waiting"],
        [3, "Xavier", "xavier@liste.test", 3, "waiting"],
      ],
    );
    expect(page.canManage).toBe(true);
    expect(page.tickets.find((ticket) => ticket.id === ticketId)).toEqual({
      id: ticketId,
      title: "Balcon",
      waitingList: true,
      open: 3,
    });

    const byEmail = await listWaitingListEntries(test.db, world.actors.guestManager, {
      eventId,
      offset: 0,
      limit: 10,
      sort: { id: "quantity", desc: true },
      search: "yann@",
    });
    expect(byEmail.rows.map((row) => row.email)).toEqual(["yann@liste.test"]);
    expect(byEmail.total).toBe(1);
    const byName = await listWaitingListEntries(test.db, world.actors.owner, {
      eventId,
      offset: 0,
      limit: 10,
      sort: null,
      search: "xavier r",
    });
    expect(byName.rows.map((row) => row.lastName)).toEqual(["Roux"]);

    for (const actor of [world.actors.guestValidator, world.actors.guestNone, world.actors.foreignOwner]) {
      expect(
        (await refusal(listWaitingListEntries(test.db, actor, { eventId, offset: 0, limit: 10, sort: null }))).code,
      ).toBe("not_found");
    }
  });

  it("removes someone: the line closes up, the entry stays as removed", async () => {
    const before = await listWaitingListEntries(test.db, world.actors.admin, {
      eventId,
      offset: 0,
      limit: 50,
      sort: null,
      search: "zoe@",
    });
    const zoe = before.rows[0]!;
    for (const actor of [world.actors.guestValidator, world.actors.foreignOwner]) {
      expect((await refusal(removeWaitingListEntry(test.db, actor, { eventId, entryId: zoe.id }))).code).toBe(
        "not_found",
      );
    }
    expect(await removeWaitingListEntry(test.db, world.actors.manager, { eventId, entryId: zoe.id, now: NOW })).toEqual(
      { id: zoe.id, status: "removed", previousStatus: "waiting", ticketId, eventId },
    );
    expect(await refusal(removeWaitingListEntry(test.db, world.actors.manager, { eventId, entryId: zoe.id }))).toEqual({
      code: "conflict",
      key: "waiting-list:errors.entry-closed",
      fields: {},
    });
    // Another event's entry id is not found through this event.
    expect(
      (
        await refusal(
          removeWaitingListEntry(test.db, world.actors.foreignOwner, {
            eventId: world.foreignEvent.id,
            entryId: zoe.id,
          }),
        )
      ).code,
    ).toBe("not_found");

    const after = await listWaitingListEntries(test.db, world.actors.owner, {
      eventId,
      offset: 0,
      limit: 50,
      sort: { id: "name", desc: false },
      search: "",
      statuses: ["waiting", "removed"],
    });
    expect(balcony(after.rows).map((row) => [row.lastName, row.position, row.status])).toEqual([
      ["Bernard", null, "removed"],
      ["Petit", 1, "waiting"],
      ["Roux", 2, "waiting"],
    ]);
    const summary = await readWaitingListSummary(test.db, world.event);
    expect(summary.enabled).toBe(true);
    const listed = await listWaitingListEntries(test.db, world.actors.owner, {
      eventId,
      offset: 0,
      limit: 1,
      sort: null,
    });
    expect(summary.open).toBe(listed.tickets.reduce((sum, ticket) => sum + ticket.open, 0));
    expect(listed.tickets.find((ticket) => ticket.id === ticketId)?.open).toBe(2);
  });

  it("shows the person their entry, and lets them leave while in line", async () => {
    const [yann] = await test.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.email, "yann@liste.test"));
    const view = await getWaitingListEntry(test.db, { token: yann!.accessToken });
    expect(view).toMatchObject({
      status: "waiting",
      firstName: "Yann",
      quantity: 1,
      position: 1,
      offerExpiresAt: null,
      ticketTitle: "Balcon",
      event: { id: eventId, title: "Concert de printemps", timezone: "Europe/Paris", startAt: START.getTime() },
    });
    expect(await getWaitingListEntry(test.db, { token: "inconnu" })).toBeNull();
    await leaveWaitingList(test.db, { token: yann!.accessToken, now: NOW });
    expect(await getWaitingListEntry(test.db, { token: yann!.accessToken })).toMatchObject({
      status: "removed",
      position: null,
    });
    // Leaving again answers the same; a booked entry is no longer the person's to leave.
    expect(await leaveWaitingList(test.db, { token: yann!.accessToken })).toMatchObject({
      status: "removed",
      previousStatus: "removed",
    });
    const [xavier] = await test.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.email, "xavier@liste.test"));
    await test.db.update(waitingListEntries).set({ status: "booked" }).where(eq(waitingListEntries.id, xavier!.id));
    expect(await refusal(leaveWaitingList(test.db, { token: xavier!.accessToken }))).toEqual({
      code: "conflict",
      key: "waiting-list:errors.entry-closed",
      fields: {},
    });
    expect((await refusal(leaveWaitingList(test.db, { token: "inconnu" }))).code).toBe("not_found");
  });
});

describe("the switches", () => {
  it("keeps the list to tickets: an add-on cannot have one, a ticket turned add-on loses it", () => {
    expect(() => planTicket(null, { title: "Vestiaire", ticketType: "addon", waitingList: true })).toThrow(
      expect.objectContaining({ fields: { waiting_list: "tickets:errors.waiting-list-addon" } }),
    );
    const stored = {
      title: "Fosse",
      amount: 10,
      purchased: 0,
      sellStartAt: null,
      sellEndAt: null,
      minPerOrder: 1,
      maxPerOrder: 10,
      ticketType: "ticket" as const,
      waitingList: true,
    };
    expect(planTicket(stored, { ticketType: "addon" })).toEqual({ ticketType: "addon", waitingList: false });
    expect(planTicket(stored, { waitingList: false })).toEqual({ waitingList: false });
    expect(planTicket(null, { title: "Fosse" }).waitingList).toBe(false);
  });

  it("stores the offers' hold time between 1 and 168 hours", async () => {
    expect(v.parse(eventSettingsSchema, { waiting_list_hold_hours: "48" })).toEqual({ waitingListHoldHours: 48 });
    for (const hours of [0, 169, 1.5, "douze"]) {
      const result = v.safeParse(eventSettingsSchema, { waiting_list_hold_hours: hours });
      expect(result.issues?.[0]?.message).toBe("events:errors.waiting-list-hold-hours-invalid");
    }
    const saved = await updateEventSettings(test.db, world.actors.owner, { eventId, waitingListHoldHours: 72 });
    expect(saved.waitingListHoldHours).toBe(72);
    expect(
      (await refusal(updateEventSettings(test.db, world.actors.guestValidator, { eventId, waitingListHoldHours: 5 })))
        .code,
    ).toBe("not_found");
  });
});
