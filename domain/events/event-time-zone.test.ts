import { describe, expect, it } from "vitest";
import {
  isValidTimeZone,
  offsetSegments,
  timeZoneOffsetMs,
  utcToZonedDateTime,
  zonedDateTimeToUtc,
  zonedDayKey,
  zonedStartOfDay,
} from "./event-time-zone";

const HOUR = 3_600_000;
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("event time zones", () => {
  it("knows valid IANA zones", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("Europe/Atlantis")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });

  it("computes offsets in and out of summer time", () => {
    expect(timeZoneOffsetMs("Europe/Paris", Date.parse("2026-01-15T12:00:00Z"))).toBe(HOUR);
    expect(timeZoneOffsetMs("Europe/Paris", Date.parse("2026-07-15T12:00:00Z"))).toBe(2 * HOUR);
    expect(timeZoneOffsetMs("Asia/Kolkata", Date.parse("2026-07-15T12:00:00Z"))).toBe(5.5 * HOUR);
    expect(timeZoneOffsetMs("America/New_York", Date.parse("2026-07-15T12:00:00Z"))).toBe(-4 * HOUR);
  });

  it("converts wall-clock times both ways", () => {
    expect(zonedDateTimeToUtc("2026-06-21T20:00", "Europe/Paris")?.toISOString()).toBe("2026-06-21T18:00:00.000Z");
    expect(zonedDateTimeToUtc("2026-12-21T20:00", "Europe/Paris")?.toISOString()).toBe("2026-12-21T19:00:00.000Z");
    expect(utcToZonedDateTime(new Date("2026-06-21T18:00:00Z"), "Europe/Paris")).toBe("2026-06-21T20:00");
    expect(zonedDayKey(new Date("2026-06-21T22:30:00Z"), "Europe/Paris")).toBe("2026-06-22");
    expect(zonedDateTimeToUtc("2026-02-30T10:00", "Europe/Paris")).toBeNull();
    expect(zonedDateTimeToUtc("tomorrow", "Europe/Paris")).toBeNull();
  });

  it("handles the DST gap and overlap", () => {
    // 02:30 does not exist on 2026-03-29 in Paris: it moves forward by the hour skipped.
    expect(zonedDateTimeToUtc("2026-03-29T02:30", "Europe/Paris")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens twice on 2026-10-25: the earlier instant is taken.
    expect(zonedDateTimeToUtc("2026-10-25T02:30", "Europe/Paris")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedStartOfDay("2026-03-29", "Europe/Paris").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(zonedStartOfDay("2026-03-30", "Europe/Paris").toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("splits offsets at the exact DST transitions", () => {
    const from = Date.parse("2026-03-20T00:00:00Z");
    const to = Date.parse("2026-11-01T00:00:00Z");
    expect(offsetSegments("Europe/Paris", from, to)).toEqual([
      { from: null, offsetMs: HOUR },
      { from: Date.parse("2026-03-29T01:00:00Z"), offsetMs: 2 * HOUR },
      { from: Date.parse("2026-10-25T01:00:00Z"), offsetMs: HOUR },
    ]);
    expect(offsetSegments("UTC", from, to)).toEqual([{ from: null, offsetMs: 0 }]);
  });
});

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
