import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { actorOf, addMembership, createEventsWorld, createUser } from "../../tests/support/event-fixtures";
import { locateEvent } from "./locate-event";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
});
afterAll(() => test?.close());

describe("locateEvent (no-access screens)", () => {
  it("finds an accessible event of the selected organization", async () => {
    const location = await locateEvent(test.db, world.actors.owner, { eventId: world.event.id });
    expect(location.kind).toBe("accessible");
    if (location.kind === "accessible") expect(location.event.id).toBe(world.event.id);
    expect((await locateEvent(test.db, world.actors.guestManager, { eventId: world.event.id })).kind).toBe(
      "accessible",
    );
  });

  it("points to the other organization of the user that holds the event", async () => {
    const both = await createUser(test.db, "both");
    await addMembership(test.db, world.organization.id, both.id, "event_manager");
    await addMembership(test.db, world.foreignOrganization.id, both.id, "admin");
    const selectedForeign = actorOf(both, world.foreignOrganization.id, "admin");
    expect(await locateEvent(test.db, selectedForeign, { eventId: world.event.id })).toEqual({
      kind: "other-organization",
      organizationId: world.organization.id,
      organizationTitle: world.organization.title,
    });
  });

  it("does not point to an organization where the user could not view the event", async () => {
    const guest = await createUser(test.db, "guest-elsewhere");
    await addMembership(test.db, world.organization.id, guest.id, "");
    await addMembership(test.db, world.foreignOrganization.id, guest.id, "owner");
    expect(
      await locateEvent(test.db, actorOf(guest, world.foreignOrganization.id, "owner"), { eventId: world.event.id }),
    ).toEqual({
      kind: "not-found",
    });
  });

  it("judges a platform admin by their own membership in the event's organization, not by their admin stand-in", async () => {
    const admin = await createUser(test.db, "platform-admin-guest");
    await addMembership(test.db, world.organization.id, admin.id, "");
    // Acting in the foreign organization as a platform admin (askAdmin): not a member there.
    const actor = { ...actorOf(admin, world.foreignOrganization.id, "admin"), isAdmin: true, viaPlatformAdmin: true };
    expect(await locateEvent(test.db, actor, { eventId: world.event.id })).toEqual({ kind: "not-found" });
  });

  it("answers not-found for strangers, viewers without access and unknown ids", async () => {
    expect(await locateEvent(test.db, world.actors.foreignOwner, { eventId: world.event.id })).toEqual({
      kind: "not-found",
    });
    expect(await locateEvent(test.db, world.actors.guestNone, { eventId: world.event.id })).toEqual({
      kind: "not-found",
    });
    expect(await locateEvent(test.db, world.actors.guestValidator, { eventId: world.event.id })).toEqual({
      kind: "not-found",
    });
    expect(await locateEvent(test.db, world.actors.owner, { eventId: 987_654 })).toEqual({ kind: "not-found" });
    expect(await locateEvent(test.db, world.actors.owner, { eventId: Number.NaN })).toEqual({ kind: "not-found" });
  });
});
