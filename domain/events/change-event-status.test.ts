import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, organizations, type EventStatus } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import {
  createEventsWorld,
  createOrganization,
  createTestEvent,
  createTicket,
  actorOf,
  addMembership,
  createUser,
} from "../../tests/support/event-fixtures";
import {
  canTransition,
  changeEventStatus,
  eventStatusActions,
  getPublishReadiness,
  setEventStatus,
  statusActionFor,
  type EventStatusAction,
} from "./change-event-status";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
});
afterAll(() => test?.close());

const soon = new Date(Date.now() + 30 * 86_400_000);

async function eventWith(status: EventStatus, values: Partial<typeof events.$inferInsert> = {}) {
  const event = await createTestEvent(test.db, world.organization.id, {
    status,
    accessToken: status === "published" ? null : "old-token",
    startAt: soon,
    ...values,
  });
  await createTicket(test.db, event, { price: 0 });
  return event;
}

const expected: Record<EventStatus, Record<EventStatusAction, EventStatus | "refused">> = {
  draft: { publish: "published", unpublish: "refused", archive: "archived", unarchive: "refused" },
  published: { publish: "refused", unpublish: "draft", archive: "archived", unarchive: "refused" },
  archived: { publish: "refused", unpublish: "refused", archive: "refused", unarchive: "draft" },
};

describe("event status transitions", () => {
  for (const from of ["draft", "published", "archived"] as const) {
    for (const action of eventStatusActions) {
      const outcome = expected[from][action];
      it(`${action} from ${from} → ${outcome}`, async () => {
        const event = await eventWith(from);
        expect(canTransition(from, action)).toBe(outcome !== "refused");
        const run = changeEventStatus(test.db, world.actors.owner, { eventId: event.id, action });
        if (outcome === "refused") {
          await expect(run).rejects.toMatchObject({ code: "conflict", messageKey: "events:errors.invalid-transition" });
          const [unchanged] = await test.db.select().from(events).where(eq(events.id, event.id));
          expect(unchanged!.status).toBe(from);
        } else {
          expect((await run).status).toBe(outcome);
        }
      });
    }
  }

  it("maps target statuses to actions", () => {
    expect(statusActionFor("draft", "published")).toBe("publish");
    expect(statusActionFor("published", "draft")).toBe("unpublish");
    expect(statusActionFor("archived", "draft")).toBe("unarchive");
    expect(statusActionFor("draft", "archived")).toBe("archive");
    expect(statusActionFor("published", "archived")).toBe("archive");
    expect(statusActionFor("archived", "published")).toBe("publish");
    expect(statusActionFor("draft", "draft")).toBeNull();
  });
});

describe("publish", () => {
  it("sets published_at, clears the access token and keeps the existing visibility by default", async () => {
    const event = await eventWith("draft", { visibility: "private" });
    const now = new Date("2026-04-02T08:00:00Z");
    const published = await changeEventStatus(test.db, world.actors.owner, {
      eventId: event.id,
      action: "publish",
      now,
    });
    expect(published).toMatchObject({
      status: "published",
      visibility: "private",
      accessToken: null,
      publishedAt: now,
      updatedAt: now,
    });
  });

  it("uses the visibility chosen first", async () => {
    const event = await eventWith("draft");
    expect(
      (
        await changeEventStatus(test.db, world.actors.owner, {
          eventId: event.id,
          action: "publish",
          visibility: "private",
        })
      ).visibility,
    ).toBe("private");
    const other = await eventWith("draft", { visibility: "private" });
    expect(
      (
        await changeEventStatus(test.db, world.actors.owner, {
          eventId: other.id,
          action: "publish",
          visibility: "public",
        })
      ).visibility,
    ).toBe("public");
  });

  it("unpublish ('Remettre en brouillon') gives a new preview token; unarchive returns to draft", async () => {
    const event = await eventWith("published");
    const draft = await changeEventStatus(test.db, world.actors.owner, { eventId: event.id, action: "unpublish" });
    expect(draft.status).toBe("draft");
    expect(draft.accessToken).toMatch(/^[a-z2-7]{32}$/);
    const archived = await changeEventStatus(test.db, world.actors.owner, { eventId: event.id, action: "archive" });
    expect(archived.status).toBe("archived");
    const back = await changeEventStatus(test.db, world.actors.owner, { eventId: event.id, action: "unarchive" });
    expect(back.status).toBe("draft");
    expect(back.accessToken).toMatch(/^[a-z2-7]{32}$/);
  });
});

describe("publish readiness", () => {
  async function organizationWith(accountValid: boolean) {
    const organization = await createOrganization(test.db, { isConnectedAccountValid: accountValid });
    const user = await createUser(test.db, "publisher");
    await addMembership(test.db, organization.id, user.id, "owner");
    return { organization, actor: actorOf(user, organization.id, "owner") };
  }

  it("without tickets: hasTickets false, and the plain publish publishes (the question is the client's)", async () => {
    const { organization, actor } = await organizationWith(false);
    const event = await createTestEvent(test.db, organization.id, { startAt: soon });
    await createTicket(test.db, event, { ticketType: "addon", price: 0 });
    await createTicket(test.db, event, { visibility: "deleted", price: 0 });
    expect(await getPublishReadiness(test.db, actor, event.id)).toEqual({
      hasTickets: false,
      needsPaymentAccount: false,
      missing: [],
      startsInPast: false,
    });
    const published = await changeEventStatus(test.db, actor, { eventId: event.id, action: "publish" });
    expect(published.status).toBe("published");
  });

  it("needs a title and a start date: the readiness says what is missing and the publish is refused", async () => {
    const { organization, actor } = await organizationWith(true);
    const event = await createTestEvent(test.db, organization.id, { title: "  ", startAt: null });
    await createTicket(test.db, event, { price: 0 });
    expect(await getPublishReadiness(test.db, actor, event.id)).toMatchObject({
      missing: ["title", "start-date"],
      startsInPast: false,
    });
    await expect(changeEventStatus(test.db, actor, { eventId: event.id, action: "publish" })).rejects.toMatchObject({
      code: "conflict",
      messageKey: "events:errors.publish-incomplete",
      fields: { title: "events:errors.publish-needs-title", start_at: "events:errors.publish-needs-start-date" },
    });
    await test.db.update(events).set({ title: "Titré" }).where(eq(events.id, event.id));
    await expect(changeEventStatus(test.db, actor, { eventId: event.id, action: "publish" })).rejects.toMatchObject({
      fields: { start_at: "events:errors.publish-needs-start-date" },
    });
    const [unchanged] = await test.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged!.status).toBe("draft");
  });

  it("flags a start date already past (the client confirms), without refusing the publish", async () => {
    const { organization, actor } = await organizationWith(true);
    const now = new Date("2027-03-12T12:00:00Z");
    const event = await createTestEvent(test.db, organization.id, { startAt: new Date("2027-03-01T19:00:00Z") });
    expect(await getPublishReadiness(test.db, actor, event.id, now)).toMatchObject({ missing: [], startsInPast: true });
    expect(await getPublishReadiness(test.db, actor, event.id, new Date("2027-02-01T00:00:00Z"))).toMatchObject({
      startsInPast: false,
    });
    expect((await changeEventStatus(test.db, actor, { eventId: event.id, action: "publish", now })).status).toBe(
      "published",
    );
  });

  it("a paid ticket without a valid payment account refuses the publish", async () => {
    const { organization, actor } = await organizationWith(false);
    const event = await createTestEvent(test.db, organization.id, { startAt: soon });
    await createTicket(test.db, event, { price: 0 });
    await createTicket(test.db, event, { price: 2500 });
    expect(await getPublishReadiness(test.db, actor, event.id)).toMatchObject({
      hasTickets: true,
      needsPaymentAccount: true,
    });
    await expect(changeEventStatus(test.db, actor, { eventId: event.id, action: "publish" })).rejects.toMatchObject({
      code: "conflict",
      messageKey: "events:errors.payment-account-required",
    });
    const [unchanged] = await test.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged!.status).toBe("draft");

    await test.db
      .update(organizations)
      .set({ isConnectedAccountValid: true })
      .where(eq(organizations.id, organization.id));
    expect(await getPublishReadiness(test.db, actor, event.id)).toMatchObject({
      hasTickets: true,
      needsPaymentAccount: false,
    });
    expect((await changeEventStatus(test.db, actor, { eventId: event.id, action: "publish" })).status).toBe(
      "published",
    );
  });

  it("a paid add-on needs the account too; a deleted paid ticket does not", async () => {
    const { organization, actor } = await organizationWith(false);
    const withAddon = await createTestEvent(test.db, organization.id);
    await createTicket(test.db, withAddon, { price: 0 });
    await createTicket(test.db, withAddon, { price: 400, ticketType: "addon" });
    expect(await getPublishReadiness(test.db, actor, withAddon.id)).toMatchObject({
      hasTickets: true,
      needsPaymentAccount: true,
    });
    const withDeleted = await createTestEvent(test.db, organization.id);
    await createTicket(test.db, withDeleted, { price: 0 });
    await createTicket(test.db, withDeleted, { price: 400, visibility: "deleted" });
    expect(await getPublishReadiness(test.db, actor, withDeleted.id)).toMatchObject({
      hasTickets: true,
      needsPaymentAccount: false,
    });
  });
});

describe("status authorization", () => {
  it("lets an event_manager access publish; validators, strangers and other guests get 404", async () => {
    await createTicket(test.db, world.event, { price: 0 });
    await test.db.update(events).set({ startAt: soon }).where(eq(events.id, world.event.id));
    const published = await changeEventStatus(test.db, world.actors.guestManager, {
      eventId: world.event.id,
      action: "publish",
    });
    expect(published.status).toBe("published");
    for (const actor of [world.actors.guestValidator, world.actors.guestNone, world.actors.foreignOwner]) {
      await expect(
        changeEventStatus(test.db, actor, { eventId: world.event.id, action: "unpublish" }),
      ).rejects.toMatchObject({
        code: "not_found",
      });
      await expect(getPublishReadiness(test.db, actor, world.event.id)).rejects.toMatchObject({ code: "not_found" });
    }
    expect(
      (await changeEventStatus(test.db, world.actors.manager, { eventId: world.event.id, action: "archive" })).status,
    ).toBe("archived");
  });
});

describe("setEventStatus (PUT …/status/:status)", () => {
  it("reaches the target through the action leading there, and answers the same status unchanged", async () => {
    const event = await eventWith("draft");
    expect((await setEventStatus(test.db, world.actors.owner, { eventId: event.id, target: "published" })).status).toBe(
      "published",
    );
    const again = await setEventStatus(test.db, world.actors.owner, { eventId: event.id, target: "published" });
    expect(again.status).toBe("published");
    expect((await setEventStatus(test.db, world.actors.owner, { eventId: event.id, target: "draft" })).status).toBe(
      "draft",
    );
    expect((await setEventStatus(test.db, world.actors.owner, { eventId: event.id, target: "archived" })).status).toBe(
      "archived",
    );
    expect((await setEventStatus(test.db, world.actors.owner, { eventId: event.id, target: "draft" })).status).toBe(
      "draft",
    );
  });

  it("publishes without tickets with the chosen visibility; another organization gets not_found", async () => {
    const event = await createTestEvent(test.db, world.organization.id, { startAt: soon });
    await expect(
      setEventStatus(test.db, world.actors.foreignOwner, { eventId: event.id, target: "published" }),
    ).rejects.toMatchObject({ code: "not_found" });
    const published = await setEventStatus(test.db, world.actors.owner, {
      eventId: event.id,
      target: "published",
      visibility: "private",
    });
    expect(published).toMatchObject({ status: "published", visibility: "private", accessToken: null });
  });
});
