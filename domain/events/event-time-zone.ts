/**
 * Time-zone arithmetic for events: times are stored as UTC epoch ms and shown in the event's IANA zone.
 * Pure functions on Intl, so they run the same in the browser, in workerd and in Node.
 */

import { ruledOffsetMs } from "./time-zone-rules";

/**
 * The platform's zone: new events start in it, and everything that belongs to an organization rather than an event
 * (finance periods, payout days, inboxes, logs, admin pages) is shown in it, since organizations have no zone of their own.
 */
export const PLATFORM_TIME_ZONE = "Europe/Paris";

const MINUTE = 60_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a zone Intl knows (e.g. "Europe/Paris", "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(epochMs: number, timeZone: string): WallClock {
  const ruled = ruledOffsetMs(timeZone, epochMs);
  if (ruled !== undefined) {
    const shifted = new Date(epochMs + ruled);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }
  return intlWallClock(epochMs, timeZone);
}

function intlWallClock(epochMs: number, timeZone: string): WallClock {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return {
    year: values.year!,
    month: values.month!,
    day: values.day!,
    // Some engines print midnight as 24 even with h23.
    hour: values.hour! % 24,
    minute: values.minute!,
    second: values.second!,
  };
}

/**
 * Offset of the zone from UTC at that instant, in ms (Europe/Paris in summer: +7 200 000): from the installed
 * time-zone rules when they cover it (the server's data, in the browser), else from this runtime's Intl.
 */
export function timeZoneOffsetMs(timeZone: string, at: Date | number): number {
  const epochMs = typeof at === "number" ? at : at.getTime();
  return ruledOffsetMs(timeZone, epochMs) ?? intlTimeZoneOffsetMs(timeZone, epochMs);
}

/** The offset this runtime's own Intl data gives, whatever rules are installed. */
export function intlTimeZoneOffsetMs(timeZone: string, at: Date | number): number {
  const epochMs = typeof at === "number" ? at : at.getTime();
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  const c = intlWallClock(wholeSeconds, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - wholeSeconds;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** "YYYY-MM-DDTHH:mm" as shown on a wall clock in the zone (the value of an `<input type="datetime-local">`). */
export function utcToZonedDateTime(at: Date | number, timeZone: string): string {
  const c = wallClock(typeof at === "number" ? at : at.getTime(), timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/** "YYYY-MM-DD": the calendar day of that instant in the zone. */
export function zonedDayKey(at: Date | number, timeZone: string): string {
  return utcToZonedDateTime(at, timeZone).slice(0, 10);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "YYYY-MM-DDTHH:mm[:ss]" read as a wall clock; null for other text and for dates or times that do not exist. */
function parseWallClock(local: string): WallClock | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  // Rejects 31 February and the like.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day, hour, minute, second };
}

/**
 * The UTC instant of a wall-clock time ("YYYY-MM-DDTHH:mm[:ss]", the value of an `<input type="datetime-local">`) in
 * the zone ("2026-06-21T20:00" in Europe/Paris → 18:00Z), or null when the text is not such a time or the zone is
 * unknown. Like Temporal's "compatible" disambiguation: a time skipped when clocks go forward moves forward by the gap
 * (02:30 → 03:30); a time repeated when clocks go back is the earlier instant.
 */
export function zonedDateTimeToUtc(local: string, timeZone: string): Date | null {
  const wall = parseWallClock(local);
  if (!wall || !isValidTimeZone(timeZone)) return null;
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Around a DST change the wall-clock time maps to 0, 1 or 2 instants: try the offsets in force on either side.
  const before = timeZoneOffsetMs(timeZone, asUtc - DAY_MS);
  const after = timeZoneOffsetMs(timeZone, asUtc + DAY_MS);
  const valid = [asUtc - before, asUtc - after].filter((t) => asUtc - t === timeZoneOffsetMs(timeZone, t));
  if (valid.length > 0) return new Date(Math.min(...valid));
  return new Date(asUtc - before);
}

/** UTC instant of local midnight starting the given day ("YYYY-MM-DD") in the zone. */
export function zonedStartOfDay(dayKey: string, timeZone: string): Date {
  const start = zonedDateTimeToUtc(`${dayKey}T00:00`, timeZone);
  if (!start) throw new RangeError(`Not a day: ${dayKey}`);
  return start;
}

/** The next calendar day key ("2026-03-31" → "2026-04-01"). */
export function nextDayKey(dayKey: string): string {
  const [y, m, d] = dayKey.split("-").map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + 1));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** Days from one key to another (same key → 0). */
export function dayKeyDistance(from: string, to: string): number {
  const toEpochDay = (key: string) => {
    const [y, m, d] = key.split("-").map(Number);
    return Date.UTC(y!, m! - 1, d!) / DAY_MS;
  };
  return toEpochDay(to) - toEpochDay(from);
}

export type OffsetSegment = {
  /** First instant (UTC ms) where this offset applies; null for "from the beginning of time". */
  from: number | null;
  offsetMs: number;
};

/**
 * The zone's UTC offsets between two instants, as constant segments split at the exact DST transitions, so that
 * `floor((t + offset(t)) / DAY_MS)` is the local calendar day of t. Transitions are found to the minute.
 */
export function offsetSegments(
  timeZone: string,
  from: number,
  to: number,
  // Two changes closer together than the step would be missed: 6 hours is safe for any zone.
  step = 6 * 60 * MINUTE,
): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ from: null, offsetMs: timeZoneOffsetMs(timeZone, from) }];
  let previous = from;
  let previousOffset = segments[0]!.offsetMs;
  for (let at = Math.min(from + step, to); ; at = Math.min(at + step, to)) {
    const offset = timeZoneOffsetMs(timeZone, at);
    if (offset !== previousOffset) {
      // The change happened in (previous, at]: narrow it down to the minute.
      let low = Math.floor(previous / MINUTE) * MINUTE;
      let high = Math.ceil(at / MINUTE) * MINUTE;
      while (high - low > MINUTE) {
        const middle = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
        if (timeZoneOffsetMs(timeZone, middle) === previousOffset) low = middle;
        else high = middle;
      }
      segments.push({ from: high, offsetMs: offset });
      previousOffset = offset;
    }
    previous = at;
    if (at >= to) break;
  }
  return segments;
}
