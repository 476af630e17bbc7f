import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, validateSessionWithOrganizations } from "#domain/auth/sessions";
import { AppError } from "#domain/shared/app-error";
import type { Actor } from "#domain/shared/actor";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { actorOf, insertEventsWorld, insertMember, insertUser } from "../../tests/support/fixtures";
import { loadEventForActor, type KnownEvent } from "./event-access";
import { getEventArea } from "./get-event-area";
import { getEventDashboard } from "./get-event-dashboard";
import { locateEvent } from "./locate-event";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof insertEventsWorld>>;
const NOW = new Date("2026-11-26T10:00:00Z");
const env = { SESSION_SECRET: "known-event-secret", ENVIRONMENT: "test" };

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await insertEventsWorld(test.db);
});
afterAll(() => test?.close());

/** The event as the session middleware reads it: in the session's round trip, keyed on the session's user. */
async function knownThroughSession(actor: Actor, eventId: number): Promise<KnownEvent> {
  const { token } = await createSession(test.db, actor.userId, {}, NOW);
  const found = await validateSessionWithOrganizations(test.db, token, NOW, { eventId });
  expect(found).not.toBeNull();
  return found!.event!;
}

async function outcome(work: Promise<unknown>) {
  try {
    const value = await work;
    return { ok: true, value };
  } catch (error) {
    return { ok: false, code: error instanceof AppError ? error.code : String(error) };
  }
}

describe("an event read with the session (KnownEvent) decides as a fresh read does", () => {
  it("reads nothing extra without an event id, and the event with the user's access row with one", async () => {
    const { token } = await createSession(test.db, world.actors.guestManager.userId, {}, NOW);
    expect((await validateSessionWithOrganizations(test.db, token, NOW))?.event).toBeNull();
    const known = await knownThroughSession(world.actors.guestManager, world.event.id);
    expect(known.eventId).toBe(world.event.id);
    expect(known.event?.id).toBe(world.event.id);
    expect(known.accessRoles).toBe("event_manager");
    const missing = await knownThroughSession(world.actors.owner, 999_999);
    expect(missing).toEqual({ eventId: 999_999, event: null, accessRoles: null });
  });

  it("gives the same location, event area, dashboard and access answers for every actor and event", async () => {
    const both = await insertUser(test.db);
    await insertMember(test.db, world.organization.id, both.id, "event_manager");
    await insertMember(test.db, world.foreignOrganization.id, both.id, "admin");
    const actors: [string, Actor][] = [
      ...Object.entries(world.actors),
      ["member of both, in the foreign one", actorOf(both, world.foreignOrganization.id, "admin")],
    ];
    for (const [name, actor] of actors) {
      for (const eventId of [world.event.id, world.foreignEvent.id, 999_999]) {
        const known = await knownThroughSession(actor, eventId);
        const label = `${name} on event ${eventId}`;
        expect(await locateEvent(test.db, actor, { eventId, known }), label).toEqual(
          await locateEvent(test.db, actor, { eventId }),
        );
        expect(await getEventArea(test.db, actor, { eventId, env, now: NOW, known }), label).toEqual(
          await getEventArea(test.db, actor, { eventId, env, now: NOW }),
        );
        for (const action of ["event:view", "event:update", "event:manage-sales"] as const) {
          expect(await outcome(loadEventForActor(test.db, actor, eventId, action, known)), label).toEqual(
            await outcome(loadEventForActor(test.db, actor, eventId, action)),
          );
        }
        expect(await outcome(getEventDashboard(test.db, actor, { eventId, now: NOW, known })), label).toEqual(
          await outcome(getEventDashboard(test.db, actor, { eventId, now: NOW })),
        );
      }
    }
  });

  it("is ignored for another event than the one asked", async () => {
    const known = await knownThroughSession(world.actors.owner, world.foreignEvent.id);
    const location = await locateEvent(test.db, world.actors.owner, { eventId: world.event.id, known });
    expect(location.kind).toBe("accessible");
    const loaded = await loadEventForActor(test.db, world.actors.owner, world.event.id, "event:view", known);
    expect(loaded.event.id).toBe(world.event.id);
  });
});
