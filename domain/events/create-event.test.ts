import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { actorOf, createEventsWorld, createTestEvent } from "../../tests/support/event-fixtures";
import { AppError } from "../shared/app-error";
import { createEvent } from "./create-event";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
});
afterAll(() => test?.close());

const eventCount = async () => (await test.db.select({ n: count() }).from(events))[0]!.n;

describe("createEvent", () => {
  it("creates a draft in the actor's organization with the actor as creator and a preview token", async () => {
    const now = new Date("2026-04-01T10:00:00Z");
    const event = await createEvent(test.db, world.actors.manager, {
      now,
      fields: {
        title: "Nuit blanche",
        description: '<p onclick="x()">Venez <script>alert(1)</script><strong>nombreux</strong></p>',
        startAt: new Date("2026-06-21T18:00:00Z"),
        endAt: new Date("2026-06-22T02:00:00Z"),
        addressLatitude: 48.856613,
        addressLongitude: 2.352222,
        visibility: "private",
      },
    });
    expect(event).toMatchObject({
      organizationId: world.organization.id,
      title: "Nuit blanche",
      status: "draft",
      visibility: "private",
      createdBy: world.users.manager.id,
      publishedAt: null,
      description: "<p>Venez <strong>nombreux</strong></p>",
      addressLatitude: 48.856613,
      addressLongitude: 2.352222,
      createdAt: now,
    });
    expect(event.accessToken).toMatch(/^[a-z2-7]{32}$/);
    const [stored] = await test.db.select().from(events).where(eq(events.id, event.id));
    expect(stored!.addressLatitude).toBe(48_856_613);
    expect(stored!.addressLongitude).toBe(2_352_222);
  });

  it("creates a draft from its title alone, with the defaults", async () => {
    const event = await createEvent(test.db, world.actors.owner, { fields: { title: "Apéro" } });
    expect(event).toMatchObject({ title: "Apéro", status: "draft", eventCapacity: -1, timezone: "Europe/Paris" });
  });

  it("refuses a draft without a title, or with a blank one, writing nothing", async () => {
    const before = await eventCount();
    for (const fields of [undefined, {}, { title: "" }, { title: "   " }]) {
      await expect(createEvent(test.db, world.actors.owner, { fields })).rejects.toMatchObject({
        code: "validation",
        fields: { title: "editor:title.required" },
      });
    }
    expect(await eventCount()).toBe(before);
  });

  it("refuses an end without a start, on the start, writing nothing", async () => {
    const before = await eventCount();
    await expect(
      createEvent(test.db, world.actors.owner, {
        fields: { title: "Fin seule", endAt: new Date("2026-06-21T10:00:00Z") },
      }),
    ).rejects.toMatchObject({ code: "validation", fields: { start_at: "editor:date.start-required" } });
    expect(await eventCount()).toBe(before);
  });

  it("refuses guests (403) and actors without an organization (404), writing nothing", async () => {
    const before = await eventCount();
    await expect(createEvent(test.db, world.actors.guestManager, { fields: { title: "x" } })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      createEvent(test.db, actorOf(world.users.owner, null, null), { fields: { title: "x" } }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await eventCount()).toBe(before);
  });

  it("refuses an end before the start, writing nothing", async () => {
    const before = await eventCount();
    const error = await createEvent(test.db, world.actors.owner, {
      fields: {
        title: "À l'envers",
        startAt: new Date("2026-06-21T18:00:00Z"),
        endAt: new Date("2026-06-21T10:00:00Z"),
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "validation", fields: { end_at: "events:errors.end-before-start" } });
    expect(await eventCount()).toBe(before);
  });

  it("accepts a banner of its own organization only", async () => {
    const own = await createTestEvent(test.db, world.organization.id);
    const event = await createEvent(test.db, world.actors.owner, {
      fields: { title: "Avec bannière", mainPicture: `/images/events/${own.id}/banner-0a1b2c3d-1280.webp` },
    });
    expect(event.mainPicture).toBe(`/images/events/${own.id}/banner-0a1b2c3d-1280.webp`);
    for (const mainPicture of [
      `/images/events/${world.foreignEvent.id}/banner-0a1b2c3d-1280.webp`,
      "https://evil.test/banner.webp",
      "javascript:alert(1)",
    ]) {
      await expect(
        createEvent(test.db, world.actors.owner, { fields: { title: "Bannière volée", mainPicture } }),
      ).rejects.toMatchObject({
        code: "validation",
        fields: { main_picture: "events:errors.main-picture-invalid" },
      });
    }
  });
});
