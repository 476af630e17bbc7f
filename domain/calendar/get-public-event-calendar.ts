import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, organizations } from "#db/schema";
import { eventSlug } from "../events/event-slug";
import { publicEventPath, verifyPrivateEventHash } from "../events/private-event-link";
import { notFound } from "../shared/app-error";
import type { SigningEnv } from "../shared/signing-secret";
import type { CalendarLinks } from "./calendar-links";
import {
  calendarColumns,
  calendarEventOf,
  calendarFileOf,
  calendarLinksOf,
  type CalendarFile,
  type CalendarSource,
} from "./calendar-source";

/** `/events/:id/calendar.ics` on the site's address, with a private event's `t`. */
export function publicEventCalendarUrl(siteUrl: string, eventId: number, privateHash: string | null): string {
  const url = new URL(`/events/${eventId}/calendar.ics`, siteUrl);
  if (privateHash) url.searchParams.set("t", privateHash);
  return url.toString();
}

/** The public calendar entry links to the public page (with the private link's `t` for a private event). */
function publicCalendarEvent(
  env: SigningEnv,
  source: CalendarSource & { visibility: "public" | "private"; privateLinkVersion: number },
  siteUrl: string,
  now: Date,
) {
  return calendarEventOf(source, { siteUrl, url: new URL(publicEventPath(env, source), siteUrl).toString(), now });
}

/**
 * The `.ics` file of an event's public page, anonymous, for the events that page itself shows
 * (domain/public-events/get-public-event.ts): published, and a private one only with its link's current `t`; an
 * event without a start date has none. Anything else is not found.
 */
export async function getPublicEventCalendar(
  db: Database,
  env: SigningEnv,
  input: { eventId: number; hash: string | null; siteUrl: string; now?: Date },
): Promise<CalendarFile> {
  const [event] = await db
    .select({
      ...calendarColumns,
      status: events.status,
      visibility: events.visibility,
      privateLinkVersion: events.privateLinkVersion,
    })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(eq(events.id, input.eventId))
    .limit(1);
  if (!event || event.status !== "published") throw notFound();
  if (event.visibility === "private" && !verifyPrivateEventHash(env, event, input.hash)) throw notFound();
  const entry = publicCalendarEvent(env, event, input.siteUrl, input.now ?? new Date());
  if (!entry) throw notFound();
  return calendarFileOf(event, entry);
}

/**
 * The public page's "add to calendar" links, for the event the page shows (`privateHash`: the private link's `t` the
 * page was opened with, already checked); null without a start date.
 */
export function publicEventCalendarLinks(
  source: Omit<CalendarSource, "calendarSequence">,
  options: { siteUrl: string; privateHash: string | null; now?: Date },
): CalendarLinks | null {
  const page = new URL(`/events/${source.id}/${encodeURIComponent(eventSlug(source.title))}`, options.siteUrl);
  if (options.privateHash) page.searchParams.set("t", options.privateHash);
  const entry = calendarEventOf(
    { ...source, calendarSequence: 0 },
    { siteUrl: options.siteUrl, url: page.toString(), now: options.now ?? new Date() },
  );
  if (!entry) return null;
  return calendarLinksOf(entry, publicEventCalendarUrl(options.siteUrl, source.id, options.privateHash));
}
