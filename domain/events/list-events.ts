import { and, asc, count, desc, eq, inArray, ne, not, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventAccesses, events, salesFigures, type EventRole } from "#db/schema";
import { canInOrganization, canOnEvent, eventRolesGranting, parseEventRoles } from "../policy";
import type { Actor } from "../shared/actor";
import { forbidden } from "../shared/app-error";
import { escapeLike } from "../shared/sql";
import { defaultEventListFilter, type EventListFilter } from "./event-list-filter";
import { eventNotPastSql, eventPastSql, isEventPast } from "./event-past";

export type EventListItem = {
  id: number;
  title: string;
  mainPicture: string;
  primaryColor: string;
  status: "draft" | "published" | "archived";
  isPast: boolean;
  visibility: "public" | "private";
  startAt: Date | null;
  endAt: Date | null;
  timezone: string;
  addressName: string;
  participantCount: number;
  grossSales: number;
};

/** Spec §9 table paging: zero-based pages; a page of the home grid (divisible by its 2, 3 and 4 columns) by default. */
export const EVENT_LIST_DEFAULT_LIMIT = 24;
export const EVENT_LIST_MAX_LIMIT = 100;

export type EventListPage = { items: EventListItem[]; total: number; page: number; limit: number };

/** A page number and size from untrusted input (query strings): defaults for anything missing or not a number. */
export function eventListPaging(input: { page?: number | string | null; limit?: number | string | null }): {
  page: number;
  limit: number;
} {
  const whole = (value: number | string | null | undefined) => {
    const n =
      typeof value === "string" ? (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN) : (value ?? NaN);
    return Number.isFinite(n) ? Math.trunc(n) : null;
  };
  const limit = whole(input.limit);
  return {
    page: Math.max(whole(input.page) ?? 0, 0),
    limit: limit === null ? EVENT_LIST_DEFAULT_LIMIT : Math.min(Math.max(limit, 1), EVENT_LIST_MAX_LIMIT),
  };
}

/**
 * Event roles that open an event in the back-office (event:view): event_manager and team_manager. A validator only
 * scans entries (spec §6): their events are listed apart, by listEventsToScan, without figures.
 */
export const LISTING_EVENT_ROLES: readonly EventRole[] = eventRolesGranting("event:view");

/** The access row names one of `roles` (stored pipe-separated, "validator|event_manager": whole names only). */
function accessHasAnyRole(roles: readonly EventRole[]): SQL {
  if (roles.length === 0) return sql`0`;
  return or(...roles.map((role) => sql`instr('|' || ${eventAccesses.roles} || '|', ${`|${role}|`}) > 0`))!;
}

/**
 * Which of the organization's events the actor may list: every one with an organization role that lists events,
 * else (guests) only those they were given an event_manager or team_manager access to (spec §7 events-guest): an
 * access as validator alone lists nothing.
 */
export function visibleEventsConditions(
  db: Database,
  actor: Actor,
  organizationId: number,
  options: { accessOnly?: boolean } = {},
): SQL[] {
  const conditions: SQL[] = [eq(events.organizationId, organizationId)];
  if (options.accessOnly || !canInOrganization(actor, "events:list")) {
    if (!options.accessOnly && !canInOrganization(actor, "events:list-guest")) throw forbidden();
    const accessible = db
      .select({ id: eventAccesses.eventId })
      .from(eventAccesses)
      .where(
        and(
          eq(eventAccesses.userId, actor.userId),
          eq(eventAccesses.organizationId, organizationId),
          accessHasAnyRole(LISTING_EVENT_ROLES),
        ),
      );
    conditions.push(inArray(events.id, accessible));
  }
  return conditions;
}

/**
 * The home list of the actor's current organization, one page at a time (`page` zero-based, `limit` at most
 * EVENT_LIST_MAX_LIMIT), with the total for the pager. Members with an organization role see every event; guests
 * (empty role) see only the events they may manage (see visibleEventsConditions).
 */
export async function listEvents(
  db: Database,
  actor: Actor,
  input: {
    filter?: EventListFilter;
    search?: string;
    now?: Date;
    /** Only the events the actor was given access to (spec §7 events-guest), whatever the organization role. */
    accessOnly?: boolean;
    page?: number;
    limit?: number;
  } = {},
): Promise<EventListPage> {
  const { page, limit } = eventListPaging(input);
  if (actor.organizationId === null) return { items: [], total: 0, page, limit };
  const now = input.now ?? new Date();
  const filter = input.filter ?? defaultEventListFilter;
  const conditions: SQL[] = visibleEventsConditions(db, actor, actor.organizationId, { accessOnly: input.accessOnly });

  const isPast = eventPastSql(now);
  const notPast = eventNotPastSql(now);
  switch (filter) {
    case "all":
      conditions.push(ne(events.status, "archived"));
      break;
    case "published":
      conditions.push(eq(events.status, "published"), notPast);
      break;
    case "past":
      conditions.push(ne(events.status, "archived"), isPast);
      break;
    case "archived":
      conditions.push(eq(events.status, "archived"));
      break;
    case "draft":
      conditions.push(eq(events.status, "draft"));
      break;
  }
  const search = input.search?.trim();
  if (search) conditions.push(sql`${events.title} like ${`%${escapeLike(search)}%`} escape '\\'`);

  // The sales figures' row of each listed event (domain/sales-figures, kept by every write that changes them): one
  // primary-key probe per event shown, the same numbers as the event dashboard, whatever the number of participants.
  const participantCount = sql<number>`coalesce(${salesFigures.participants}, 0)`;
  const grossSales = sql<number>`coalesce(${salesFigures.gross}, 0)`;

  const where = and(...conditions);
  const listed = db
    .select({
      id: events.id,
      title: events.title,
      mainPicture: events.mainPicture,
      primaryColor: events.primaryColor,
      status: events.status,
      visibility: events.visibility,
      startAt: events.startAt,
      endAt: events.endAt,
      timezone: events.timezone,
      addressName: events.addressName,
      participantCount,
      grossSales,
    })
    .from(events)
    .leftJoin(
      salesFigures,
      and(eq(salesFigures.eventId, events.id), eq(salesFigures.organizationId, events.organizationId)),
    )
    .where(where)
    .orderBy(...(filter === "past" ? [desc(events.startAt), desc(events.id)] : upcomingFirst(now)))
    .limit(limit)
    .offset(page * limit);
  const [rows, [totals]] = await Promise.all([listed, db.select({ total: count() }).from(events).where(where)]);

  return {
    items: rows.map((row) => ({
      ...row,
      participantCount: Number(row.participantCount),
      grossSales: Number(row.grossSales),
      isPast: isEventPast(row, now),
    })),
    total: Number(totals?.total ?? 0),
    page,
    limit,
  };
}

/** What is coming first (soonest on top, undated after), then what is over. */
function upcomingFirst(now: Date): SQL[] {
  return [asc(eventPastSql(now)), asc(sql`${events.startAt} is null`), asc(events.startAt), desc(events.id)];
}

/** An event the actor scans tickets for: what a door needs to pick it, never its figures. */
export type EventToScan = {
  id: number;
  title: string;
  startAt: Date | null;
  endAt: Date | null;
  timezone: string;
  addressName: string;
  isPast: boolean;
};

export type EventsToScan = {
  items: EventToScan[];
  total: number;
  /** The actor opens no event in the back-office (a validator and nothing else): the home shows only these. */
  scanOnly: boolean;
};

/**
 * The events of the actor's current organization whose entries the actor may validate (event:validate-entries) but
 * which they may not open (event:view): a validator's events. The home grid leaves them out on purpose (its cards
 * open the event area and show sales figures), so the home lists them apart, each leading to the web scanner
 * (/event/:id/scan). Archived events are left out; upcoming first, at most `limit` (EVENT_LIST_MAX_LIMIT by default)
 * with the total. Members whose organization role opens every event get none: they reach the scanner from the event.
 */
export async function listEventsToScan(
  db: Database,
  actor: Actor,
  input: { now?: Date; limit?: number } = {},
): Promise<EventsToScan> {
  const none: EventsToScan = { items: [], total: 0, scanOnly: false };
  const organizationId = actor.organizationId;
  if (organizationId === null || canOnEvent(actor, "event:view", { organizationId })) return none;
  const now = input.now ?? new Date();
  const { limit } = eventListPaging({ limit: input.limit ?? EVENT_LIST_MAX_LIMIT });
  const viewing = eventRolesGranting("event:view");

  const mine = and(eq(eventAccesses.userId, actor.userId), eq(eventAccesses.organizationId, organizationId));
  const where = and(
    mine,
    eq(events.organizationId, organizationId),
    ne(events.status, "archived"),
    accessHasAnyRole(eventRolesGranting("event:validate-entries")),
    not(accessHasAnyRole(viewing)),
  );
  const joined = and(eq(events.id, eventAccesses.eventId), eq(events.organizationId, eventAccesses.organizationId));
  const [rows, [totals], viewable] = await Promise.all([
    db
      .select({
        id: events.id,
        organizationId: events.organizationId,
        title: events.title,
        startAt: events.startAt,
        endAt: events.endAt,
        timezone: events.timezone,
        addressName: events.addressName,
        roles: eventAccesses.roles,
      })
      .from(eventAccesses)
      .innerJoin(events, joined)
      .where(where)
      .orderBy(...upcomingFirst(now))
      .limit(limit),
    db.select({ total: count() }).from(eventAccesses).innerJoin(events, joined).where(where),
    db
      .select({ id: eventAccesses.id })
      .from(eventAccesses)
      .where(and(mine, accessHasAnyRole(viewing)))
      .limit(1),
  ]);

  // The query picked the rows by the policy's roles; the policy still decides each one.
  const items = rows
    .filter((row) => {
      const scope = { organizationId: row.organizationId, roles: parseEventRoles(row.roles) };
      return canOnEvent(actor, "event:validate-entries", scope) && !canOnEvent(actor, "event:view", scope);
    })
    .map((row) => ({
      id: row.id,
      title: row.title,
      startAt: row.startAt,
      endAt: row.endAt,
      timezone: row.timezone,
      addressName: row.addressName,
      isPast: isEventPast(row, now),
    }));
  return {
    items,
    total: Number(totals?.total ?? 0),
    scanOnly: !canInOrganization(actor, "events:list") && viewable.length === 0,
  };
}
