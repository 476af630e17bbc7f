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

describe("event time zones", () => {
  it("knows valid IANA zones", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
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
