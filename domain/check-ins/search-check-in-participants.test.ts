import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import type { Actor } from "../shared/actor";
import {
  actorOf,
  insertEvent,
  insertMember,
  insertOrder,
  insertOrganization,
  insertTicket,
  insertUser,
} from "../../tests/support/fixtures";
import { createLibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { searchTextOf } from "../participants/word-start";
import { CHECK_IN_SEARCH_CANDIDATES, searchCheckInParticipants } from "./search-check-in-participants";

const ENV = { ENVIRONMENT: "test", SESSION_SECRET: "check-in-search-suite-secret-0123456789abcdef" };

describe("the scanner's manual search (decision 0077)", () => {
  let t: { db: Database; close?: () => void };
  let owner: Actor;
  let eventId: number;
  const ids: Record<string, number> = {};

  async function named(participantId: number, first: string, last: string, email: string) {
    await t.db
      .update(schema.participants)
      .set({
        firstName: first,
        lastName: last,
        email,
        searchText: searchTextOf({ firstName: first, lastName: last, email }),
      })
      .where(eq(schema.participants.id, participantId));
  }

  beforeAll(async () => {
    t = await createLibsqlTestDatabase();
    const organizationId = (await insertOrganization(t.db)).id;
    const user = await insertUser(t.db);
    await insertMember(t.db, organizationId, user.id, "owner");
    owner = actorOf(user, organizationId, "owner");
    const event = await insertEvent(t.db, organizationId, { status: "published" });
    eventId = event.id;
    const ticket = await insertTicket(t.db, event, { amount: 5_000 });
    const people = [
      ["lina", "Lina", "Legrand", "lina.legrand@exemple.test"],
      ["linaMartin", "Lina", "Martin", "lm@exemple.test"],
      ["helene", "Hélène", "Zébulon", "helene@exemple.test"],
      ["jean", "Jean-Luc", "Dupont", "jld@exemple.test"],
    ] as const;
    const { participants } = await insertOrder(t.db, event, {
      status: "paid",
      places: [{ ticket, count: people.length }],
    });
    for (const [i, [key, first, last, email]] of people.entries()) {
      ids[key] = participants[i]!.id;
      await named(participants[i]!.id, first, last, email);
    }
  });
  afterAll(() => t.close?.());

  const search = (query: string) => searchCheckInParticipants(t.db, owner, ENV, { eventId, query });
  const found = async (query: string) => (await search(query)).map((participant) => participant.id);

  it("finds the words people start typing: a name, a first name, a word of an email, without accents", async () => {
    expect(await found("Dup")).toEqual([ids.jean]);
    expect(await found("luc")).toEqual([ids.jean]);
    expect(await found("zebu")).toEqual([ids.helene]);
    expect(await found("Hélè")).toEqual([ids.helene]);
    expect(await found("legrand")).toEqual([ids.lina]);
    // By name: Legrand before Martin.
    expect(await found("lina")).toEqual([ids.lina, ids.linaMartin]);
    expect(await found("lina mar")).toEqual([ids.linaMartin]);
  });

  it("does not find the middle of a word, nor a query of one letter", async () => {
    expect(await found("upont")).toEqual([]);
    expect(await found("l")).toEqual([]);
  });

  it("finds a participant by number", async () => {
    expect(await found(String(ids.helene))).toEqual([ids.helene]);
  });

  it("answers the first by name of a word found everywhere, past the entries read from its tokens", async () => {
    const organizationId = owner.organizationId!;
    const crowd = await insertEvent(t.db, organizationId, { status: "published" });
    const ticket = await insertTicket(t.db, crowd, { amount: 5_000 });
    const { participants } = await insertOrder(t.db, crowd, {
      status: "paid",
      places: [{ ticket, count: CHECK_IN_SEARCH_CANDIDATES + 50 }],
    });
    await t.db.run(
      sql`update participants set first_name = 'Zoé', last_name = 'Martin',
        search_text = 'zoe martin p' || id || '@exemple.test' where event_id = ${crowd.id}`,
    );
    // The last one written is the first by name: its token comes after the entries a search reads first.
    const aaron = participants.at(-1)!.id;
    await named(aaron, "Aaron", "Martin", "aaron@exemple.test");
    const answer = await searchCheckInParticipants(t.db, owner, ENV, { eventId: crowd.id, query: "martin" });
    expect(answer).toHaveLength(20);
    expect(answer[0]).toMatchObject({ id: aaron, first_name: "Aaron" });
  });
});
