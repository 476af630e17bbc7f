import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { salesFigureDays } from "#db/schema";
import { insertEventsWorld, insertOrder } from "../../tests/support/fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { updateEvent } from "../events/update-event";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

it("moving an event to another time zone moves its sales to the days of that zone", async () => {
  // 23:30 UTC on 1 March: 2 March in Paris, 1 March in Montreal.
  await insertOrder(test.db, world.event, {
    status: "paid",
    tickets: 2,
    price: 1000,
    createdAt: new Date("2027-03-01T23:30:00Z"),
  });
  const days = async () =>
    (await test.db.select().from(salesFigureDays).where(eq(salesFigureDays.eventId, world.event.id))).map((row) => ({
      day: row.day,
      participants: row.participants,
      gross: row.gross,
    }));
  await updateEvent(test.db, world.actors.owner, { eventId: world.event.id, changes: { timezone: "Europe/Paris" } });
  expect(await days()).toEqual([{ day: "2027-03-02", participants: 2, gross: 2000 }]);
  await updateEvent(test.db, world.actors.owner, {
    eventId: world.event.id,
    changes: { timezone: "America/Montreal" },
  });
  expect(await days()).toEqual([{ day: "2027-03-01", participants: 2, gross: 2000 }]);
});
