import { searchTextOf } from "./word-start";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { placeManualOrders } from "../manual-orders/place-manual-orders";
import { importParticipants } from "../participant-import/import-participants";
import { anonymiseEndedEvents } from "../privacy/anonymise-ended-events";
import { rebuildSalesFigures } from "../sales-figures/rebuild-sales-figures";
import { transferOrderParticipant } from "../self-service/transfer-order-participant";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { deleteParticipant } from "./delete-participant";
import {
  countQuery,
  listParticipants,
  orderNumberOf,
  participantRowsQuery,
  SEARCH_COUNT_CAP,
} from "./list-participants";
import { OVERFLOW_TOKEN, searchTokenKeys, searchTokensOf } from "./search-tokens";
import { matchesWordStart, searchWords } from "./word-start";
import { updateParticipant } from "./update-participant";

/*
 * Issue 31 §4, decisions 0069 and 0074: the token table follows every write through the triggers of migration 0038,
 * and the search read from it gives exactly the rows its rule gives over every row (each typed word at a word's
 * start; plus an order's rows for its number).
 */

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;

const env = { ENVIRONMENT: "test", SESSION_SECRET: "search-tokens-secret-0123456789abcdef" };

// Shared substrings, accents, a long email, LIKE's wildcards, a quote, a backslash, digits.
const people = [
  ["Jean", "Dupont", "jean.dupont@exemple.test"],
  ["Marie", "Dupond", "marie@dupond.test"],
  ["Élodie", "Martin", "elodie.martin@exemple.test"],
  ["Ma", "Li", "ma.li@exemple.test"],
  ["Paul", "O'Neil", 'paul"quote@exemple.test'],
  ["Zoé", "100%_Sure", "zoe_100@exemple.test"],
  ["Jean-Pierre", "Dupontel", "jp@exemple.test"],
  ["Anne-Sophie", "de La Rochefoucauld", "anne-sophie.de-la-rochefoucauld-12345@tres-long-domaine.test"],
  ["Øyvind", "Straße", "back\\slash@exemple.test"],
  ["Chloé", "Müller", "chloe.muller2024@exemple.test"],
  ["Lina", "Legrand", "lina.legrand@exemple.test"],
  ["Line", "Legrandin", "l.legrandin@exemple.test"],
  ["Jeanne", "Lalina", "jeanne..lalina@exemple.test"],
  // More than 20 words once separators are spaces: no pair tokens, the overflow mark instead.
  ["Maria", "de los Angeles Garcia y Lopez de la Vega", "m.a.r.i.a.g.a.r.c.i.a.legrand.del.mar@exemple.test"],
] as const;

const expectedTokens = searchTokensOf;

/** Every token row of the event equals the tokens of its participants' current search text, and no more. */
async function expectTokensInSync(eventId: number) {
  const rows = await test.db
    .select({ id: schema.participants.id, text: schema.participants.searchText })
    .from(schema.participants)
    .where(eq(schema.participants.eventId, eventId));
  const expected = rows.flatMap((row) => expectedTokens(row.text).map((token) => `${row.id} ${token}`)).sort();
  const stored = await test.db
    .select({ id: schema.participantSearchTokens.participantId, token: schema.participantSearchTokens.token })
    .from(schema.participantSearchTokens)
    .where(eq(schema.participantSearchTokens.eventId, eventId));
  expect(stored.map((row) => `${row.id} ${row.token}`).sort()).toEqual(expected);
}

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

/** An event with one free ticket and `copies` participants of each person, in orders of three places. */
async function eventWithPeople(copies: number, values: Partial<typeof schema.events.$inferInsert> = {}) {
  const event = await insertEvent(test.db, world.organization.id, {
    title: "Recherche",
    endAt: new Date("2020-01-02T00:00:00Z"),
    ...values,
  });
  const ticket = await insertTicket(test.db, event, { title: "Gratuit", price: 0 });
  const total = people.length * copies;
  const orders: Awaited<ReturnType<typeof insertOrder>>[] = [];
  for (let placed = 0; placed < total; placed += 3) {
    orders.push(
      await insertOrder(test.db, event, { status: "paid", places: [{ ticket, count: Math.min(3, total - placed) }] }),
    );
  }
  const rows = orders.flatMap((order) => order.participants);
  for (const [i, participant] of rows.entries()) {
    const [first, last, email] = people[i % people.length]!;
    await test.db
      .update(schema.participants)
      .set({
        firstName: first,
        lastName: last,
        email,
        searchText: searchTextOf({ firstName: first, lastName: last, email }),
      })
      .where(eq(schema.participants.id, participant.id));
  }
  return { event, ticket, orders, rows };
}

/** The search's rule, from all the event's rows in JS: every word at a word's start of search_text (decision 0074). */
async function expectedIds(eventId: number, search: string) {
  const rows = await test.db
    .select({
      id: schema.participants.id,
      text: schema.participants.searchText,
      orderId: schema.participants.orderId,
    })
    .from(schema.participants)
    .where(eq(schema.participants.eventId, eventId));
  const words = searchWords(search);
  const orderNumber = orderNumberOf(search);
  return rows
    .filter((row) => words.every((word) => matchesWordStart(row.text, word)) || row.orderId === orderNumber)
    .map((row) => row.id)
    .sort((a, b) => b - a);
}

const searches = [
  "dupont",
  "DUPON",
  "upon",
  "Élodie",
  "ELODIE",
  "élo",
  "lodie martin",
  "jean dupont",
  "ma li",
  "ma",
  "li",
  "@exemple.test",
  "xemple",
  "dupont@",
  'l"quote',
  "paul quote",
  "o'neil",
  "100%_",
  "_100@",
  "%",
  "jean-pierre",
  "rochefoucauld-12345@tres-long",
  "anne-sophie.de-la-rochefoucauld-12345@tres-long-domaine.test",
  "ochefoucauld-12345@tres",
  "straße",
  "øyvind",
  "k\\sla",
  "Müller",
  "muller2024",
  "2024",
  "123",
  "12345",
  "nobody",
  "ab cd ef gh ij kl",
  "  dupont   jean  ",
  "lina legrand",
  "legrand lina",
  "lin legrand",
  "lina legr",
  "lina linares",
  "lin lina",
  "legrand",
  "legrandin",
  "lalina",
  "legrand exemple",
  "lina.legrand@exemple.test",
  "l.legrandin@",
  "@exemple",
  ".lalina",
  "maria legrand",
  "garcia vega",
  "lopez legrand",
  "mar legrand",
];

describe("the participants search from its tokens (decisions 0069, 0074)", () => {
  it("gives the rows and totals of the full scan for every search, on every path (token, rarest word, common)", async () => {
    const { event, orders } = await eventWithPeople(3);
    const owner = world.actors.owner;
    // Maria's text has more than 20 words: « maria legrand » finds her through the overflow mark, not a pair.
    const marked = await test.db
      .select({ id: schema.participantSearchTokens.participantId })
      .from(schema.participantSearchTokens)
      .where(
        and(
          eq(schema.participantSearchTokens.eventId, event.id),
          eq(schema.participantSearchTokens.token, OVERFLOW_TOKEN),
        ),
      );
    expect(marked).toHaveLength(3);
    const orderNumbers = [String(orders[0]!.order.id), `#${orders[2]!.order.id}`, String(orders[4]!.order.id)];
    // The defaults: the longest word's tokens. Fewer candidates: the longest word is common, read again from the
    // rarest's tokens (up to wideCandidates), or, past that too, the page from the rows and the count from the tokens.
    const paths = [{}, { candidates: 2 }, { candidates: 2, wideCandidates: 3 }, { candidates: 1, wideCandidates: 1 }];
    for (const path of paths) {
      const candidates = JSON.stringify(path);
      for (const search of [...searches, ...orderNumbers]) {
        const expected = await expectedIds(event.id, search);
        const page = await listParticipants(test.db, owner, {
          eventId: event.id,
          offset: 0,
          limit: 100,
          sort: null,
          search,
          ...path,
        });
        expect(
          page.rows.map((row) => row.id),
          `${search} (${candidates})`,
        ).toEqual(expected);
        expect(page.total, search).toBe(expected.length);
        expect(page.totalCapped).toBe(false);
        const byName = await listParticipants(test.db, owner, {
          eventId: event.id,
          offset: 2,
          limit: 3,
          sort: { id: "name", desc: false },
          search,
          ...path,
        });
        expect(byName.total, search).toBe(expected.length);
        expect(byName.rows.length, search).toBe(Math.max(0, Math.min(3, expected.length - 2)));
      }
    }
    // A deep page (offset ≥ 500) reads the count first: the same rows.
    const deep = await listParticipants(test.db, owner, {
      eventId: event.id,
      offset: 600,
      limit: 10,
      sort: null,
      search: "dupont",
    });
    expect(deep).toMatchObject({ rows: [], total: (await expectedIds(event.id, "dupont")).length });
  });

  it("an order number finds the order's participants through its index, and its digits in the text too", async () => {
    const { event, orders } = await eventWithPeople(1);
    const owner = world.actors.owner;
    const order = orders[1]!;
    const page = await listParticipants(test.db, owner, {
      eventId: event.id,
      offset: 0,
      limit: 50,
      sort: null,
      search: String(order.order.id),
    });
    expect(page.rows.map((row) => row.orderId)).toEqual(expect.arrayContaining([order.order.id]));
    expect(page.rows.filter((row) => row.orderId === order.order.id).length).toBe(order.participants.length);
    const digits = await listParticipants(test.db, owner, {
      eventId: event.id,
      offset: 0,
      limit: 50,
      sort: null,
      search: "12345",
    });
    expect(digits.rows.map((row) => row.email)).toContain(people[7][2]);
  });

  it("keeps the tokens with every write: insert, edit, transfer, manual order, import, delete, anonymisation", async () => {
    const start = new Date(Date.now() + 30 * 86_400_000);
    const { event, ticket, orders } = await eventWithPeople(1, {
      status: "published",
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
    });
    const owner = world.actors.owner;
    const list = (search: string) =>
      listParticipants(test.db, owner, { eventId: event.id, offset: 0, limit: 100, sort: null, search });
    await expectTokensInSync(event.id);

    // Insert (the fixture's rows, then an edit of their text as above).
    await insertOrder(test.db, event, { status: "paid", places: [{ ticket, count: 2 }] });
    await expectTokensInSync(event.id);

    // The organizer's edit: the old name is gone from the tokens, the new one is there.
    const [jean] = (await list("jean.dupont")).rows;
    await updateParticipant(test.db, owner, {
      participantId: jean!.id,
      changes: { first_name: "Gaston", last_name: "Lagaffe", email: "gaston@spirou.test" },
    });
    await expectTokensInSync(event.id);
    expect((await list("jean.dupont")).total).toBe(0);
    expect((await list("lagaffe")).rows.map((row) => row.id)).toEqual([jean!.id]);
    expect((await list("spirou")).rows.map((row) => row.id)).toEqual([jean!.id]);

    // The buyer's transfer of a ticket to someone else (self-service, issue 28).
    const order = orders[1]!;
    const moved = order.participants[0]!;
    await transferOrderParticipant(test.db, env, {
      orderId: order.order.id,
      token: order.order.accessToken,
      participantId: moved.id,
      body: { first_name: "Inès", last_name: "Moreau", email: "ines.moreau@exemple.test" },
      now: Date.now(),
    });
    await expectTokensInSync(event.id);
    expect((await list("ines moreau")).rows.map((row) => row.id)).toEqual([moved.id]);
    expect((await list("Inès")).rows.map((row) => row.id)).toEqual([moved.id]);

    // A manual order and a CSV import.
    await placeManualOrders(test.db, owner, {
      eventId: event.id,
      orders: [
        {
          buyer: { firstName: "Haddock", lastName: "Archibald", email: "capitaine@moulinsart.test" },
          participants: [
            { ticketId: ticket.id, firstName: "Archibald", lastName: "Haddock", email: "capitaine@moulinsart.test" },
          ],
        },
      ],
      sendEmail: false,
    });
    const imported = await importParticipants(test.db, owner, {
      eventId: event.id,
      records: [
        ["Tryphon", "Tournesol", "tryphon@moulinsart.test", String(ticket.id), "2"],
        ["Bianca", "Castafiore", "bianca@scala.test", String(ticket.id), "1"],
      ],
      sendEmail: false,
    });
    expect(imported.errors).toEqual([]);
    await expectTokensInSync(event.id);
    expect((await list("moulinsart")).total).toBe(3);
    expect((await list("castafiore scala")).total).toBe(1);

    // Delete: the row's tokens go with it.
    await deleteParticipant(test.db, owner, { participantId: jean!.id });
    await expectTokensInSync(event.id);
    expect((await list("lagaffe")).total).toBe(0);

    // Anonymisation of the ended event: no token is left, nothing is found by name.
    await test.db
      .update(schema.events)
      .set({ startAt: new Date("2020-01-01T00:00:00Z"), endAt: new Date("2020-01-02T00:00:00Z") })
      .where(eq(schema.events.id, event.id));
    await anonymiseEndedEvents(test.db, owner, {
      organizationId: world.organization.id,
      now: new Date("2040-01-01T00:00:00Z"),
    });
    await expectTokensInSync(event.id);
    const left = await test.db
      .select({ n: sql<number>`count(*)` })
      .from(schema.participantSearchTokens)
      .where(eq(schema.participantSearchTokens.eventId, event.id));
    expect(left[0]!.n).toBe(0);
    expect((await list("moulinsart")).total).toBe(0);
  });

  it("reads the longest typed word's tokens from the (event, token) key and the participants by id, no scan", async () => {
    const { event } = await eventWithPeople(1);
    const plan = async (query: { getSQL(): ReturnType<typeof sql> }) =>
      (await test.db.all<{ detail: string }>(sql`explain query plan ${query.getSQL()}`)).map((row) =>
        String(row.detail),
      );
    expect(searchTokenKeys(searchWords("jean jean.dupont@exemple.test du"))).toEqual(["jean.dupont@exem", "jean"]);
    expect(searchTokenKeys(searchWords("Lina Legrand"))).toEqual([" lin legrand", "legrand", "lina"]);
    expect(searchTokenKeys(searchWords("lina linares"))).toEqual(["linares", "lina"]);
    const filters = { search: "jean jean.dupont@exemple.test", tokens: { key: "jean.dupont@exem", limit: 5000 } };
    const now = Date.now();
    const rows = (
      await plan(participantRowsQuery(test.db, event, { ...filters, offset: 0, limit: 10, sort: null, now }))
    ).join("\n");
    const counted = (await plan(countQuery(test.db, event, filters, now))).join("\n");
    for (const detail of [rows, counted]) {
      expect(detail).toMatch(
        /SEARCH participant_search_tokens USING COVERING INDEX sqlite_autoindex_participant_search_tokens_1 \(event_id=\? AND token>\? AND token<\?\)/,
      );
      expect(detail).toMatch(/SEARCH participants USING (COVERING )?INDEX participants_event_scope_idx \(.*id=\?\)/);
      expect(detail).not.toMatch(/SCAN participants/);
    }
    // A name of two words: the entries of its pair and the rows too long for pairs, from the same key.
    const pair = { search: "lina legrand", tokens: { key: " lin legrand", limit: 5000 } };
    for (const query of [
      participantRowsQuery(test.db, event, { ...pair, offset: 0, limit: 10, sort: null, now }),
      countQuery(test.db, event, pair, now),
    ]) {
      const detail = (await plan(query)).join("\n");
      expect(detail).toMatch(
        /SEARCH participant_search_tokens USING COVERING INDEX sqlite_autoindex_participant_search_tokens_1 \(event_id=\? AND token>\? AND token<\?\)/,
      );
      expect(detail).toMatch(
        /SEARCH participant_search_tokens USING COVERING INDEX sqlite_autoindex_participant_search_tokens_1 \(event_id=\? AND token=\?\)/,
      );
      expect(detail).not.toMatch(/SCAN participants/);
    }
    // An order number: its token entries and the order's rows, one list driving the rows (no OR over every row).
    const digits = { search: "4242", tokens: { key: "4242", limit: 5000 } };
    for (const query of [
      participantRowsQuery(test.db, event, { ...digits, offset: 0, limit: 10, sort: null, now }),
      countQuery(test.db, event, digits, now),
    ]) {
      const detail = (await plan(query)).join("\n");
      expect(detail).toMatch(/SEARCH order_rows USING COVERING INDEX participants_order_idx \(order_id=\?\)/);
      expect(detail).toMatch(/SEARCH participants USING (COVERING )?INDEX participants_event_scope_idx \(.*id=\?\)/);
      expect(detail).not.toMatch(/SCAN participants/);
    }
  });

  it("counts a common word up to 10,001 rows: « plus de 10 000 »", async () => {
    const event = await insertEvent(test.db, world.organization.id, { title: "Foule" });
    const ticket = await insertTicket(test.db, event, { title: "Gratuit", price: 0 });
    const { order } = await insertOrder(test.db, event, { status: "paid", places: [{ ticket, count: 1 }] });
    const many = SEARCH_COUNT_CAP + 50;
    await test.db
      .run(sql`insert into participants (organization_id, event_id, order_id, ticket_id, first_name, last_name,
      email, search_text, ticket_title, ticket_type, price, access_token, created_at, updated_at)
      select ${event.organizationId}, ${event.id}, ${order.id}, ${ticket.id}, 'Jean', 'Dupont', 'jean' || value || '@exemple.test',
        'jean dupont jean' || value || '@exemple.test', 'Gratuit', 'ticket', 0, 'tok-' || value, 0, 0
      from generate_series(1, ${many})`);
    // Written past the domain, as the seeder writes: the kept figures are rebuilt from the rows, as it does.
    await rebuildSalesFigures(test.db, { eventId: event.id });
    const owner = world.actors.owner;
    for (const search of ["dupont", "jean dupont"]) {
      const page = await listParticipants(test.db, owner, {
        eventId: event.id,
        offset: 0,
        limit: 10,
        sort: null,
        search,
      });
      expect(page.total).toBe(SEARCH_COUNT_CAP + 1);
      expect(page.totalCapped).toBe(true);
      expect(page.rows).toHaveLength(10);
    }
    // A deep page of a capped search reads forward (no last page to count back from), on every path.
    for (const path of [{}, { candidates: 1, wideCandidates: 1 }]) {
      const deep = await listParticipants(test.db, owner, {
        eventId: event.id,
        offset: 600,
        limit: 10,
        sort: null,
        search: "dupont",
        ...path,
      });
      expect(deep).toMatchObject({ total: SEARCH_COUNT_CAP + 1, totalCapped: true });
      const ids = deep.rows.map((row) => row.id);
      expect(ids).toHaveLength(10);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    }
    const rare = await listParticipants(test.db, owner, {
      eventId: event.id,
      offset: 0,
      limit: 10,
      sort: null,
      search: "jean777@",
    });
    expect(rare).toMatchObject({ total: 1, totalCapped: false });
    // Unfiltered, the kept count stays exact.
    const all = await listParticipants(test.db, owner, { eventId: event.id, offset: 0, limit: 10, sort: null });
    expect(all).toMatchObject({ total: many + 1, totalCapped: false });
  });
});
