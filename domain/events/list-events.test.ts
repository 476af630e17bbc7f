import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { actorOf, createEventsWorld, createOrder, createTestEvent, createTicket, grantEventAccess } from "../../tests/support/event-fixtures";
import { listEvents, parseEventListFilter } from "./list-events";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;
const now = new Date("2026-05-01T12:00:00Z");
const ids: Record<string, number> = {};

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
  const db = test.db;
  const org = world.organization.id;
  const make = async (key: string, values: Parameters<typeof createTestEvent>[2]) => {
    ids[key] = (await createTestEvent(db, org, values)).id;
  };
  await make("upcomingPublished", { title: "Gala 100% jazz", status: "published", startAt: new Date("2026-06-01T18:00:00Z"), endAt: new Date("2026-06-01T23:00:00Z") });
  await make("pastPublished", { title: "Bal_masqué", status: "published", startAt: new Date("2026-03-01T18:00:00Z"), endAt: new Date("2026-03-01T23:00:00Z") });
  await make("pastDraft", { title: "Vieux brouillon", status: "draft", startAt: new Date("2026-02-01T18:00:00Z"), endAt: new Date("2026-02-01T23:00:00Z") });
  await make("draftNoDate", { title: "Idée", status: "draft" });
  await make("archived", { title: "Archivé", status: "archived", startAt: new Date("2026-06-10T18:00:00Z"), endAt: new Date("2026-06-10T23:00:00Z") });
  await make("runningPublished", { title: "En cours", status: "published", startAt: new Date("2026-05-01T10:00:00Z"), endAt: new Date("2026-05-01T20:00:00Z") });

  const event = { id: ids.upcomingPublished!, organizationId: org };
  const ticket = await createTicket(db, event, { price: 1500 });
  const addon = await createTicket(db, event, { price: 500, ticketType: "addon" });
  await createOrder(db, event, { status: "paid", places: [{ ticket, count: 2 }, { ticket: addon, count: 1 }] });
  await createOrder(db, event, { status: "pending", places: [{ ticket, count: 1 }] });
  await createOrder(db, event, { status: "cancelled", places: [{ ticket, count: 5 }] });
  await grantEventAccess(db, { id: ids.pastPublished!, organizationId: org }, world.users.guestManager, ["event_manager"]);
});
afterAll(() => test?.close());

const titlesOf = async (filter: Parameters<typeof parseEventListFilter>[0], search?: string, actor = world.actors.owner) =>
  (await listEvents(test.db, actor, { filter: parseEventListFilter(filter), search, now })).map((e) => e.title);

describe("listEvents filters", () => {
  it("all: every event but the archived ones, undated last", async () => {
    expect(await titlesOf("all")).toEqual([
      "Vieux brouillon",
      "Bal_masqué",
      "En cours",
      "Gala 100% jazz",
      "Idée",
      world.event.title,
    ]);
  });

  it("published: published and not past", async () => {
    expect(await titlesOf("published")).toEqual(["En cours", "Gala 100% jazz"]);
  });

  it("past: ended, whatever the status but archived, latest first", async () => {
    expect(await titlesOf("past")).toEqual(["Bal_masqué", "Vieux brouillon"]);
  });

  it("archived and draft", async () => {
    expect(await titlesOf("archived")).toEqual(["Archivé"]);
    expect(await titlesOf("draft")).toEqual(["Vieux brouillon", "Idée", world.event.title]);
  });

  it("falls back to all for a value outside the allowed list", () => {
    expect(parseEventListFilter("published")).toBe("published");
    expect(parseEventListFilter("deleted")).toBe("all");
    expect(parseEventListFilter("")).toBe("all");
    expect(parseEventListFilter(null)).toBe("all");
    expect(parseEventListFilter(undefined)).toBe("all");
  });

  it("searches titles with LIKE wildcards taken literally", async () => {
    expect(await titlesOf("all", "jazz")).toEqual(["Gala 100% jazz"]);
    expect(await titlesOf("all", "100%")).toEqual(["Gala 100% jazz"]);
    expect(await titlesOf("all", "%")).toEqual(["Gala 100% jazz"]);
    expect(await titlesOf("all", "_")).toEqual(["Bal_masqué"]);
    expect(await titlesOf("all", "inconnu")).toEqual([]);
  });

  it("sums participants (tickets of live orders) and gross sales (paid and manual)", async () => {
    const [gala] = await listEvents(test.db, world.actors.owner, { search: "Gala", now });
    expect(gala).toMatchObject({ participantCount: 3, grossSales: 3500, isPast: false, status: "published" });
  });
});

describe("listEvents visibility", () => {
  it("shows guests only the events they were given access to", async () => {
    expect(await titlesOf("all", undefined, world.actors.guestManager)).toEqual(["Bal_masqué", world.event.title]);
    expect(await titlesOf("all", undefined, world.actors.guestNone)).toEqual([]);
  });

  it("lists only accessible events with accessOnly (events-guest), even for an owner", async () => {
    const list = await listEvents(test.db, world.actors.owner, { accessOnly: true, now });
    expect(list).toEqual([]);
    const guestList = await listEvents(test.db, world.actors.guestManager, { accessOnly: true, now });
    expect(guestList.map((e) => e.id).sort()).toEqual([ids.pastPublished, world.event.id].sort());
  });

  it("never lists another organization's events", async () => {
    expect(await titlesOf("all", undefined, world.actors.foreignOwner)).toEqual(["Ailleurs"]);
    expect(await listEvents(test.db, actorOf(world.users.owner, null, null), {})).toEqual([]);
  });
});

describe("listEventTitles (the header's event switcher)", () => {
  it("lists ids and titles of the organization's non-archived events, dated first", async () => {
    const { listEventTitles } = await import("./list-event-titles");
    const ours = new Set(["Vieux brouillon", "Bal_masqué", "En cours", "Gala 100% jazz", "Idée", "Archivé"]);
    const titles = (await listEventTitles(test.db, world.actors.owner)).map((e) => e.title).filter((t) => ours.has(t));
    expect(titles).toEqual(["Vieux brouillon", "Bal_masqué", "En cours", "Gala 100% jazz", "Idée"]);
  });

  it("gives a guest only the events they were given access to", async () => {
    const { listEventTitles } = await import("./list-event-titles");
    const everyone = await listEventTitles(test.db, world.actors.owner);
    const guest = await listEventTitles(test.db, world.actors.guestManager);
    expect(guest).toContainEqual({ id: ids.pastPublished, title: "Bal_masqué" });
    expect(guest.length).toBeLessThan(everyone.length);
    expect(guest.map((e) => e.id)).not.toContain(ids.upcomingPublished);
  });
});
