import { searchTextOf } from "./word-start";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { anonymiseEndedEvents } from "../privacy/anonymise-ended-events";
import { importParticipants } from "../participant-import/import-participants";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { deleteParticipant } from "./delete-participant";
import { countQuery, listParticipants, participantRowsQuery } from "./list-participants";
import { updateParticipant } from "./update-participant";
import { matchesWordStart, searchWords } from "./word-start";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;

// Names that share substrings, accents, email punctuation, LIKE's wildcards and a quote.
const people = [
  ["Jean", "Dupont", "jean.dupont@exemple.test"],
  ["Marie", "Dupond", "marie@dupond.test"],
  ["Élodie", "Martin", "elodie.martin@exemple.test"],
  ["Ma", "Li", "ma.li@exemple.test"],
  ["Paul", "O'Neil", 'paul"quote@exemple.test'],
  ["Zoé", "100%_Sure", "zoe_100@exemple.test"],
  ["Jean-Pierre", "Dupontel", "jp@exemple.test"],
] as const;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

/** An event of the world's organization with one free ticket and `copies` participants of each person. */
async function eventWithPeople(copies: number) {
  const event = await insertEvent(test.db, world.organization.id, {
    title: "Recherche",
    endAt: new Date("2020-01-02T00:00:00Z"),
  });
  const ticket = await insertTicket(test.db, event, { title: "Gratuit", price: 0 });
  const { participants } = await insertOrder(test.db, event, {
    status: "paid",
    places: [{ ticket, count: people.length * copies }],
  });
  for (const [i, participant] of participants.entries()) {
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
  return { event, ticket };
}

async function countRows(eventId: number) {
  const [row] = await test.db
    .select({ n: count() })
    .from(schema.participants)
    .where(eq(schema.participants.eventId, eventId));
  return row!.n;
}

/** What the search means: every word at a word's start of search_text (decision 0074), from all the rows in JS. */
async function expectedIds(eventId: number, search: string) {
  const rows = await test.db
    .select({ id: schema.participants.id, text: schema.participants.searchText })
    .from(schema.participants)
    .where(eq(schema.participants.eventId, eventId));
  const words = searchWords(search);
  return rows
    .filter((row) => words.every((word) => matchesWordStart(row.text, word)))
    .map((row) => row.id)
    .sort((a, b) => b - a);
}

describe("participants search and the kept total (migration 0014)", () => {
  it("finds exactly the rows whose search text holds every word, with the same totals", async () => {
    const { event } = await eventWithPeople(3);
    const owner = world.actors.owner;
    const searches = [
      "dupont",
      "DUPON",
      "dupond",
      "upon",
      "Élodie",
      "elodie martin",
      "jean dupont",
      "ma li",
      "ma",
      "@exemple.test",
      "dupont@",
      'l"quote',
      "paul quote",
      "o'neil",
      "100%_",
      "_100@",
      "%",
      "jean-pierre",
      "nobody",
      "ab cd ef gh ij kl",
    ];
    for (const search of searches) {
      const page = await listParticipants(test.db, owner, {
        eventId: event.id,
        offset: 0,
        limit: 100,
        sort: null,
        search,
      });
      const expected = await expectedIds(event.id, search);
      expect(
        page.rows.map((row) => row.id),
        search,
      ).toEqual(expected);
      expect(page.total, search).toBe(expected.length);
      // Other orders and a second page read the same rows.
      const byName = await listParticipants(test.db, owner, {
        eventId: event.id,
        offset: 2,
        limit: 3,
        sort: { id: "created_at", desc: true },
        search,
      });
      expect(byName.total, search).toBe(expected.length);
      expect(byName.rows.length, search).toBe(Math.max(0, Math.min(3, expected.length - 2)));
    }
  });

  it("keeps the unfiltered total and the search right after insert, edit, delete, import and anonymisation", async () => {
    const { event, ticket } = await eventWithPeople(1);
    const owner = world.actors.owner;
    const list = (search?: string) =>
      listParticipants(test.db, owner, { eventId: event.id, offset: 0, limit: 100, sort: null, search });
    const expectTotal = async () => expect((await list()).total).toBe(await countRows(event.id));

    await expectTotal();
    expect((await list()).total).toBe(people.length);

    // Insert: another order.
    await insertOrder(test.db, event, { status: "paid", places: [{ ticket, count: 2 }] });
    await expectTotal();
    expect((await list()).total).toBe(people.length + 2);

    // Edit: the old name is no longer found, the new one is.
    const [jean] = (await list("jean.dupont")).rows;
    await updateParticipant(test.db, owner, {
      participantId: jean!.id,
      changes: { first_name: "Gaston", last_name: "Lagaffe", email: "gaston@spirou.test" },
    });
    expect((await list("jean.dupont")).total).toBe(0);
    expect((await list("lagaffe")).rows.map((row) => row.id)).toEqual([jean!.id]);
    await expectTotal();

    // Delete (a free ticket).
    await deleteParticipant(test.db, owner, { participantId: jean!.id });
    expect((await list("lagaffe")).total).toBe(0);
    await expectTotal();
    expect((await list()).total).toBe(people.length + 1);

    // Import: a manual order per row.
    const imported = await importParticipants(test.db, owner, {
      eventId: event.id,
      records: [
        ["Importé", "Tournesol", "tryphon@moulinsart.test", String(ticket.id), "2"],
        ["Bianca", "Castafiore", "bianca@scala.test", String(ticket.id), "1"],
      ],
      sendEmail: false,
    });
    expect(imported.errors).toEqual([]);
    await expectTotal();
    expect((await list()).total).toBe(people.length + 4);
    expect((await list("tournesol")).total).toBe(2);
    expect((await list("castafiore scala")).total).toBe(1);

    // Anonymisation of the ended event: nothing is found by name any more, the count stays.
    const result = await anonymiseEndedEvents(test.db, owner, {
      organizationId: world.organization.id,
      now: new Date("2040-01-01T00:00:00Z"),
    });
    expect(result.participants).toBeGreaterThanOrEqual(people.length + 4);
    for (const search of ["tournesol", "castafiore", "dupond", "exemple.test", "@"]) {
      expect((await list(search)).total, search).toBe(0);
    }
    await expectTotal();
    expect((await list()).total).toBe(people.length + 4);
  });
  // Last: libSQL keeps a read lock after EXPLAIN, which the import test's transaction would trip on.
  it("searches from the tokens (decision 0069): the rows by id from the longest word's entries, no scan", async () => {
    const { event } = await eventWithPeople(1);
    const plan = async (query: { getSQL(): ReturnType<typeof sql> }) =>
      (await test.db.all<{ detail: string }>(sql`explain query plan ${query.getSQL()}`)).map((row) =>
        String(row.detail),
      );
    // A rare word (one person's email) used to read every row of the event; it now reads its tokens.
    const filters = { search: "jean.dupont@exemple", tokens: { key: "jean.dupont@exem", limit: 5000 } };
    const counted = (await plan(countQuery(test.db, event, filters, Date.now()))).join("\n");
    expect(counted).toMatch(
      /participant_search_tokens USING COVERING INDEX sqlite_autoindex_participant_search_tokens_1/,
    );
    expect(counted).not.toMatch(/SCAN participants/);
    const page = (
      await plan(
        participantRowsQuery(test.db, event, { ...filters, offset: 0, limit: 10, sort: null, now: Date.now() }),
      )
    ).join("\n");
    expect(page).toMatch(/participants USING INDEX participants_event_scope_idx \(.*id=\?\)/);
    expect(page).not.toMatch(/TEMP B-TREE|SCAN participants/);
  });
});
