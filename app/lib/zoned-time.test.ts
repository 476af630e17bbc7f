import { describe, expect, it } from "vitest";
import {
  COMMON_TIME_ZONES,
  formatUtcOffset,
  isValidTimeZone,
  timeZoneOffsetMs,
  utcToZonedInput,
  zonedDateTimeToUtc,
} from "./zoned-time";

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("zonedDateTimeToUtc", () => {
  it("converts a Paris winter time (UTC+1) and summer time (UTC+2)", () => {
    expect(iso(zonedDateTimeToUtc("2026-01-15T20:30", "Europe/Paris"))).toBe("2026-01-15T19:30:00.000Z");
    expect(iso(zonedDateTimeToUtc("2026-07-14T22:00", "Europe/Paris"))).toBe("2026-07-14T20:00:00.000Z");
  });

  it("accepts seconds and works in zones west of UTC and without DST", () => {
    expect(iso(zonedDateTimeToUtc("2026-07-01T09:15:30", "America/New_York"))).toBe("2026-07-01T13:15:30.000Z");
    expect(iso(zonedDateTimeToUtc("2026-07-01T09:00", "Asia/Tokyo"))).toBe("2026-07-01T00:00:00.000Z");
    expect(iso(zonedDateTimeToUtc("2026-07-01T09:00", "UTC"))).toBe("2026-07-01T09:00:00.000Z");
  });

  it("crosses the date line backwards (the UTC day is the previous one)", () => {
    expect(iso(zonedDateTimeToUtc("2026-03-01T00:30", "Europe/Paris"))).toBe("2026-02-28T23:30:00.000Z");
  });

  it("moves a time skipped by the spring-forward gap forward by the gap (Paris, 29 March 2026)", () => {
    // 02:00 → 03:00 local: 02:30 does not exist and becomes 03:30 CEST = 01:30Z.
    expect(iso(zonedDateTimeToUtc("2026-03-29T02:30", "Europe/Paris"))).toBe("2026-03-29T01:30:00.000Z");
    expect(iso(zonedDateTimeToUtc("2026-03-29T01:59", "Europe/Paris"))).toBe("2026-03-29T00:59:00.000Z");
    expect(iso(zonedDateTimeToUtc("2026-03-29T03:00", "Europe/Paris"))).toBe("2026-03-29T01:00:00.000Z");
  });

  it("picks the earlier instant for a time repeated when clocks go back (Paris, 25 October 2026)", () => {
    // 03:00 CEST → 02:00 CET: 02:30 happens at 00:30Z and again at 01:30Z.
    expect(iso(zonedDateTimeToUtc("2026-10-25T02:30", "Europe/Paris"))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(zonedDateTimeToUtc("2026-10-25T03:00", "Europe/Paris"))).toBe("2026-10-25T02:00:00.000Z");
    expect(iso(zonedDateTimeToUtc("2026-10-25T01:59", "Europe/Paris"))).toBe("2026-10-24T23:59:00.000Z");
  });

  it("handles the US transitions (New York, 8 March and 1 November 2026)", () => {
    expect(iso(zonedDateTimeToUtc("2026-03-08T02:30", "America/New_York"))).toBe("2026-03-08T07:30:00.000Z");
    expect(iso(zonedDateTimeToUtc("2026-11-01T01:30", "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
  });

  it("handles a southern-hemisphere zone whose DST ends in April (Sydney)", () => {
    // 5 April 2026, 03:00 AEDT → 02:00 AEST: 02:30 is ambiguous, the earlier is AEDT (UTC+11).
    expect(iso(zonedDateTimeToUtc("2026-04-05T02:30", "Australia/Sydney"))).toBe("2026-04-04T15:30:00.000Z");
    expect(iso(zonedDateTimeToUtc("2026-06-01T12:00", "Australia/Sydney"))).toBe("2026-06-01T02:00:00.000Z");
  });

  it("refuses what is not a wall-clock time or not a zone", () => {
    expect(zonedDateTimeToUtc("", "Europe/Paris")).toBeNull();
    expect(zonedDateTimeToUtc("2026-02-30T10:00", "Europe/Paris")).toBeNull();
    expect(zonedDateTimeToUtc("2026-13-01T10:00", "Europe/Paris")).toBeNull();
    expect(zonedDateTimeToUtc("2026-01-01T24:00", "Europe/Paris")).toBeNull();
    expect(zonedDateTimeToUtc("1 janvier 2026", "Europe/Paris")).toBeNull();
    expect(zonedDateTimeToUtc("2026-01-01T10:00", "Mars/Olympus_Mons")).toBeNull();
  });
});

describe("utcToZonedInput", () => {
  it("shows the instant as a datetime-local value in the zone", () => {
    expect(utcToZonedInput(new Date("2026-01-15T19:30:00Z"), "Europe/Paris")).toBe("2026-01-15T20:30");
    expect(utcToZonedInput(new Date("2026-07-14T20:00:00Z"), "Europe/Paris")).toBe("2026-07-14T22:00");
    expect(utcToZonedInput(Date.UTC(2026, 6, 1, 0, 0), "Asia/Tokyo")).toBe("2026-07-01T09:00");
    expect(utcToZonedInput(new Date("2026-02-28T23:30:00Z"), "Europe/Paris")).toBe("2026-03-01T00:30");
  });

  it("shows both sides of the DST transitions", () => {
    expect(utcToZonedInput(new Date("2026-03-29T00:59:00Z"), "Europe/Paris")).toBe("2026-03-29T01:59");
    expect(utcToZonedInput(new Date("2026-03-29T01:00:00Z"), "Europe/Paris")).toBe("2026-03-29T03:00");
    expect(utcToZonedInput(new Date("2026-10-25T00:30:00Z"), "Europe/Paris")).toBe("2026-10-25T02:30");
    expect(utcToZonedInput(new Date("2026-10-25T01:30:00Z"), "Europe/Paris")).toBe("2026-10-25T02:30");
  });

  it("shows midnight as 00, not 24", () => {
    expect(utcToZonedInput(new Date("2026-05-31T22:00:00Z"), "Europe/Paris")).toBe("2026-06-01T00:00");
  });

  it("is empty for no date and falls back to Paris for an unknown zone", () => {
    expect(utcToZonedInput(null, "Europe/Paris")).toBe("");
    expect(utcToZonedInput(undefined, "Europe/Paris")).toBe("");
    expect(utcToZonedInput(new Date(Number.NaN), "Europe/Paris")).toBe("");
    expect(utcToZonedInput(new Date("2026-01-15T19:30:00Z"), "Nowhere/Land")).toBe("2026-01-15T20:30");
  });

  it("round-trips with zonedDateTimeToUtc for every minute-aligned hour across a year in every offered zone", () => {
    for (const zone of COMMON_TIME_ZONES) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 13 * 60 * 60 * 1000 + 7 * 60 * 1000) {
        const aligned = t - (t % 60_000);
        const local = utcToZonedInput(aligned, zone);
        const back = zonedDateTimeToUtc(local, zone)!.getTime();
        // Only the second occurrence of a repeated hour may map to its earlier twin.
        if (back !== aligned) expect(aligned - back).toBe(timeZoneOffsetMs(back, zone) - timeZoneOffsetMs(aligned, zone));
      }
    }
  });
});

describe("time-zone helpers", () => {
  it("knows valid zones", () => {
    expect(COMMON_TIME_ZONES.every(isValidTimeZone)).toBe(true);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("Europe/Atlantis")).toBe(false);
  });

  it("labels offsets", () => {
    expect(formatUtcOffset("Europe/Paris", Date.UTC(2026, 0, 1))).toBe("UTC+01:00");
    expect(formatUtcOffset("Europe/Paris", Date.UTC(2026, 6, 1))).toBe("UTC+02:00");
    expect(formatUtcOffset("America/New_York", Date.UTC(2026, 0, 1))).toBe("UTC-05:00");
    expect(formatUtcOffset("Asia/Kolkata", Date.UTC(2026, 0, 1))).toBe("UTC+05:30");
  });
});
