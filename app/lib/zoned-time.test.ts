import { describe, expect, it } from "vitest";
import { isValidTimeZone, timeZoneOffsetMs, zonedDateTimeToUtc } from "#domain/events/event-time-zone";
import { COMMON_TIME_ZONES, formatUtcOffset, utcToZonedInput } from "./zoned-time";

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
        if (back !== aligned)
          expect(aligned - back).toBe(timeZoneOffsetMs(zone, back) - timeZoneOffsetMs(zone, aligned));
      }
    }
  });
});

describe("time-zone select helpers", () => {
  it("offers only valid zones", () => {
    expect(COMMON_TIME_ZONES.every(isValidTimeZone)).toBe(true);
  });

  it("labels offsets", () => {
    expect(formatUtcOffset("Europe/Paris", Date.UTC(2026, 0, 1))).toBe("UTC+01:00");
    expect(formatUtcOffset("Europe/Paris", Date.UTC(2026, 6, 1))).toBe("UTC+02:00");
    expect(formatUtcOffset("America/New_York", Date.UTC(2026, 0, 1))).toBe("UTC-05:00");
    expect(formatUtcOffset("Asia/Kolkata", Date.UTC(2026, 0, 1))).toBe("UTC+05:30");
  });
});
