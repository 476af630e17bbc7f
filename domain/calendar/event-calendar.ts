import { timeZoneOffsetMs } from "../events/event-time-zone";
import { escapeText, joinContentLines, localDateTime, utcDateTime } from "./ics-text";
import { vtimezoneLines } from "./vtimezone";

/** An event without an end lasts this long in calendars (decision 0055). */
export const DEFAULT_CALENDAR_DURATION_MS = 2 * 60 * 60 * 1000;

/** What a calendar entry of an event holds; every text is plain (no HTML), unescaped. */
export type CalendarEvent = {
  /** `event-<id>@<host>`: the same for every file of the event, so a calendar updates the entry it imported. */
  uid: string;
  /** `events.calendar_sequence`: raised with each change of date, time or place. */
  sequence: number;
  /** The event's IANA zone. */
  timeZone: string;
  startAt: Date;
  endAt: Date | null;
  summary: string;
  /** Place name and address ("Le Trianon, 80 boulevard de Rochechouart, 75018 Paris"); empty when none. */
  location: string;
  description: string;
  /** The buyer's order page, or the public event page. */
  url: string;
  /** When the file was made (DTSTAMP). */
  stampAt: Date;
};

/** The entry's end: the event's own, else the start plus two hours. */
export function calendarEnd(startAt: Date, endAt: Date | null): Date {
  return endAt && endAt.getTime() > startAt.getTime()
    ? endAt
    : new Date(startAt.getTime() + DEFAULT_CALENDAR_DURATION_MS);
}

/**
 * `event-<id>@<host>`: the host of the site's address (APP_URL, else the request's); `event-<id>-date-<dateId>@<host>`
 * for one date of a multi-date event, so two evenings of a run are two entries.
 */
export function calendarUid(eventId: number, siteUrl: string, dateId: number | null = null): string {
  const host = new URL(siteUrl).host;
  return dateId === null ? `event-${eventId}@${host}` : `event-${eventId}-date-${dateId}@${host}`;
}

/**
 * The `.ics` file of one event (RFC 5545): a `VCALENDAR` (PUBLISH) with the `VTIMEZONE` of the event's zone and one
 * `VEVENT` whose start and end are wall-clock times in that zone. CRLF line ends, lines folded at 75 octets. Several
 * entries (the dates of a pass, decision 0068) give one `VEVENT` each, in one zone.
 */
export function eventCalendarFile(entries: CalendarEvent | CalendarEvent[]): string {
  const list = Array.isArray(entries) ? entries : [entries];
  const first = list[0]!;
  const start = Math.min(...list.map((event) => event.startAt.getTime()));
  const end = Math.max(...list.map((event) => calendarEnd(event.startAt, event.endAt).getTime()));
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Guichet//Guichet Billetterie//FR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...vtimezoneLines(first.timeZone, start, end),
    ...list.flatMap(veventLines),
    "END:VCALENDAR",
  ];
  return joinContentLines(lines);
}

function veventLines(event: CalendarEvent): string[] {
  const start = event.startAt.getTime();
  const end = calendarEnd(event.startAt, event.endAt).getTime();
  const zoned = (at: number) => `;TZID=${event.timeZone}:${localDateTime(at, timeZoneOffsetMs(event.timeZone, at))}`;
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(event.stampAt.getTime())}`,
    `DTSTART${zoned(start)}`,
    `DTEND${zoned(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `URL:${event.url}`,
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}
