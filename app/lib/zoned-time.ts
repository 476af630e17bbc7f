/**
 * What the editor needs on top of the events domain's time-zone arithmetic (`#domain/events/event-time-zone`, pure
 * Intl, the one implementation): the zones it offers, the `datetime-local` value of an instant, offset labels.
 * Events store UTC epoch ms and are edited as `datetime-local` values ("YYYY-MM-DDTHH:mm") in the event's zone.
 */
import {
  isValidTimeZone,
  PLATFORM_TIME_ZONE,
  timeZoneOffsetMs,
  utcToZonedDateTime,
} from "#domain/events/event-time-zone";

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

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The `datetime-local` value ("YYYY-MM-DDTHH:mm") showing that instant in `timeZone`; "" for no date. */
export function utcToZonedInput(date: Date | number | null | undefined, timeZone: string): string {
  if (date === null || date === undefined) return "";
  const ms = typeof date === "number" ? date : date.getTime();
  if (!Number.isFinite(ms)) return "";
  return utcToZonedDateTime(ms, isValidTimeZone(timeZone) ? timeZone : PLATFORM_TIME_ZONE);
}

/** "UTC+01:00"-style label of the zone's offset at that instant, for the zone select. */
export function formatUtcOffset(timeZone: string, at: Date | number = Date.now()): string {
  const offsetMinutes = Math.round(timeZoneOffsetMs(timeZone, at) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
