import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, organizations } from "#db/schema";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";
import { createEventsWorld, createTestEvent, createTicket } from "../../tests/support/event-fixtures";
import { updateEvent } from "./update-event";
import { updateEventSettings } from "./update-event-settings";
import { DEFAULT_SELF_SERVICE } from "../self-service/self-service-rules";

let test: LibsqlTestDatabase;
let world: Awaited<ReturnType<typeof createEventsWorld>>;
let eventId = 0;
const created = new Date("2026-01-01T00:00:00Z");

beforeAll(async () => {
  test = await createLibsqlTestDatabase();
  world = await createEventsWorld(test.db);
});
afterAll(() => test?.close());

beforeEach(async () => {
  const event = await createTestEvent(test.db, world.organization.id, {
    title: "Avant",
    smallDescription: "Résumé",
    startAt: new Date("2026-06-21T18:00:00Z"),
    endAt: new Date("2026-06-21T23:00:00Z"),
    accessToken: "preview",
    createdAt: created,
    updatedAt: created,
  });
  eventId = event.id;
});

const stored = async () => (await test.db.select().from(events).where(eq(events.id, eventId)))[0]!;

describe("updateEvent", () => {
  it("changes only the given fields, sanitizes the description and bumps updated_at", async () => {
    const now = new Date("2026-03-01T09:00:00Z");
    const event = await updateEvent(test.db, world.actors.owner, {
      eventId,
      now,
      changes: {
        title: "Après",
        description: '<p>Texte <a href="javascript:alert(1)">lien</a></p><img src=x onerror=alert(1)>',
        addressLatitude: 45.764043,
      },
    });
    expect(event).toMatchObject({
      title: "Après",
      smallDescription: "Résumé",
      description: '<p>Texte <a rel="noopener noreferrer nofollow" target="_blank">lien</a></p>',
      addressLatitude: 45.764043,
      updatedAt: now,
      createdAt: created,
      status: "draft",
    });
    expect((await stored()).addressLatitude).toBe(45_764_043);
  });

  it("saves the personalized messages in the same write, sanitized and within their size limit", async () => {
    const now = new Date("2026-03-02T09:00:00Z");
    const event = await updateEvent(test.db, world.actors.owner, {
      eventId,
      now,
      changes: {
        title: "Avec messages",
        confirmationPageMessage: "<p>Merci<script>alert(1)</script></p>",
        emailPdfMessage: '<p onclick="x()">Billet</p>',
        emailPdfEmailResponse: "billetterie@example.org",
      },
    });
    expect(event).toMatchObject({
      title: "Avec messages",
      confirmationPageMessage: "<p>Merci</p>",
      emailPdfMessage: "<p>Billet</p>",
      emailPdfEmailResponse: "billetterie@example.org",
      updatedAt: now,
    });
    // 19,000 bytes as sent, 95,000 once "&" is escaped: refused after sanitizing, nothing written.
    await expect(
      updateEvent(test.db, world.actors.owner, {
        eventId,
        changes: { title: "Trop long", emailPdfMessage: "&".repeat(19_000) },
      }),
    ).rejects.toMatchObject({ code: "validation", fields: { email_pdf_message: "event-messages:errors.too-long" } });
    expect(await stored()).toMatchObject({ title: "Avec messages", emailPdfMessage: "<p>Billet</p>", updatedAt: now });
  });

  it("checks the end against the stored start, writing nothing when it is before", async () => {
    await expect(
      updateEvent(test.db, world.actors.owner, {
        eventId,
        changes: { title: "Jamais", endAt: new Date("2026-06-21T17:00:00Z") },
      }),
    ).rejects.toMatchObject({ code: "validation", fields: { end_at: "events:errors.end-before-start" } });
    expect(await stored()).toMatchObject({ title: "Avant", updatedAt: created });
    // Clearing both dates is allowed.
    const cleared = await updateEvent(test.db, world.actors.owner, {
      eventId,
      changes: { startAt: null, endAt: null },
    });
    expect(cleared).toMatchObject({ startAt: null, endAt: null });
  });

  it("refuses clearing the start while the end stays set, on the start, writing nothing", async () => {
    for (const changes of [{ startAt: null }, { startAt: null, endAt: new Date("2026-06-21T17:00:00Z") }]) {
      await expect(
        updateEvent(test.db, world.actors.owner, { eventId, changes: { title: "Jamais", ...changes } }),
      ).rejects.toMatchObject({
        code: "validation",
        fields: { start_at: "editor:date.start-required" },
      });
    }
    expect(await stored()).toMatchObject({
      title: "Avant",
      startAt: new Date("2026-06-21T18:00:00Z"),
      updatedAt: created,
    });
  });

  it("refuses an emptied title, writing nothing; leaving the title out keeps it", async () => {
    for (const title of ["", "   "]) {
      await expect(
        updateEvent(test.db, world.actors.owner, { eventId, changes: { title, smallDescription: "Perdu" } }),
      ).rejects.toMatchObject({
        code: "validation",
        fields: { title: "editor:title.required" },
      });
    }
    expect(await stored()).toMatchObject({ title: "Avant", smallDescription: "Résumé", updatedAt: created });
    expect(
      await updateEvent(test.db, world.actors.owner, { eventId, changes: { smallDescription: "Gardé" } }),
    ).toMatchObject({ title: "Avant" });
  });

  it("applies a target status in the same write, or nothing at all", async () => {
    // Judged on the event as the write leaves it: clearing the start date in the same call makes it incomplete.
    await expect(
      updateEvent(test.db, world.actors.owner, {
        eventId,
        changes: { title: "Publié ?", startAt: null, endAt: null },
        status: { target: "published" },
      }),
    ).rejects.toMatchObject({ code: "conflict", messageKey: "events:errors.publish-incomplete" });
    expect(await stored()).toMatchObject({ title: "Avant", status: "draft" });

    // Without tickets the plain call publishes (spec §4: the client asks 'Publier sans billets ?' itself).
    const event = await updateEvent(test.db, world.actors.owner, {
      eventId,
      changes: { title: "Publié", visibility: "private" },
      status: { target: "published" },
    });
    expect(event).toMatchObject({ title: "Publié", status: "published", visibility: "private", accessToken: null });
    // The same status again changes nothing but the fields.
    const again = await updateEvent(test.db, world.actors.owner, {
      eventId,
      changes: { title: "Encore" },
      status: { target: "published" },
    });
    expect(again).toMatchObject({ title: "Encore", status: "published" });
  });

  it("refuses a publish needing a payment account, leaving the fields as they were", async () => {
    const event = await stored();
    await createTicket(test.db, event, { price: 1200 });
    await test.db
      .update(organizations)
      .set({ isConnectedAccountValid: false })
      .where(eq(organizations.id, world.organization.id));
    await expect(
      updateEvent(test.db, world.actors.owner, {
        eventId,
        changes: { title: "Payant" },
        status: { target: "published" },
      }),
    ).rejects.toMatchObject({ code: "conflict", messageKey: "events:errors.payment-account-required" });
    expect(await stored()).toMatchObject({ title: "Avant", status: "draft" });
  });

  it("lets organization members and event managers update; others get 404", async () => {
    for (const actor of [world.actors.admin, world.actors.manager, world.actors.guestManager]) {
      await expect(
        updateEvent(test.db, actor, { eventId: world.event.id, changes: { smallDescription: "ok" } }),
      ).resolves.toBeTruthy();
    }
    for (const actor of [world.actors.guestValidator, world.actors.guestNone, world.actors.foreignOwner]) {
      await expect(
        updateEvent(test.db, actor, { eventId: world.event.id, changes: { title: "pirate" } }),
      ).rejects.toMatchObject({
        code: "not_found",
      });
    }
  });
});

describe("updateEventSettings", () => {
  it("stores a numeric pixel id or an empty one, and allow_billing", async () => {
    expect(await updateEventSettings(test.db, world.actors.owner, { eventId, metaPixelId: " 1234567890 " })).toEqual({
      metaPixelId: "1234567890",
      allowBilling: false,
      ...DEFAULT_SELF_SERVICE,
      waitingListHoldHours: 24,
    });
    expect(
      await updateEventSettings(test.db, world.actors.guestManager, { eventId: world.event.id, allowBilling: true }),
    ).toEqual({
      metaPixelId: "",
      allowBilling: true,
      ...DEFAULT_SELF_SERVICE,
      waitingListHoldHours: 24,
    });
    expect(await updateEventSettings(test.db, world.actors.owner, { eventId, metaPixelId: "" })).toMatchObject({
      metaPixelId: "",
    });
  });

  it("refuses a non-numeric pixel id, writing nothing", async () => {
    await updateEventSettings(test.db, world.actors.owner, { eventId, metaPixelId: "42" });
    await expect(
      updateEventSettings(test.db, world.actors.owner, { eventId, metaPixelId: "42a" }),
    ).rejects.toMatchObject({
      code: "validation",
      fields: { meta_pixel_id: "events:errors.meta-pixel-id-invalid" },
    });
    expect((await stored()).metaPixelId).toBe("42");
  });

  it("answers 404 to other organizations", async () => {
    await expect(
      updateEventSettings(test.db, world.actors.foreignOwner, { eventId, allowBilling: true }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
