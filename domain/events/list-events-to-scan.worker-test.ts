import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createD1Database } from "#db/d1";
import {
  actorOf,
  insertEvent,
  insertEventAccess,
  insertMember,
  insertOrganization,
  insertUser,
} from "../../tests/support/fixtures";
import { listEvents, listEventsToScan } from "./list-events";

// The validator's home list on D1 (list-events.test.ts covers the same rules on libSQL).
describe("listEventsToScan on D1", () => {
  it("lists a validator's events of the current organization only, and none in the grid", async () => {
    const db = createD1Database(env.DB);
    const organization = await insertOrganization(db);
    const other = await insertOrganization(db);
    const scanned = await insertEvent(db, organization.id, { title: "Nuit du quai", status: "published" });
    const managed = await insertEvent(db, organization.id, { title: "Gérée", status: "published" });
    await insertEvent(db, organization.id, { title: "Sans accès", status: "published" });
    const foreign = await insertEvent(db, other.id, { title: "Chez les voisins", status: "published" });
    const validator = await insertUser(db);
    await insertMember(db, organization.id, validator.id, "");
    await insertEventAccess(db, scanned, validator, ["validator"]);
    await insertEventAccess(db, foreign, validator, ["validator"]);
    const actor = actorOf(validator, organization.id, "");

    const list = await listEventsToScan(db, actor);
    expect(list.items.map((event) => event.title)).toEqual(["Nuit du quai"]);
    expect(list).toMatchObject({ total: 1, scanOnly: true });
    expect((await listEvents(db, actor)).items).toEqual([]);

    // An access that opens the event moves it to the grid and ends scanOnly.
    await insertEventAccess(db, managed, validator, ["validator", "event_manager"]);
    const after = await listEventsToScan(db, actor);
    expect(after).toMatchObject({ total: 1, scanOnly: false });
    expect((await listEvents(db, actor)).items.map((event) => event.title)).toEqual(["Gérée"]);
  });
});
