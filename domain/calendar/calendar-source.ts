import { events } from "#db/schema";
import { eventSlug } from "../events/event-slug";
import { googleCalendarUrl, outlookCalendarUrl, type CalendarLinks } from "./calendar-links";
import { calendarUid, eventCalendarFile, type CalendarEvent } from "./event-calendar";

/** The event columns a calendar entry is made of. */
/** The event columns a calendar entry is built from (a CalendarSource), for every read of one. */
export const calendarColumns = {
  id: events.id,
  title: events.title,
  startAt: events.startAt,
  endAt: events.endAt,
  timezone: events.timezone,
  addressName: events.addressName,
  addressLabel: events.addressLabel,
  smallDescription: events.smallDescription,
  calendarSequence: events.calendarSequence,
};

export type CalendarSource = {
  id: number;
  /** The date of a multi-date event the entry is for (decision 0068): its entry has a UID of its own. */
  dateId?: number | null;
  title: string;
  startAt: Date | null;
  endAt: Date | null;
  timezone: string;
  addressName: string;
  addressLabel: string;
  smallDescription: string;
  calendarSequence: number;
};

/** "Le Trianon, 80 boulevard de Rochechouart, 75018 Paris": the place name, then its address, as the pages show it. */
export function calendarLocation(source: Pick<CalendarSource, "addressName" | "addressLabel">): string {
  return [source.addressName, source.addressLabel]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/**
 * The calendar entry of an event, linking to `url` (the buyer's order page, or the public page): the description is
 * the event's short description, then the link. Null for an event without a start date, which no calendar can hold.
 */
export function calendarEventOf(
  source: CalendarSource,
  options: { siteUrl: string; url: string; now: Date },
): CalendarEvent | null {
  if (!source.startAt) return null;
  const summary = source.smallDescription.trim();
  return {
    uid: calendarUid(source.id, options.siteUrl, source.dateId ?? null),
    sequence: source.calendarSequence,
    timeZone: source.timezone,
    startAt: source.startAt,
    endAt: source.endAt,
    summary: source.title,
    location: calendarLocation(source),
    description: summary ? `${summary}\n\n${options.url}` : options.url,
    url: options.url,
    stampAt: options.now,
  };
}

/**
 * The event as one of its dates (decision 0068): the date's start and end, and its own place when it has one, so the
 * calendar entry of a ticket sold for that date is that evening's, not the run's.
 */
export function calendarSourceOnDate<T extends Omit<CalendarSource, "calendarSequence">>(
  source: T,
  date: { id: number; startAt: Date; endAt: Date | null; addressName: string | null; addressLabel: string | null },
): T {
  const ownPlace = Boolean(date.addressName || date.addressLabel);
  return {
    ...source,
    dateId: date.id,
    startAt: date.startAt,
    endAt: date.endAt,
    addressName: ownPlace ? (date.addressName ?? "") : source.addressName,
    addressLabel: ownPlace ? (date.addressLabel ?? "") : source.addressLabel,
  };
}

/** The attachment's name: the title's slug in plain ASCII, else `event-<id>`. */
export function calendarFilename(source: Pick<CalendarSource, "id" | "title">): string {
  const ascii = eventSlug(source.title)
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)
    .replace(/-$/, "");
  return `${ascii || `event-${source.id}`}.ics`;
}

export type CalendarFile = { filename: string; content: string };

export function calendarFileOf(source: CalendarSource, event: CalendarEvent | CalendarEvent[]): CalendarFile {
  return { filename: calendarFilename(source), content: eventCalendarFile(event) };
}

/** The three ways to add the event: the `.ics` address given, and Google's and Outlook's prefilled pages. */
export function calendarLinksOf(event: CalendarEvent, icsUrl: string): CalendarLinks {
  return { ics: icsUrl, google: googleCalendarUrl(event), outlook: outlookCalendarUrl(event) };
}

/** The site's address for links and UIDs: APP_URL when configured, else the address the request came to. */
export function siteUrlOf(env: { APP_URL?: string }, requestUrl: string): string {
  return env.APP_URL || new URL(requestUrl).origin;
}
