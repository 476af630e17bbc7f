import { calendarEnd, type CalendarEvent } from "./event-calendar";
import { utcDateTime } from "./ics-text";

type LinkEvent = Pick<CalendarEvent, "startAt" | "endAt" | "summary" | "location" | "description" | "timeZone">;

/** Google Calendar's "add event" page, prefilled; times in UTC, the event's zone as the entry's display zone. */
export function googleCalendarUrl(event: LinkEvent): string {
  const start = utcDateTime(event.startAt.getTime());
  const end = utcDateTime(calendarEnd(event.startAt, event.endAt).getTime());
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.summary,
    dates: `${start}/${end}`,
    details: event.description,
    location: event.location,
    ctz: event.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

const isoUtc = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** Outlook.com's "new event" page, prefilled; times as ISO 8601 in UTC. */
export function outlookCalendarUrl(event: LinkEvent): string {
  const params = new URLSearchParams({
    subject: event.summary,
    startdt: isoUtc(event.startAt),
    enddt: isoUtc(calendarEnd(event.startAt, event.endAt)),
    body: event.description,
    location: event.location,
    path: "/calendar/action/compose",
    rru: "addevent",
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params}`;
}

export type CalendarLinks = { ics: string; google: string; outlook: string };
