import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { createEvent } from "#domain/events/create-event";
import { updateEvent } from "#domain/events/update-event";
import {
  EDITOR_FIELDS,
  editorValuesFromEvent,
  toFormData,
  EMPTY_EDITOR_VALUES,
  primaryColorFromText,
} from "~/lib/event-editor-values";
import { parseEditorForm } from "~/lib/event-editor-form";
import { createEventsWorld } from "../../tests/support/event-fixtures";
import { createLibsqlTestDatabase, type LibsqlTestDatabase } from "../../tests/support/libsql-test-db";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe("the editor's form", () => {
  it("turns wall-clock dates in the event's zone into UTC instants (summer and winter in Paris, and New York)", () => {
    const summer = parseEditorForm(
      form({ start_at: "2026-07-14T22:00", end_at: "2026-07-15T01:30", timezone: "Europe/Paris" }),
    );
    expect(summer.ok && summer.fields).toMatchObject({
      startAt: new Date("2026-07-14T20:00:00Z"),
      endAt: new Date("2026-07-14T23:30:00Z"),
      timezone: "Europe/Paris",
    });
    const winter = parseEditorForm(
      form({ start_at: "2026-12-31T23:00", end_at: "2027-01-01T04:00", timezone: "Europe/Paris" }),
    );
    expect(winter.ok && winter.fields).toMatchObject({ startAt: new Date("2026-12-31T22:00:00Z") });
    const newYork = parseEditorForm(form({ start_at: "2026-12-31T23:00", end_at: "", timezone: "America/New_York" }));
    expect(newYork.ok && newYork.fields).toMatchObject({ startAt: new Date("2027-01-01T04:00:00Z"), endAt: null });
  });

  it("refuses an end before the start, on the end field, with the domain's message", () => {
    const result = parseEditorForm(
      form({ start_at: "2026-07-14T22:00", end_at: "2026-07-14T21:00", timezone: "Europe/Paris" }),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.fields).toEqual({ end_at: "events:errors.end-before-start" });
  });

  it("refuses a date that does not exist, a zone that does not exist, and coordinates that are not numbers", () => {
    const badDate = parseEditorForm(form({ start_at: "2026-02-30T10:00", timezone: "Europe/Paris" }));
    expect(!badDate.ok && badDate.errors.fields).toEqual({ start_at: "editor:date.invalid" });
    const badZone = parseEditorForm(form({ start_at: "2026-02-10T10:00", timezone: "Europe/Atlantis" }));
    expect(!badZone.ok && badZone.errors.fields).toMatchObject({ timezone: "events:errors.timezone-invalid" });
    const badPlace = parseEditorForm(form({ address_latitude: "quarante-cinq", address_longitude: "200" }));
    expect(!badPlace.ok && badPlace.errors.fields).toEqual({
      address_latitude: "events:errors.latitude-invalid",
      address_longitude: "events:errors.longitude-invalid",
    });
    const badColour = parseEditorForm(form({ primary_color: "rouge", theme: "sepia" }));
    expect(!badColour.ok && badColour.errors.fields).toEqual({
      primary_color: "events:errors.primary-color-invalid",
      theme: "events:errors.theme-invalid",
    });
  });

  it("refuses an emptied title and a start cleared while the end is set, with translated keys", () => {
    const untitled = parseEditorForm(form({ title: "  ", small_description: "Résumé" }));
    expect(!untitled.ok && untitled.errors.fields).toEqual({ title: "editor:title.required" });
    const endOnly = parseEditorForm(form({ start_at: "", end_at: "2026-07-15T01:30", timezone: "Europe/Paris" }));
    expect(!endOnly.ok && endOnly.errors.fields).toEqual({ start_at: "editor:date.start-required" });
  });

  it("accepts coordinates typed with a French decimal comma", () => {
    const result = parseEditorForm(form({ address_latitude: "45,7486", address_longitude: "4,8357" }));
    expect(result.ok && result.fields).toEqual({ addressLatitude: 45.7486, addressLongitude: 4.8357 });
  });

  it("reads only the editor's fields (no status, visibility or banner through this form)", () => {
    const result = parseEditorForm(
      form({ title: "Concert", status: "published", visibility: "private", main_picture: "/x" }),
    );
    expect(result.ok && result.fields).toEqual({ title: "Concert" });
  });

  it("sends every field and reads back what it shows", () => {
    const data = toFormData(EMPTY_EDITOR_VALUES, { intent: "save" });
    expect([...data.keys()].sort()).toEqual([...EDITOR_FIELDS, "intent"].sort());
    const values = editorValuesFromEvent({
      title: "Concert",
      smallDescription: "",
      description: "<p>Bonjour</p>",
      startAt: new Date("2026-07-14T20:00:00Z"),
      endAt: null,
      timezone: "Europe/Paris",
      addressName: "",
      addressLabel: "",
      addressLatitude: 45.6967,
      addressLongitude: 4.8357,
      primaryColor: "#4f46e5",
      theme: "dark",
    });
    expect(values).toMatchObject({
      start_at: "2026-07-14T22:00",
      end_at: "",
      address_latitude: "45.6967",
      address_longitude: "4.8357",
      theme: "dark",
    });
  });

  it("shows half a place, or the spec's 50/50 default, as no place (issue 25 §8)", () => {
    const event = {
      title: "Concert",
      smallDescription: "",
      description: "",
      startAt: new Date("2026-07-14T20:00:00Z"),
      endAt: null,
      timezone: "Europe/Paris",
      addressName: "",
      addressLabel: "",
      primaryColor: "#4f46e5",
      theme: "light" as const,
    };
    for (const [addressLatitude, addressLongitude] of [
      [45.6967, null],
      [50, 50],
    ] as const) {
      expect(editorValuesFromEvent({ ...event, addressLatitude, addressLongitude })).toMatchObject({
        address_latitude: "",
        address_longitude: "",
      });
    }
  });

  it("keeps from the hex field only the colours the events schema accepts", () => {
    expect(primaryColorFromText("#1E3A8A")).toBe("#1e3a8a");
    expect(primaryColorFromText(" #ffd60a ")).toBe("#ffd60a");
    for (const text of ["1e3a8a", "#fff", "fff", "#1e3a8", "#1e3a8a0", "#gggggg", "rouge", ""]) {
      expect(primaryColorFromText(text), text).toBeNull();
      // What the field refuses, a save refuses too.
      const saved = parseEditorForm(form({ primary_color: text }));
      expect(saved.ok, text).toBe(false);
    }
  });
});

describe("saving the editor's form through the events domain", () => {
  let test: LibsqlTestDatabase;
  let world: Awaited<ReturnType<typeof createEventsWorld>>;
  beforeAll(async () => {
    test = await createLibsqlTestDatabase();
    world = await createEventsWorld(test.db);
  });
  afterAll(() => test?.close());

  it("stores a description with a script in it sanitized, and the dates in UTC", async () => {
    const created = parseEditorForm(form({ title: "Nuit des étoiles" }));
    if (!created.ok) throw new Error("the title alone is a valid form");
    const event = await createEvent(test.db, world.actors.admin, { fields: created.fields });

    const parsed = parseEditorForm(
      form({
        ...Object.fromEntries(Object.entries(EMPTY_EDITOR_VALUES)),
        title: "Nuit des étoiles",
        start_at: "2026-09-12T20:00",
        end_at: "2026-09-13T01:30",
        description:
          '<h2>Au programme</h2><p onclick="steal()">Observation <strong>guidée</strong></p><script>alert(document.cookie)</script>' +
          '<img src="x" onerror="alert(1)"><p><a href="javascript:alert(1)">piège</a> <a href="https://example.org">site</a></p>',
      }),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    await updateEvent(test.db, world.actors.admin, { eventId: event.id, changes: parsed.fields });

    const [row] = await test.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.description).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(row!.description).toContain("<h2>Au programme</h2>");
    expect(row!.description).toContain("<strong>guidée</strong>");
    expect(row!.description).toContain('href="https://example.org"');
    expect(row!.startAt).toEqual(new Date("2026-09-12T18:00:00Z"));
    expect(row!.endAt).toEqual(new Date("2026-09-12T23:30:00Z"));
    expect(editorValuesFromEvent({ ...row!, addressLatitude: null, addressLongitude: null }).start_at).toBe(
      "2026-09-12T20:00",
    );
  });
});
