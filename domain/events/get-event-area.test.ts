import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/database";
import * as schema from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { createEventsWorld, createTestEvent, createTicket } from "../../tests/support/event-fixtures";
import { getEventArea } from "./get-event-area";
import { privateEventHash } from "./private-event-link";
import { regeneratePrivateLink } from "./regenerate-private-link";
import { getEventSettings } from "./get-event-settings";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;
const env = { SESSION_SECRET: "area-secret", ENVIRONMENT: "test" };
const now = new Date("2027-03-01T12:00:00Z");

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
});
afterAll(() => test?.close());

describe("getEventArea (the event area's one call)", () => {
  it("gives the event, roles, permissions, readiness, countdown, links and switcher of a draft", async () => {
    const event = await createTestEvent(test.db, world.organization.id, {
      title: "Gala",
      startAt: new Date("2027-03-12T19:00:00Z"),
      accessToken: "tok",
    });
    const area = await getEventArea(test.db, world.actors.owner, { eventId: event.id, env, now });
    if (area.kind !== "found") throw new Error(area.kind);
    expect(area.event.id).toBe(event.id);
    expect(area.permissions).toMatchObject({ canUpdate: true, canPublish: true, canDelete: true, canDuplicate: true });
    expect(area.readiness).toEqual({ hasTickets: false, needsPaymentAccount: false, missing: [], startsInPast: false });
    expect(area.countdown).toMatchObject({ days: 12, phase: "before" });
    expect(area.previewPath).toBe(`/events/preview/${event.id}/gala/tok`);
    expect(area.switcher).toContainEqual({ id: event.id, title: "Gala" });
  });

  it("reads the event and the roles once, in one round trip beside the switcher, then the readiness", async () => {
    const event = await createTestEvent(test.db, world.organization.id, { title: "Compté" });
    const client = createClient({ url: test.url });
    // Each round trip to the database: one execute, or one batch of statements.
    const trips: string[][] = [];
    const counted = new Proxy(client, {
      get(target, property, receiver) {
        if (property === "execute")
          return (statement: { sql: string } | string, ...rest: unknown[]) => {
            trips.push([typeof statement === "string" ? statement : statement.sql]);
            return (target.execute as (...args: unknown[]) => unknown)(statement, ...rest);
          };
        if (property === "batch")
          return (statements: { sql: string }[], ...rest: unknown[]) => {
            trips.push(statements.map((statement) => statement.sql));
            return (target.batch as (...args: unknown[]) => unknown)(statements, ...rest);
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const db = drizzle(counted, { schema }) as unknown as Database;
    try {
      await getEventArea(db, world.actors.owner, { eventId: event.id, env, now });
      const queries = trips.flat();
      expect(queries.filter((sql) => /from "events" where "events"."id" = \?/.test(sql))).toHaveLength(1);
      expect(
        queries.filter((sql) => /from "event_accesses"/.test(sql) && !/"events"."organization_id" = \?/.test(sql)),
      ).toHaveLength(1);
      expect(queries).toHaveLength(4);
      // The event with its access row, the switcher, the readiness.
      expect(trips).toHaveLength(3);
      expect(trips.find((trip) => trip.some((sql) => /from "event_accesses"/.test(sql)))).toHaveLength(2);
    } finally {
      client.close();
    }
  });

  it("leaves the readiness out for a published event or an actor who may not publish", async () => {
    const published = await createTestEvent(test.db, world.organization.id, { status: "published", startAt: now });
    const area = await getEventArea(test.db, world.actors.owner, { eventId: published.id, env, now });
    expect(area).toMatchObject({ kind: "found", readiness: null });
    const forValidator = await getEventArea(test.db, world.actors.guestValidator, {
      eventId: world.event.id,
      env,
      now,
    });
    expect(forValidator.kind).toBe("not-found");
  });

  it("tells another organization's event apart only for a member of it; strangers get not-found", async () => {
    expect((await getEventArea(test.db, world.actors.foreignOwner, { eventId: world.event.id, env, now })).kind).toBe(
      "not-found",
    );
    expect((await getEventArea(test.db, world.actors.owner, { eventId: 999_999, env, now })).kind).toBe("not-found");
  });
});

describe("regeneratePrivateLink ('Régénérer le lien privé')", () => {
  it("raises the link version: the old ?t= stops matching the public path, a new one is given", async () => {
    const event = await createTestEvent(test.db, world.organization.id, {
      title: "Soirée",
      status: "published",
      visibility: "private",
    });
    await createTicket(test.db, event, { price: 0 });
    const before = await getEventArea(test.db, world.actors.owner, { eventId: event.id, env, now });
    if (before.kind !== "found") throw new Error(before.kind);
    expect(before.publicPath).toBe(`/events/${event.id}/soiree?t=${privateEventHash(env, event.id)}`);

    const link = await regeneratePrivateLink(test.db, world.actors.owner, { eventId: event.id, env, now });
    expect(link.privateLinkVersion).toBe(1);
    const after = await getEventArea(test.db, world.actors.owner, { eventId: event.id, env, now });
    if (after.kind !== "found") throw new Error(after.kind);
    expect(after.publicPath).toBe(link.publicPath);
    expect(after.publicPath).not.toBe(before.publicPath);
    const [row] = await test.db.select().from(schema.events).where(eq(schema.events.id, event.id));
    expect(row).toMatchObject({ privateLinkVersion: 1, updatedAt: now });
    expect((await getEventSettings(test.db, world.actors.owner, { eventId: event.id, env })).privateLinkPath).toBe(
      link.publicPath,
    );
  });

  it("is for those who may publish, inside their organization only", async () => {
    await expect(
      regeneratePrivateLink(test.db, world.actors.foreignOwner, { eventId: world.event.id, env }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      regeneratePrivateLink(test.db, world.actors.guestNone, { eventId: world.event.id, env }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    const [row] = await test.db.select().from(schema.events).where(eq(schema.events.id, world.event.id));
    expect(row!.privateLinkVersion).toBe(0);
  });
});
