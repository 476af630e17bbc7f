import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { participantSearchTokens, participants } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { listParticipants } from "#domain/participants/list-participants";
import { searchTokensOf } from "#domain/participants/search-tokens";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertTicket } from "../support/fixtures";

/*
 * Decisions 0069 and 0074 on D1: the token triggers of migration 0038 (json_each in a trigger body) run in the
 * Worker's own SQLite for the API's writes (a manual order, an edit, a delete), and the search reads them.
 */

const db = createD1Database(env.DB);
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const sessions: Record<string, string> = {};
const call = apiClient(sessions);

beforeAll(async () => {
  world = await insertEventsWorld(db);
  for (const [key, user] of Object.entries(world.users)) sessions[key] = (await createSession(db, user.id)).token;
});

async function tokensOf(participantId: number) {
  const rows = await db
    .select({ token: participantSearchTokens.token })
    .from(participantSearchTokens)
    .where(eq(participantSearchTokens.participantId, participantId));
  return rows.map((row) => row.token).sort();
}

describe("participant search tokens on D1", () => {
  it("follows the API's manual order, edit and delete, and the search finds the rows from them", async () => {
    const event = await insertEvent(db, world.organization.id, {});
    const ticket = await insertTicket(db, event, { title: "Fosse", price: 0, amount: 10 });
    const person = { first_name: "Zoé", last_name: "Lebœuf", email: 'zo"e\\x@exemple.fr' };
    const placed = await call(`/events/${event.id}/manual-orders`, {
      method: "POST",
      body: { orders: [{ buyer: person, participants: [{ ticket_id: ticket.id, ...person }] }], send_email: false },
      as: "manager",
    });
    expect(placed.status).toBe(201);
    const id = placed.json.participant_ids[0] as number;
    const [row] = await db.select().from(participants).where(eq(participants.id, id));
    expect(row!.searchText).toBe('zoe lebœuf zo"e\\x@exemple.fr');
    // Word starts and word pairs, as the JavaScript rule writes them (the quote and backslash kept as typed).
    expect(await tokensOf(id)).toEqual(searchTokensOf(row!.searchText).sort());
    expect(await tokensOf(id)).toEqual(
      expect.arrayContaining(["lebœuf", 'zo"e\\x@exemple.f', "exemple.fr", " zoe lebœuf", " leb zoe"]),
    );
    const search = async (text: string) =>
      (
        await listParticipants(db, world.actors.owner, {
          eventId: event.id,
          offset: 0,
          limit: 10,
          sort: null,
          search: text,
        })
      ).rows.map((found) => found.id);
    expect(await search("LEBŒ")).toEqual([id]);
    expect(await search("zoe leb")).toEqual([id]);
    expect(await search('zo"e\\x@exe')).toEqual([id]);
    // The middle of a word is not a word's start (decision 0074).
    expect(await search("BŒUF")).toEqual([]);

    const edited = await call(`/events/${event.id}/participant-ticket/${id}`, {
      method: "PUT",
      body: { first_name: "Anatole", last_name: "Tremblay", email: "anatole@exemple.fr" },
      as: "manager",
    });
    expect(edited.status).toBe(200);
    expect(await tokensOf(id)).toEqual(expect.arrayContaining(["anatole", "tremblay", "anatole@exemple."]));
    expect(await tokensOf(id)).not.toContain("lebœuf");
    expect(await search("lebœuf")).toEqual([]);
    expect(await search("tremb")).toEqual([id]);

    const deleted = await call(`/events/${event.id}/participant-ticket/${id}`, { method: "DELETE", as: "manager" });
    expect(deleted.status).toBeLessThan(300);
    expect(await tokensOf(id)).toEqual([]);
  });
});
