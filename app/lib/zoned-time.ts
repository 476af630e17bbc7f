/**
 * Wall-clock times in an IANA time zone <-> UTC instants, with Intl only (no time-zone database of our own).
 * Events store UTC epoch ms and are edited as `datetime-local` values ("YYYY-MM-DDTHH:mm") in the event's zone.
 */

export const DEFAULT_TIME_ZONE = "Europe/Paris";

/** The zones offered by the editor's select; an event keeps any other valid zone it already has. */
export const COMMON_TIME_ZONES = [
  "Europe/Paris",
  "Europe/Brussels",
  "Europe/Luxembourg",
  "Europe/Zurich",
  "Europe/Amsterdam",
  "Europe/Berlin",
  "Europe/Madrid",
  "Europe/Rome",
  "Europe/Lisbon",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Athens",
  "Europe/Helsinki",
  "Europe/Istanbul",
  "Africa/Casablanca",
  "Africa/Algiers",
  "Africa/Tunis",
  "Africa/Dakar",
  "Africa/Abidjan",
  "Africa/Johannesburg",
  "Indian/Reunion",
  "Indian/Mauritius",
  "America/Martinique",
  "America/Guadeloupe",
  "America/Cayenne",
  "America/Montreal",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Pacific/Noumea",
  "Pacific/Tahiti",
  "Asia/Dubai",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "UTC",
] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
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

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClockAt(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    // Some engines print midnight as 24 even with h23.
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

function wallClockAsUtcMs(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** The zone's offset from UTC, in ms, at that instant (e.g. +3 600 000 for Paris in winter). */
export function timeZoneOffsetMs(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return wallClockAsUtcMs(wallClockAt(whole, timeZone)) - whole;
}

const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function parseLocalIso(localISO: string): WallClock | null {
  const match = LOCAL_ISO.exec(localISO.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((x) => Number(x ?? 0)) as [
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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The UTC instant of a wall-clock time ("YYYY-MM-DDTHH:mm[:ss]") in `timeZone`, or null when the text is not such a
 * time or the zone is unknown. Like Temporal's "compatible" disambiguation: a time repeated when clocks go back is
 * the earlier instant; a time skipped when clocks go forward is moved forward by the gap (02:30 → 03:30).
 */
export function zonedDateTimeToUtc(localISO: string, timeZone: string): Date | null {
  const wall = parseLocalIso(localISO);
  if (!wall || !isValidTimeZone(timeZone)) return null;
  const asUtc = wallClockAsUtcMs(wall);
  const offsetBefore = timeZoneOffsetMs(asUtc - DAY_MS, timeZone);
  const offsetAfter = timeZoneOffsetMs(asUtc + DAY_MS, timeZone);
  const candidates = [asUtc - offsetBefore, asUtc - offsetAfter]
    .filter((t) => wallClockAsUtcMs(wallClockAt(t, timeZone)) === asUtc)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? asUtc - offsetBefore);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The `datetime-local` value ("YYYY-MM-DDTHH:mm") showing that instant in `timeZone`; "" for no date. */
export function utcToZonedInput(date: Date | number | null | undefined, timeZone: string): string {
  if (date === null || date === undefined) return "";
  const ms = typeof date === "number" ? date : date.getTime();
  if (!Number.isFinite(ms)) return "";
  const w = wallClockAt(ms, isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** "UTC+01:00"-style label of the zone's offset at that instant, for the zone select. */
export function formatUtcOffset(timeZone: string, at: Date | number = Date.now()): string {
  const offsetMinutes = Math.round(timeZoneOffsetMs(typeof at === "number" ? at : at.getTime(), timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
