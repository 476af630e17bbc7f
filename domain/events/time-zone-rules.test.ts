import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime } from "#domain/shared/format";
import { serverTimeZoneRules } from "~/server/time-zone-rules.server";
import { intlTimeZoneOffsetMs, timeZoneOffsetMs, utcToZonedDateTime, zonedDateTimeToUtc } from "./event-time-zone";
import { installTimeZoneRules, type TimeZoneRules } from "./time-zone-rules";

const HOUR = 3_600_000;
const jan2027 = Date.UTC(2027, 0, 15, 19, 0);

/** Rules as an older browser has them for Morocco: UTC+01:00 all year. */
const olderMorocco: TimeZoneRules = {
  from: Date.UTC(2026, 0, 1),
  to: Date.UTC(2028, 0, 1),
  zones: { "Africa/Casablanca": [[Date.UTC(2026, 0, 1), 60]] },
};

afterEach(() => installTimeZoneRules(null));

describe("installed time-zone rules", () => {
  it("give every offset, wall clock and formatted date of a zone they cover", () => {
    installTimeZoneRules(olderMorocco);
    expect(timeZoneOffsetMs("Africa/Casablanca", jan2027)).toBe(HOUR);
    expect(utcToZonedDateTime(jan2027, "Africa/Casablanca")).toBe("2027-01-15T20:00");
    expect(zonedDateTimeToUtc("2027-01-15T20:00", "Africa/Casablanca")?.getTime()).toBe(jan2027);
    expect(formatDateTime(jan2027, "fr", "Africa/Casablanca")).toContain("20:00");
  });

  it("leave other zones and instants outside their window to this runtime's Intl", () => {
    installTimeZoneRules(olderMorocco);
    const later = Date.UTC(2029, 0, 15, 19, 0);
    expect(timeZoneOffsetMs("Africa/Casablanca", later)).toBe(intlTimeZoneOffsetMs("Africa/Casablanca", later));
    expect(timeZoneOffsetMs("Europe/Paris", jan2027)).toBe(HOUR);
    expect(formatDateTime(jan2027, "fr", "Europe/Paris")).toContain("20:00");
  });
});

describe("serverTimeZoneRules", () => {
  it("reproduces this runtime's offsets to the minute around every change, for every zone offered", () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const rules = serverTimeZoneRules(now);
    expect(rules.from).toBeLessThan(now - 365 * 24 * HOUR);
    expect(rules.to).toBeGreaterThan(now + 2 * 365 * 24 * HOUR);
    const zones = Object.keys(rules.zones);
    expect(zones).toContain("Africa/Casablanca");
    expect(zones).toContain("Europe/Paris");
    installTimeZoneRules(rules);
    for (const zone of zones) {
      for (let at = rules.from; at < rules.to; at += 5 * HOUR + 17 * 60_000) {
        if (timeZoneOffsetMs(zone, at) !== intlTimeZoneOffsetMs(zone, at)) {
          expect.fail(`${zone} at ${new Date(at).toISOString()}`);
        }
      }
      for (const [from] of rules.zones[zone]!.slice(1)) {
        expect(timeZoneOffsetMs(zone, from)).toBe(intlTimeZoneOffsetMs(zone, from));
        expect(timeZoneOffsetMs(zone, from - 60_000)).toBe(intlTimeZoneOffsetMs(zone, from - 60_000));
      }
    }
  });

  it("is small enough to send with every page", () => {
    expect(JSON.stringify(serverTimeZoneRules(Date.UTC(2026, 10, 28))).length).toBeLessThan(6_000);
  });
});
