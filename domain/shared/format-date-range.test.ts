import { describe, expect, it } from "vitest";
import { formatDateRange, formatDateTime } from "./format";

describe("formatDateRange (every date range shown)", () => {
  const start = new Date("2027-03-12T19:00:00Z");

  it("shows a same-day event as one date and two times, in the event's time zone", () => {
    expect(formatDateRange(start, new Date("2027-03-12T22:30:00Z"), "fr", "Europe/Paris")).toBe(
      "ven. 12 mars 2027, 20:00 – 23:30",
    );
    expect(formatDateRange(start, new Date("2027-03-12T22:30:00Z"), "en", "Europe/Paris")).toBe(
      "Fri, 12 Mar 2027, 20:00 – 23:30",
    );
  });

  it("judges the day in the event's time zone, not in UTC", () => {
    expect(formatDateRange(start, new Date("2027-03-12T23:30:00Z"), "fr", "Europe/Paris")).toBe(
      "ven. 12 mars 2027, 20:00 – sam. 13 mars 2027, 00:30",
    );
    expect(
      formatDateRange(new Date("2027-03-12T08:00:00Z"), new Date("2027-03-12T12:00:00Z"), "fr", "Pacific/Auckland"),
    ).toBe("ven. 12 mars 2027, 21:00 – sam. 13 mars 2027, 01:00");
    expect(
      formatDateRange(new Date("2027-03-12T22:00:00Z"), new Date("2027-03-13T03:30:00Z"), "fr", "America/Montreal"),
    ).toBe("ven. 12 mars 2027, 17:00 – 22:30");
  });

  it("shows the start alone without an end", () => {
    expect(formatDateRange(start, null, "fr", "Europe/Paris")).toBe(formatDateTime(start, "fr", "Europe/Paris"));
  });
});
