import { DAY_MS, offsetSegments, PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import type { TimeZoneRules } from "#domain/events/time-zone-rules";
import { COMMON_TIME_ZONES } from "~/lib/zoned-time";

// Past dates (orders, check-ins) and coming events (sold up to two years ahead) are covered; others use each side's Intl.
const DAYS_BEFORE = 400;
const DAYS_AFTER = 800;
// Clocks change at most twice in a few weeks (Morocco around Ramadan: about 30 days apart), so sampling every 14 days
// finds every change, which offsetSegments then narrows to the minute: under 100 ms for all zones (~800 ms sampling every
// 6 hours), once a day per isolate; about 4 KB of JSON.
const SAMPLE_STEP = 14 * DAY_MS;

let cached: { day: number; rules: TimeZoneRules } | undefined;

/** This runtime's offsets of the zones the product offers, around today; computed once a day per isolate. */
export function serverTimeZoneRules(now: number = Date.now()): TimeZoneRules {
  const day = Math.floor(now / DAY_MS);
  if (cached?.day === day) return cached.rules;
  const from = (day - DAYS_BEFORE) * DAY_MS;
  const to = (day + DAYS_AFTER) * DAY_MS;
  const zones: TimeZoneRules["zones"] = {};
  for (const zone of new Set<string>([PLATFORM_TIME_ZONE, ...COMMON_TIME_ZONES])) {
    zones[zone] = offsetSegments(zone, from, to, SAMPLE_STEP).map((segment) => [
      segment.from ?? from,
      segment.offsetMs / 60_000,
    ]);
  }
  cached = { day, rules: { from, to, zones } };
  return cached.rules;
}
