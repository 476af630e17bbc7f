import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import type { OrganizationRole } from "#db/schema";
import { eventRolesGranting } from "../policy";
import type { Actor } from "../shared/actor";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import {
  actorOf,
  createEventsWorld,
  createOrder,
  createTestEvent,
  createTicket,
  grantEventAccess,
} from "../../tests/support/event-fixtures";
import { insertMember, insertOrganization, insertUser, unique } from "../../tests/support/fixtures";
import { recountTotals, runFiguresScenario } from "../../tests/support/sales-figures-scenario";
import { parseEventListFilter } from "./event-list-filter";
import {
  EVENT_LIST_DEFAULT_LIMIT,
  EVENT_LIST_MAX_LIMIT,
  eventListPaging,
  LISTING_EVENT_ROLES,
  listEvents,
  listEventsToScan,
} from "./list-events";

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
  await make("upcomingPublished", {
    title: "Gala 100% jazz",
    status: "published",
    startAt: new Date("2026-06-01T18:00:00Z"),
    endAt: new Date("2026-06-01T23:00:00Z"),
  });
  await make("pastPublished", {
    title: "Bal_masqué",
    status: "published",
    startAt: new Date("2026-03-01T18:00:00Z"),
    endAt: new Date("2026-03-01T23:00:00Z"),
  });
  await make("pastDraft", {
    title: "Vieux brouillon",
    status: "draft",
    startAt: new Date("2026-02-01T18:00:00Z"),
    endAt: new Date("2026-02-01T23:00:00Z"),
  });
  await make("draftNoDate", { title: "Idée", status: "draft" });
  await make("archived", {
    title: "Archivé",
    status: "archived",
    startAt: new Date("2026-06-10T18:00:00Z"),
    endAt: new Date("2026-06-10T23:00:00Z"),
  });
  await make("runningPublished", {
    title: "En cours",
    status: "published",
    startAt: new Date("2026-05-01T10:00:00Z"),
    endAt: new Date("2026-05-01T20:00:00Z"),
  });

  const event = { id: ids.upcomingPublished!, organizationId: org };
  const ticket = await createTicket(db, event, { price: 1500 });
  const addon = await createTicket(db, event, { price: 500, ticketType: "addon" });
  await createOrder(db, event, {
    status: "paid",
    places: [
      { ticket, count: 2 },
      { ticket: addon, count: 1 },
    ],
  });
  await createOrder(db, event, { status: "pending", places: [{ ticket, count: 1 }] });
  await createOrder(db, event, { status: "cancelled", places: [{ ticket, count: 5 }] });
  await grantEventAccess(db, { id: ids.pastPublished!, organizationId: org }, world.users.guestManager, [
    "event_manager",
  ]);
});
afterAll(() => test?.close());

const titlesOf = async (
  filter: Parameters<typeof parseEventListFilter>[0],
  search?: string,
  actor = world.actors.owner,
) =>
  (await listEvents(test.db, actor, { filter: parseEventListFilter(filter), search, now })).items.map((e) => e.title);

describe("listEvents filters", () => {
  it("all: every event but the archived ones, coming ones first (undated after them), then past ones", async () => {
    expect(await titlesOf("all")).toEqual([
      "En cours",
      "Gala 100% jazz",
      "Idée",
      world.event.title,
      "Vieux brouillon",
      "Bal_masqué",
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
    expect(await titlesOf("draft")).toEqual(["Idée", world.event.title, "Vieux brouillon"]);
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
    const [gala] = (await listEvents(test.db, world.actors.owner, { search: "Gala", now })).items;
    expect(gala).toMatchObject({ participantCount: 3, grossSales: 3500, isPast: false, status: "published" });
  });

  it("counts each event's own orders only, another organization's sales included nowhere", async () => {
    const foreign = { id: world.foreignEvent.id, organizationId: world.foreignOrganization.id };
    const ticket = await createTicket(test.db, foreign, { price: 9900 });
    await createOrder(test.db, foreign, { status: "paid", places: [{ ticket, count: 4 }] });
    const [gala] = (await listEvents(test.db, world.actors.owner, { search: "Gala", now })).items;
    expect(gala).toMatchObject({ participantCount: 3, grossSales: 3500 });
    const [ailleurs] = (await listEvents(test.db, world.actors.foreignOwner, { search: "Ailleurs", now })).items;
    expect(ailleurs).toMatchObject({ participantCount: 4, grossSales: 4 * 9900 });
  });

  it("reads each listed event's figures from its sales figures row, never the orders or participants", async () => {
    const client = createClient({ url: test.url });
    const queries: { sql: string; params: unknown[] }[] = [];
    const logged = drizzle(client, {
      schema,
      logger: { logQuery: (sql, params) => queries.push({ sql, params }) },
    }) as unknown as Database;
    try {
      await listEvents(logged, world.actors.owner, { now });
      // The page and its total.
      expect(queries).toHaveLength(2);
      for (const query of queries) expect(query.sql).not.toMatch(/(from|join) "(orders|participants)"/);
      const listQuery = queries.find((query) => query.sql.includes('"sales_figures"'))!;
      const plan = await client.execute({
        sql: `explain query plan ${listQuery.sql}`,
        args: listQuery.params as never[],
      });
      const details = plan.rows.map((row) => String(row.detail));
      expect(details.join("\n")).not.toMatch(/SCAN sales_figures\b/);
      expect(details).toContainEqual(expect.stringMatching(/^SEARCH sales_figures USING INTEGER PRIMARY KEY/));
    } finally {
      client.close();
    }
  });

  it("shows the same participants and gross sales as a recount of the rows", async () => {
    // Figures kept by the write batches themselves (no rebuild), beside those of the fixtures.
    await runFiguresScenario(test.db, { organizationId: world.organization.id });
    const { items } = await listEvents(test.db, world.actors.owner, { now, limit: 100 });
    expect(items.map((item) => item.title)).toContain("Festival des figures");
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const recount = await recountTotals(test.db, item.id);
      expect({ id: item.id, participants: item.participantCount, gross: item.grossSales }).toEqual({
        id: item.id,
        participants: recount.participants,
        gross: recount.gross,
      });
    }
  });
});

describe("listEvents paging", () => {
  it("answers one page at a time with the total, in the same order as the whole list", async () => {
    const all = await titlesOf("all");
    const first = await listEvents(test.db, world.actors.owner, { limit: 4, now });
    expect(first).toMatchObject({ total: all.length, page: 0, limit: 4 });
    expect(first.items.map((e) => e.title)).toEqual(all.slice(0, 4));
    const second = await listEvents(test.db, world.actors.owner, { page: 1, limit: 4, now });
    expect(second.items.map((e) => e.title)).toEqual(all.slice(4, 8));
    expect((await listEvents(test.db, world.actors.owner, { page: 9, limit: 4, now })).items).toEqual([]);
  });

  it("has a default page size and a maximum, whatever the query asks", async () => {
    expect(eventListPaging({})).toEqual({ page: 0, limit: EVENT_LIST_DEFAULT_LIMIT });
    expect(eventListPaging({ page: "2", limit: "10" })).toEqual({ page: 2, limit: 10 });
    expect(eventListPaging({ page: "-1", limit: "100000" })).toEqual({ page: 0, limit: EVENT_LIST_MAX_LIMIT });
    expect(eventListPaging({ page: "abc", limit: "0" })).toEqual({ page: 0, limit: 1 });
    expect(eventListPaging({ page: null, limit: "1e9" })).toEqual({ page: 0, limit: EVENT_LIST_DEFAULT_LIMIT });
    expect((await listEvents(test.db, world.actors.owner, { limit: 10_000, now })).limit).toBe(EVENT_LIST_MAX_LIMIT);
  });
});

describe("listEvents visibility", () => {
  it("shows guests only the events they were given access to", async () => {
    expect(await titlesOf("all", undefined, world.actors.guestManager)).toEqual([world.event.title, "Bal_masqué"]);
    expect(await titlesOf("all", undefined, world.actors.guestNone)).toEqual([]);
  });

  it("does not list an event to a guest whose only access to it is validator", async () => {
    // world.event: guestValidator holds a validator access only; guestManager an event_manager one.
    expect(await titlesOf("all", undefined, world.actors.guestValidator)).toEqual([]);
    expect((await listEvents(test.db, world.actors.guestValidator, { accessOnly: true, now })).items).toEqual([]);
    const { listEventTitles } = await import("./list-event-titles");
    expect(await listEventTitles(test.db, world.actors.guestValidator)).toEqual([]);
  });

  it("lists an event to a guest holding team_manager or event_manager access, alone or beside validator", async () => {
    const org = world.organization.id;
    const both = await createTestEvent(test.db, org, { title: "Validateur et responsable" });
    const team = await createTestEvent(test.db, org, { title: "Équipe" });
    const user = world.users.guestNone;
    await grantEventAccess(test.db, both, user, ["validator", "event_manager"]);
    await grantEventAccess(test.db, team, user, ["team_manager"]);
    const actor = world.actors.guestNone;
    expect((await titlesOf("all", undefined, actor)).sort()).toEqual(["Validateur et responsable", "Équipe"].sort());
    const { listEventTitles } = await import("./list-event-titles");
    expect((await listEventTitles(test.db, actor)).map((e) => e.id).sort()).toEqual([both.id, team.id].sort());
    await test.db.delete(schema.eventAccesses).where(eq(schema.eventAccesses.userId, user.id));
  });

  it("lists only accessible events with accessOnly (events-guest), even for an owner", async () => {
    const list = await listEvents(test.db, world.actors.owner, { accessOnly: true, now });
    expect(list).toMatchObject({ items: [], total: 0 });
    const guestList = await listEvents(test.db, world.actors.guestManager, { accessOnly: true, now });
    expect(guestList.items.map((e) => e.id).sort()).toEqual([ids.pastPublished, world.event.id].sort());
  });

  it("never lists another organization's events", async () => {
    expect(await titlesOf("all", undefined, world.actors.foreignOwner)).toEqual(["Ailleurs"]);
    expect((await listEvents(test.db, actorOf(world.users.owner, null, null), {})).items).toEqual([]);
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

describe("listEventsToScan (a validator's home)", () => {
  // Organizations of their own, so that the lists above stay as they are.
  let scan: {
    organization: { id: number };
    other: { id: number };
    events: Record<string, { id: number; organizationId: number }>;
    actors: Record<"validator" | "mixed" | "owner" | "manager" | "noAccess" | "validatorElsewhere", Actor>;
  };

  beforeAll(async () => {
    const db = test.db;
    const organization = await insertOrganization(db, { title: "Portes du Rhône" });
    const other = await insertOrganization(db, { title: "Autre maison" });
    const event = (organizationId: number, title: string, values: Parameters<typeof createTestEvent>[2] = {}) =>
      createTestEvent(db, organizationId, { title, ...values });
    const events = {
      soon: await event(organization.id, "Nuit du quai", {
        status: "published",
        startAt: new Date("2026-05-10T18:00:00Z"),
        endAt: new Date("2026-05-11T02:00:00Z"),
        addressName: "La Sucrière",
      }),
      running: await event(organization.id, "Marché de nuit", {
        status: "published",
        startAt: new Date("2026-05-01T08:00:00Z"),
        endAt: new Date("2026-05-01T22:00:00Z"),
      }),
      undated: await event(organization.id, "Répétition", { status: "draft" }),
      over: await event(organization.id, "Soirée d'hiver", {
        status: "published",
        startAt: new Date("2026-01-10T18:00:00Z"),
        endAt: new Date("2026-01-10T23:00:00Z"),
      }),
      archived: await event(organization.id, "Ancienne édition", {
        status: "archived",
        startAt: new Date("2026-06-10T18:00:00Z"),
        endAt: new Date("2026-06-10T23:00:00Z"),
      }),
      managed: await event(organization.id, "Gérée et scannée", { status: "published" }),
      unrelated: await event(organization.id, "Sans accès", { status: "published" }),
      foreign: await event(other.id, "Chez les voisins", { status: "published" }),
    };
    const member = async (label: string, role: OrganizationRole, organizationId = organization.id) => {
      const user = await insertUser(db, { email: `${unique(label)}@events.test` });
      await insertMember(db, organizationId, user.id, role);
      return user;
    };
    const validator = await member("validator", "");
    await insertMember(db, other.id, validator.id, "");
    for (const key of ["soon", "running", "undated", "over", "archived", "foreign"] as const)
      await grantEventAccess(db, events[key], validator, ["validator"]);
    // Ticket sales on a validator's event: figures that must never reach them.
    const ticket = await createTicket(db, events.soon, { price: 4200 });
    await createOrder(db, events.soon, { status: "paid", places: [{ ticket, count: 3 }] });

    const mixed = await member("mixed", "");
    await grantEventAccess(db, events.soon, mixed, ["validator"]);
    await grantEventAccess(db, events.managed, mixed, ["validator", "event_manager"]);
    await grantEventAccess(db, events.running, mixed, ["team_manager"]);

    const owner = await member("owner", "owner");
    await grantEventAccess(db, events.soon, owner, ["validator"]);
    const manager = await member("manager", "event_manager");
    await grantEventAccess(db, events.soon, manager, ["validator"]);
    const noAccess = await member("no-access", "");

    scan = {
      organization,
      other,
      events,
      actors: {
        validator: actorOf(validator, organization.id, ""),
        mixed: actorOf(mixed, organization.id, ""),
        owner: actorOf(owner, organization.id, "owner"),
        manager: actorOf(manager, organization.id, "event_manager"),
        noAccess: actorOf(noAccess, organization.id, ""),
        validatorElsewhere: actorOf(validator, other.id, ""),
      },
    };
  });

  it("lists exactly a validator's events of the current organization, upcoming first, archived ones left out", async () => {
    const list = await listEventsToScan(test.db, scan.actors.validator, { now });
    expect(list.items.map((event) => event.title)).toEqual([
      "Marché de nuit",
      "Nuit du quai",
      "Répétition",
      "Soirée d'hiver",
    ]);
    expect(list).toMatchObject({ total: 4, scanOnly: true });
    expect(list.items.map((event) => event.isPast)).toEqual([false, false, false, true]);
  });

  it("gives what a door needs to pick the event, never its figures", async () => {
    const { items } = await listEventsToScan(test.db, scan.actors.validator, { now });
    const soon = items.find((event) => event.id === scan.events.soon!.id)!;
    expect(soon).toEqual({
      id: scan.events.soon!.id,
      title: "Nuit du quai",
      startAt: new Date("2026-05-10T18:00:00Z"),
      endAt: new Date("2026-05-11T02:00:00Z"),
      timezone: "Europe/Paris",
      addressName: "La Sucrière",
      isPast: false,
    });

    const client = createClient({ url: test.url });
    const queries: string[] = [];
    const logged = drizzle(client, { schema, logger: { logQuery: (sql) => queries.push(sql) } }) as unknown as Database;
    try {
      await listEventsToScan(logged, scan.actors.validator, { now });
      expect(queries.length).toBeGreaterThan(0);
      for (const query of queries) expect(query).not.toMatch(/"(orders|participants|sales_figures)"/);
    } finally {
      client.close();
    }
  });

  it("never lists another organization's events, nor events without a validator access", async () => {
    const ids = (await listEventsToScan(test.db, scan.actors.validator, { now })).items.map((event) => event.id);
    expect(ids).not.toContain(scan.events.foreign!.id);
    expect(ids).not.toContain(scan.events.unrelated!.id);
    // The same person in the other organization sees that organization's event only.
    const elsewhere = await listEventsToScan(test.db, scan.actors.validatorElsewhere, { now });
    expect(elsewhere.items.map((event) => event.title)).toEqual(["Chez les voisins"]);
    expect((await listEventsToScan(test.db, scan.actors.noAccess, { now })).items).toEqual([]);
    expect(await listEventsToScan(test.db, actorOf(world.users.owner, null, null), { now })).toEqual({
      items: [],
      total: 0,
      scanOnly: false,
    });
  });

  it("still keeps a validator's events out of the home grid and the event switcher", async () => {
    expect((await listEvents(test.db, scan.actors.validator, { now })).items).toEqual([]);
    const { listEventTitles } = await import("./list-event-titles");
    expect(await listEventTitles(test.db, scan.actors.validator)).toEqual([]);
  });

  it("lists apart only the events a guest scans without opening them; the others stay in the grid", async () => {
    const list = await listEventsToScan(test.db, scan.actors.mixed, { now });
    expect(list.items.map((event) => event.title)).toEqual(["Nuit du quai"]);
    expect(list).toMatchObject({ total: 1, scanOnly: false });
    const grid = await listEvents(test.db, scan.actors.mixed, { now });
    expect(grid.items.map((event) => event.title).sort()).toEqual(["Gérée et scannée", "Marché de nuit"].sort());
  });

  it("gives none to members whose organization role opens every event (they scan from the event area)", async () => {
    for (const actor of [scan.actors.owner, scan.actors.manager])
      expect(await listEventsToScan(test.db, actor, { now })).toEqual({ items: [], total: 0, scanOnly: false });
  });

  it("answers at most `limit` events with the total", async () => {
    const list = await listEventsToScan(test.db, scan.actors.validator, { now, limit: 2 });
    expect(list.items.map((event) => event.title)).toEqual(["Marché de nuit", "Nuit du quai"]);
    expect(list.total).toBe(4);
  });

  it("picks events by the roles the policy gives: view for the grid, validate-entries for the scanner", () => {
    expect([...eventRolesGranting("event:view")].sort()).toEqual(["event_manager", "team_manager"]);
    expect([...eventRolesGranting("event:validate-entries")].sort()).toEqual([
      "event_manager",
      "team_manager",
      "validator",
    ]);
    expect([...LISTING_EVENT_ROLES].sort()).toEqual(["event_manager", "team_manager"]);
  });
});
