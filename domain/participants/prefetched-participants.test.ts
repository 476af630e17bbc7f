import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { createSession, memberSessionGuardOf, validateSessionWithOrganizations } from "#domain/auth/sessions";
import { sha256Hex } from "#domain/shared/crypto";
import type { Actor } from "#domain/shared/actor";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { searchTextOf } from "./word-start";
import {
  listParticipants,
  prefetchParticipantsStatements,
  type ListParticipantsInput,
  type PrefetchedParticipants,
} from "./list-participants";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let event: { id: number; organizationId: number };
let withQuestions: { id: number; organizationId: number };
let ticketId: number;
let orderId: number;
const NOW = new Date("2027-03-01T10:00:00Z");

const people = [
  ["Jean", "Dupont", "jean.dupont@exemple.test"],
  ["Marie", "Dupond", "marie@dupond.test"],
  ["Élodie", "Martin", "elodie.martin@exemple.test"],
  ["Jean-Pierre", "Dupontel", "jp@exemple.test"],
] as const;

/** An event of the world's organization with 3 participants of each person, the last order cancelled. */
async function eventWithPeople(title: string) {
  const created = await insertEvent(test.db, world.organization.id, { title });
  const ticket = await insertTicket(test.db, created, { title: "Plein tarif", price: 1500 });
  const paid = await insertOrder(test.db, created, { status: "paid", places: [{ ticket, count: 9 }] });
  const cancelled = await insertOrder(test.db, created, { status: "cancelled", places: [{ ticket, count: 3 }] });
  for (const [i, participant] of [...paid.participants, ...cancelled.participants].entries()) {
    const [firstName, lastName, email] = people[i % people.length]!;
    await test.db
      .update(schema.participants)
      .set({ firstName, lastName, email, searchText: searchTextOf({ firstName, lastName, email }) })
      .where(eq(schema.participants.id, participant.id));
  }
  return { event: created, ticket, orderId: paid.order.id };
}

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
  const plain = await eventWithPeople("Sans questions");
  event = plain.event;
  ticketId = plain.ticket.id;
  orderId = plain.orderId;
  withQuestions = (await eventWithPeople("Avec questions")).event;
  await test.db.insert(schema.participationForms).values({
    organizationId: withQuestions.organizationId,
    eventId: withQuestions.id,
    formType: "before-tickets",
    questions: JSON.stringify([{ id: "q1", title: "Régime", mandatory: false, type: "text", options: [] }]),
  });
});
afterAll(() => test?.close());

type View = Omit<ListParticipantsInput, "eventId">;

/** The page's first reads as the session middleware sends them: in the session's round trip, under its guard. */
async function prefetchThroughSession(actor: Actor, target: { id: number; organizationId: number }, view: View) {
  const { token } = await createSession(test.db, actor.userId, {}, NOW);
  const found = await validateSessionWithOrganizations(test.db, token, NOW, {
    eventId: target.id,
    alongside: {
      organizationId: target.organizationId,
      build: (guard) =>
        prefetchParticipantsStatements(test.db, target, { eventId: target.id, ...view }, NOW.getTime(), guard),
    },
  });
  expect(found).not.toBeNull();
  return found!.alongside!;
}

/** The prefetched results with the page's first row renamed: a page showing the name was read from them. */
function marked(prefetched: PrefetchedParticipants): PrefetchedParticipants {
  const results = [...prefetched.results] as PrefetchedParticipants["results"];
  const page = results[6];
  expect(page?.length).toBeGreaterThan(0);
  results[6] = [{ ...page![0]!, firstName: "Lue-avec-la-session" }, ...page!.slice(1)];
  return { ...prefetched, results };
}

const views: [string, View][] = [
  ["the first page", { offset: 0, limit: 10, sort: null }],
  ["a name", { offset: 0, limit: 10, sort: null, search: "jean dupont" }],
  ["a word start", { offset: 0, limit: 10, sort: null, search: "dup" }],
  ["an email", { offset: 0, limit: 10, sort: null, search: "marie@dupond.test" }],
  ["a sort and a page", { offset: 3, limit: 3, sort: { id: "name", desc: false } }],
  ["order statuses", { offset: 0, limit: 10, sort: null, orderStatuses: ["cancelled"] }],
  ["check-in states", { offset: 0, limit: 10, sort: null, checkIn: ["never"] }],
];

describe("a participants page read with the session (decision 0075)", () => {
  it("gives the page a read of its own gives, for every view and every actor allowed to see it", async () => {
    const allViews: [string, View][] = [
      ...views,
      ["an order number", { offset: 0, limit: 10, sort: null, search: String(orderId) }],
      ["a ticket", { offset: 0, limit: 10, sort: null, ticketIds: [ticketId] }],
      ["a deep page", { offset: 500, limit: 10, sort: null }],
    ];
    for (const actor of [world.actors.owner, world.actors.manager]) {
      for (const [label, view] of allViews) {
        const prefetched = await prefetchThroughSession(actor, event, view);
        const input = { eventId: event.id, ...view, now: NOW.getTime() };
        expect(await listParticipants(test.db, actor, { ...input, prefetched }), label).toEqual(
          await listParticipants(test.db, actor, input),
        );
      }
    }
  });

  it("shows the rows read with the session instead of reading them again", async () => {
    for (const [label, view] of views) {
      const prefetched = marked(await prefetchThroughSession(world.actors.owner, event, view));
      const page = await listParticipants(test.db, world.actors.owner, {
        eventId: event.id,
        ...view,
        now: NOW.getTime(),
        prefetched,
      });
      expect(page.rows[0]?.firstName, label).toBe("Lue-avec-la-session");
    }
  });

  it("reads the page again when the first reads do not fit it: another query, organization or event with questions", async () => {
    const view = views[1]![1];
    const prefetched = marked(await prefetchThroughSession(world.actors.owner, event, view));
    const input = { eventId: event.id, ...view, now: NOW.getTime() };
    const fresh = await listParticipants(test.db, world.actors.owner, input);
    const others: PrefetchedParticipants[] = [
      { ...prefetched, key: JSON.stringify("une autre recherche") },
      { ...prefetched, organizationId: world.foreignOrganization.id },
    ];
    for (const other of others) {
      expect(await listParticipants(test.db, world.actors.owner, { ...input, prefetched: other })).toEqual(fresh);
    }
    // Another search than the one read: its own rows.
    const other = await listParticipants(test.db, world.actors.owner, { ...input, search: "martin", prefetched });
    expect(other.rows.every((row) => row.lastName === "Martin")).toBe(true);
    // The event's form asks a question: the page is read again with the answers.
    const asked = marked(await prefetchThroughSession(world.actors.owner, withQuestions, views[0]![1]));
    const page = await listParticipants(test.db, world.actors.owner, {
      eventId: withQuestions.id,
      ...views[0]![1],
      now: NOW.getTime(),
      prefetched: asked,
    });
    expect(page.answerColumns.length).toBe(1);
    expect(page.rows.some((row) => row.firstName === "Lue-avec-la-session")).toBe(false);
  });

  it("refuses the page to an actor the policy refuses, whatever was read", async () => {
    const prefetched = await prefetchThroughSession(world.actors.guestNone, event, views[0]![1]);
    await expect(
      listParticipants(test.db, world.actors.guestNone, {
        eventId: event.id,
        ...views[0]![1],
        now: NOW.getTime(),
        prefetched,
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("reads no row without a session of a member of the organization, and the page then reads its own", async () => {
    const expired = await createSession(test.db, world.users.owner.id, {}, new Date(NOW.getTime() - 8 * 86_400_000));
    const foreign = await createSession(test.db, world.users.foreignOwner.id, {}, NOW);
    const member = await createSession(test.db, world.users.owner.id, {}, NOW);
    const sessionsOf: [string, string, boolean][] = [
      ["a member's", sha256Hex(member.token), true],
      ["an unknown", sha256Hex("nobody-has-this-token-00000000"), false],
      ["an expired", sha256Hex(expired.token), false],
      ["another organization's member's", sha256Hex(foreign.token), false],
    ];
    for (const [view, input] of views) {
      for (const [label, sessionId, allowed] of sessionsOf) {
        const guard = memberSessionGuardOf(sessionId, event.organizationId, NOW);
        const { statements, finish } = prefetchParticipantsStatements(
          test.db,
          event,
          { eventId: event.id, ...input },
          NOW.getTime(),
          guard,
        );
        const results = await test.db.batch(statements as [(typeof statements)[number]]);
        const prefetched = finish(results);
        const [forms, tickets, dates, quota, probes, [counted], page] = prefetched.results;
        const read = [forms, tickets, dates, quota, probes, page].map((rows) => rows?.length ?? 0);
        if (allowed) {
          // The event's ticket, the organization's quota, the probes' row and the page's rows.
          expect([read[1], read[3], read[4], read[5]], `${label} session, ${view}`).not.toContain(0);
        } else {
          expect(read, `${label} session, ${view}`).toEqual([0, 0, 0, 0, 0, 0]);
          // The count is an aggregate: one row, counting nothing.
          expect(counted?.total, `${label} session, ${view}`).toBe(0);
          const listInput = { eventId: event.id, ...input, now: NOW.getTime() };
          expect(await listParticipants(test.db, world.actors.owner, { ...listInput, prefetched })).toEqual(
            await listParticipants(test.db, world.actors.owner, listInput),
          );
        }
      }
    }
  });
});
