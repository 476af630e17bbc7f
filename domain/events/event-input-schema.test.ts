import * as v from "valibot";
import { describe, expect, it } from "vitest";
import frEvents from "../../app/locales/fr/events.json";
import {
  deleteEventSchema,
  eventCapacitySchema,
  eventFieldsSchema,
  eventSettingsSchema,
  META_PIXEL_ID_ERROR_FR,
  publishOptionsSchema,
} from "./event-input-schema";

function issuesOf(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.issues) fields[v.getDotPath(issue) ?? "_"] ??= issue.message;
  return fields;
}

describe("eventFieldsSchema", () => {
  it("maps snake_case input to the domain fields and ignores unknown keys", () => {
    const output = v.parse(eventFieldsSchema, {
      id: 12,
      tickets: [],
      access_token: "",
      title: "  Fête  ",
      small_description: "Court",
      description: "<p>Long</p>",
      start_at: "2026-06-21T18:00:00Z",
      end_at: Date.parse("2026-06-21T23:00:00Z"),
      timezone: "Europe/Paris",
      address_label: "1 rue de la Paix, Paris",
      address_name: "Salle Pleyel",
      address_latitude: "48.8566",
      address_longitude: 2.3522,
      contact_email: " Contact@Exemple.TEST ",
      refund_policy: "",
      primary_color: "#AABBCC",
      theme: "dark",
      meta_pixel_id: "123456",
      visibility: "private",
      event_capacity: "250",
      allow_billing: "on",
    });
    expect(output).toEqual({
      title: "Fête",
      smallDescription: "Court",
      description: "<p>Long</p>",
      startAt: new Date("2026-06-21T18:00:00Z"),
      endAt: new Date("2026-06-21T23:00:00Z"),
      timezone: "Europe/Paris",
      addressLabel: "1 rue de la Paix, Paris",
      addressName: "Salle Pleyel",
      addressLatitude: 48.8566,
      addressLongitude: 2.3522,
      contactEmail: "contact@exemple.test",
      refundPolicy: null,
      primaryColor: "#aabbcc",
      theme: "dark",
      metaPixelId: "123456",
      visibility: "private",
      eventCapacity: 250,
      allowBilling: true,
    });
  });

  it("accepts a partial input and clears dates and coordinates with null or ''", () => {
    expect(v.parse(eventFieldsSchema, {})).toEqual({});
    expect(v.parse(eventFieldsSchema, { start_at: null, end_at: "", address_latitude: "" })).toEqual({
      startAt: null,
      endAt: null,
      addressLatitude: null,
    });
    expect(v.parse(eventFieldsSchema, { start_at: "2026-06-21T20:00:00+02:00" })).toEqual({
      startAt: new Date("2026-06-21T18:00:00Z"),
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["a title over 120 characters", { title: "x".repeat(121) }, "title", "events:errors.title-too-long"],
    ["an empty title", { title: "" }, "title", "editor:title.required"],
    ["a blank title", { title: "   " }, "title", "editor:title.required"],
    [
      "an end without a start",
      { start_at: "", end_at: "2026-06-21T18:00:00Z" },
      "start_at",
      "editor:date.start-required",
    ],
    [
      "a latitude with two commas",
      { address_latitude: "45,7,486" },
      "address_latitude",
      "events:errors.latitude-invalid",
    ],
    [
      "a description over 50 kB",
      { description: `<p>${"é".repeat(25_000)}</p>` },
      "description",
      "events:errors.description-too-long",
    ],
    ["a start that is not a date", { start_at: "next friday" }, "start_at", "events:errors.start-invalid"],
    ["a local time without offset", { start_at: "2026-06-21T20:00" }, "start_at", "events:errors.start-invalid"],
    ["an end that is not a date", { end_at: true }, "end_at", "events:errors.end-invalid"],
    [
      "an end before the start",
      { start_at: "2026-06-21T18:00:00Z", end_at: "2026-06-21T17:00:00Z" },
      "end_at",
      "events:errors.end-before-start",
    ],
    [
      "an end equal to the start",
      { start_at: 1_800_000_000_000, end_at: 1_800_000_000_000 },
      "end_at",
      "events:errors.end-before-start",
    ],
    ["an unknown time zone", { timezone: "Europe/Atlantis" }, "timezone", "events:errors.timezone-invalid"],
    ["a latitude out of range", { address_latitude: 91 }, "address_latitude", "events:errors.latitude-invalid"],
    [
      "a longitude out of range",
      { address_longitude: "-180.5" },
      "address_longitude",
      "events:errors.longitude-invalid",
    ],
    ["a latitude that is text", { address_latitude: "north" }, "address_latitude", "events:errors.latitude-invalid"],
    [
      "an invalid contact email",
      { contact_email: "contact@exemple" },
      "contact_email",
      "events:errors.contact-email-invalid",
    ],
    ["a colour name", { primary_color: "red" }, "primary_color", "events:errors.primary-color-invalid"],
    ["a short hex colour", { primary_color: "#abc" }, "primary_color", "events:errors.primary-color-invalid"],
    ["an unknown theme", { theme: "blue" }, "theme", "events:errors.theme-invalid"],
    ["a non-numeric pixel id", { meta_pixel_id: "12ab" }, "meta_pixel_id", "events:errors.meta-pixel-id-invalid"],
    [
      "a pixel id with a space inside",
      { meta_pixel_id: "12 34" },
      "meta_pixel_id",
      "events:errors.meta-pixel-id-invalid",
    ],
    ["an unknown visibility", { visibility: "secret" }, "visibility", "events:errors.visibility-invalid"],
    ["a capacity below -1", { event_capacity: -2 }, "event_capacity", "events:errors.event-capacity-negative"],
    ["a fractional capacity", { event_capacity: 10.5 }, "event_capacity", "events:errors.event-capacity-invalid"],
    [
      "an allow_billing that is not a boolean",
      { allow_billing: "maybe" },
      "allow_billing",
      "events:errors.allow-billing-invalid",
    ],
  ])("refuses %s", (_label, input, field, message) => {
    expect(issuesOf(eventFieldsSchema, input)).toMatchObject({ [field]: message });
  });

  it("takes start_date / end_date for start_at / end_at (spec §3), the _at names winning when both are sent", () => {
    expect(v.parse(eventFieldsSchema, { start_date: "2026-06-21T18:00:00Z", end_date: null })).toEqual({
      startAt: new Date("2026-06-21T18:00:00Z"),
      endAt: null,
    });
    expect(
      v.parse(eventFieldsSchema, {
        start_at: "2026-07-01T18:00:00Z",
        start_date: "2026-06-21T18:00:00Z",
        end_at: null,
        end_date: "2026-06-21T20:00:00Z",
      }),
    ).toEqual({ startAt: new Date("2026-07-01T18:00:00Z"), endAt: null });
    expect(
      issuesOf(eventFieldsSchema, { start_date: "2026-06-21T18:00:00Z", end_date: "2026-06-21T17:00:00Z" }),
    ).toEqual({ end_at: "events:errors.end-before-start" });
    expect(issuesOf(eventFieldsSchema, { start_date: "", end_date: "2026-06-21T17:00:00Z" })).toEqual({
      start_at: "editor:date.start-required",
    });
    expect(issuesOf(eventFieldsSchema, { start_date: "next friday" })).toEqual({
      start_date: "events:errors.start-invalid",
    });
  });

  it("takes the personalized messages with their own size rule (spec §3)", () => {
    expect(
      v.parse(eventFieldsSchema, {
        confirmation_page_message: "<p>Merci</p>",
        email_pdf_message: "",
        email_pdf_email_response: "billetterie@example.org",
      }),
    ).toEqual({
      confirmationPageMessage: "<p>Merci</p>",
      emailPdfMessage: "",
      emailPdfEmailResponse: "billetterie@example.org",
    });
    expect(
      issuesOf(eventFieldsSchema, { email_pdf_message: "x".repeat(20_001), confirmation_page_message: 3 }),
    ).toEqual({
      email_pdf_message: "event-messages:errors.too-long",
      confirmation_page_message: "event-messages:errors.too-long",
    });
  });

  it("accepts coordinates with a French decimal comma", () => {
    expect(v.parse(eventFieldsSchema, { address_latitude: "45,7486", address_longitude: " -4,8357 " })).toEqual({
      addressLatitude: 45.7486,
      addressLongitude: -4.8357,
    });
  });

  it("accepts the limits", () => {
    expect(
      issuesOf(eventFieldsSchema, {
        title: "x".repeat(120),
        event_capacity: -1,
        meta_pixel_id: "",
        address_latitude: -90,
      }),
    ).toEqual({});
  });

  it("reports every bad field at once", () => {
    expect(
      Object.keys(issuesOf(eventFieldsSchema, { title: "x".repeat(200), theme: "blue", meta_pixel_id: "x" })).sort(),
    ).toEqual(["meta_pixel_id", "theme", "title"]);
  });
});

describe("other event schemas", () => {
  it("parses the settings", () => {
    expect(v.parse(eventSettingsSchema, { meta_pixel_id: " 987 ", allow_billing: false })).toEqual({
      metaPixelId: "987",
      allowBilling: false,
    });
    expect(v.parse(eventSettingsSchema, { meta_pixel_id: "" })).toEqual({ metaPixelId: "" });
    expect(issuesOf(eventSettingsSchema, { meta_pixel_id: "abc" })).toEqual({
      meta_pixel_id: "events:errors.meta-pixel-id-invalid",
    });
  });

  // Each way to miss a capacity has its own message (audit: -5 was told to be "a whole number").
  it.each([
    [-5, "events:errors.event-capacity-negative"],
    ["-5", "events:errors.event-capacity-negative"],
    [" -2 ", "events:errors.event-capacity-negative"],
    [10.5, "events:errors.event-capacity-invalid"],
    ["10,5", "events:errors.event-capacity-invalid"],
    ["cent", "events:errors.event-capacity-invalid"],
    ["", "events:errors.event-capacity-invalid"],
    [1_000_000_001, "events:errors.event-capacity-too-large"],
    ["2000000000", "events:errors.event-capacity-too-large"],
  ])("refuses the capacity %j with its own message", (capacity, message) => {
    const result = v.safeParse(eventCapacitySchema, capacity);
    expect(result.issues?.map((issue) => issue.message)).toEqual([message]);
  });

  it("takes -1 (unlimited), 0 and whole numbers, as numbers or text", () => {
    for (const [input, output] of [
      [-1, -1],
      ["0", 0],
      [" 250 ", 250],
      [1_000_000_000, 1_000_000_000],
    ] as const)
      expect(v.parse(eventCapacitySchema, input)).toBe(output);
  });

  it("has a message in both languages for each capacity problem", () => {
    for (const key of ["event-capacity-invalid", "event-capacity-negative", "event-capacity-too-large"] as const) {
      expect(frEvents.errors[key]).toBeTruthy();
    }
    expect(frEvents.errors["event-capacity-negative"]).not.toMatch(/entier/);
  });

  it("has the spec's French message for the pixel id", () => {
    expect(frEvents.errors["meta-pixel-id-invalid"]).toBe(META_PIXEL_ID_ERROR_FR);
    expect(META_PIXEL_ID_ERROR_FR).toBe("Format de Meta Pixel ID invalide. Veuillez entrer un ID numérique valide.");
  });

  it("parses publish options", () => {
    expect(v.parse(publishOptionsSchema, {})).toEqual({ confirm_without_tickets: false });
    expect(v.parse(publishOptionsSchema, { visibility: "private", confirm_without_tickets: true })).toEqual({
      visibility: "private",
      confirm_without_tickets: true,
    });
  });

  it("needs DELETE typed exactly", () => {
    expect(v.safeParse(deleteEventSchema, { confirmation: "DELETE" }).success).toBe(true);
    for (const confirmation of ["delete", "DELETE ", " DELETE", "DELET", ""]) {
      expect(issuesOf(deleteEventSchema, { confirmation })).toEqual({
        confirmation: "events:errors.delete-confirmation",
      });
    }
  });
});
