import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, organizations } from "#db/schema";
import { eventSlug } from "../events/event-slug";
import { sanitizeEventHtml } from "../events/sanitize-event-html";

export type PublicOrganizationEvent = {
  id: number;
  title: string;
  slug: string;
  startAt: Date | null;
  endAt: Date | null;
  timezone: string;
  mainPicture: string;
  addressLabel: string;
};

export type PublicOrganization = {
  id: number;
  title: string;
  slug: string;
  smallDescription: string;
  /** Sanitized rich text. */
  description: string;
  mainPicture: string;
  coverPicture: string;
  contactEmail: string;
  pageUrl: string;
  addressLabel: string;
  addressLatitude: number;
  addressLongitude: number;
  events: PublicOrganizationEvent[];
};

const UPCOMING_LIMIT = 50;

/**
 * The public organization page (issue 12 §8): a private organization has none (null, as an unknown one). Lists its
 * upcoming published public events (not over yet), soonest first.
 */
export async function getPublicOrganization(
  db: Database,
  organizationId: number | null,
  now: Date = new Date(),
): Promise<PublicOrganization | null> {
  if (organizationId === null) return null;
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!row || row.isPrivate) return null;
  const upcoming = await db
    .select({
      id: events.id,
      title: events.title,
      startAt: events.startAt,
      endAt: events.endAt,
      timezone: events.timezone,
      mainPicture: events.mainPicture,
      addressLabel: events.addressLabel,
    })
    .from(events)
    .where(
      and(
        eq(events.organizationId, row.id),
        eq(events.status, "published"),
        eq(events.visibility, "public"),
        or(gte(events.endAt, now), and(isNull(events.endAt), or(isNull(events.startAt), gte(events.startAt, now)))),
      ),
    )
    .orderBy(sql`${events.startAt} is null`, asc(events.startAt), asc(events.id))
    .limit(UPCOMING_LIMIT);
  return {
    id: row.id,
    title: row.title,
    slug: eventSlug(row.title),
    smallDescription: row.smallDescription,
    description: sanitizeEventHtml(row.description),
    mainPicture: row.mainPicture,
    coverPicture: row.coverPicture,
    contactEmail: row.contactEmail,
    pageUrl: row.pageUrl,
    addressLabel: row.addressLabel,
    addressLatitude: row.addressLatitude / 1_000_000,
    addressLongitude: row.addressLongitude / 1_000_000,
    events: upcoming.map((event) => ({ ...event, slug: eventSlug(event.title) })),
  };
}

/**
 * The edge cache version of the page: changes with any edit of the organization or of one of its events, so a new
 * event, an unpublished one or a renamed title shows at the next request. Null when there is no public page.
 */
export async function getPublicOrganizationVersion(db: Database, organizationId: number): Promise<string | null> {
  const [row] = await db
    .select({
      updatedAt: organizations.updatedAt,
      isPrivate: organizations.isPrivate,
      events: sql<string>`(select coalesce(max(${events.updatedAt}), 0) || '-' || count(*) from ${events} where ${eq(events.organizationId, organizations.id)})`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row || row.isPrivate) return null;
  return `${row.updatedAt.getTime()}-${row.events}`;
}
