import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { participants } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { insertEvent, insertEventsWorld, insertOrder, insertTicket } from "../../tests/support/fixtures";
import { AppError } from "../shared/app-error";
import { deleteParticipant } from "./delete-participant";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
let eventId: number;
let ids: number[];

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
  const event = await insertEvent(test.db, world.organization.id, { title: "Entrée libre" });
  eventId = event.id;
  const free = await insertTicket(test.db, event, { title: "Invitation", price: 0 });
  const { participants: rows } = await insertOrder(test.db, event, {
    status: "manual",
    places: [{ ticket: free, count: 2 }],
  });
  ids = rows.map((row) => row.id);
});
afterAll(() => test?.close());

const exists = async (id: number) =>
  (await test.db.select({ id: participants.id }).from(participants).where(eq(participants.id, id))).length === 1;

describe("deleteParticipant's typed confirmation (spec §5: exact text)", () => {
  it.each(["DELETE ", " DELETE", "delete", "DELET", ""])("refuses %j and keeps the participant", async (typed) => {
    const error = await deleteParticipant(test.db, world.actors.owner, {
      participantId: ids[0]!,
      eventId,
      confirmation: typed,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "validation",
      fields: { confirmation: "participants:errors.delete-confirmation" },
    });
    expect(await exists(ids[0]!)).toBe(true);
  });

  it("deletes with exactly DELETE", async () => {
    await deleteParticipant(test.db, world.actors.owner, { participantId: ids[0]!, eventId, confirmation: "DELETE" });
    expect(await exists(ids[0]!)).toBe(false);
  });

  it("needs no confirmation from the participant-ticket API (spec §7)", async () => {
    await deleteParticipant(test.db, world.actors.owner, { participantId: ids[1]! });
    expect(await exists(ids[1]!)).toBe(false);
  });
});
