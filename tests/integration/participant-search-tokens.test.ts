import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import { participantSearchTokens, participants } from "#db/schema";
import { createSession } from "#domain/auth/sessions";
import { listParticipants } from "#domain/participants/list-participants";
import { apiClient } from "./api-client";
import { insertEvent, insertEventsWorld, insertTicket } from "../support/fixtures";

/*
 * Decision 0069 on D1: the token triggers of migration 0034 (json_each in a trigger body) run in the Worker's own
 * SQLite for the API's writes (a manual order, an edit, a delete), and the search reads them.
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
    // Every suffix of 3+ characters of each word, cut to 16 (the quote and backslash kept as typed).
    const expected = new Set<string>();
    for (const word of row!.searchText.split(" ")) {
      const chars = [...word];
      for (let i = 0; i + 3 <= chars.length; i++) expected.add(chars.slice(i, i + 16).join(""));
    }
    expect(await tokensOf(id)).toEqual([...expected].sort());
    expect(await tokensOf(id)).toEqual(expect.arrayContaining(["lebœuf", "œuf", 'zo"e\\x@exemple.f', ".fr"]));
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
    expect(await search("BŒUF")).toEqual([id]);
    expect(await search("e\\x@exe")).toEqual([id]);

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
