import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { eventAccesses, events, orders, participants } from "#db/schema";
import { canInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { forbidden } from "../shared/app-error";
import { escapeLike } from "../shared/sql";

export const eventListFilters = ["all", "published", "past", "archived", "draft"] as const;
export type EventListFilter = (typeof eventListFilters)[number];
export const defaultEventListFilter: EventListFilter = "all";

/** Spec §2: a filter from the query is accepted only if it is in the allowed list, else the default applies. */
export function parseEventListFilter(value: string | null | undefined): EventListFilter {
  return (eventListFilters as readonly string[]).includes(value ?? "") ? (value as EventListFilter) : defaultEventListFilter;
}

export type EventListItem = {
  id: number;
  title: string;
  mainPicture: string;
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

/**
 * The home list of the actor's current organization. Members with an organization role see every event;
 * guests (empty role) see only the events they were given access to (spec §7 events-guest).
 */
/**
 * Which of the organization's events the actor may list: every one with an organization role that lists events,
 * else (guests) only those they were given access to (spec §7 events-guest).
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
      .where(and(eq(eventAccesses.userId, actor.userId), eq(eventAccesses.organizationId, organizationId)));
    conditions.push(inArray(events.id, accessible));
  }
  return conditions;
}

export async function listEvents(
  db: Database,
  actor: Actor,
  input: {
    filter?: EventListFilter;
    search?: string;
    now?: Date;
    /** Only the events the actor was given access to (spec §7 events-guest), whatever the organization role. */
    accessOnly?: boolean;
  } = {},
): Promise<EventListItem[]> {
  if (actor.organizationId === null) return [];
  const now = input.now ?? new Date();
  const filter = input.filter ?? defaultEventListFilter;
  const conditions: SQL[] = visibleEventsConditions(db, actor, actor.organizationId, { accessOnly: input.accessOnly });

  const isPast = and(sql`${events.endAt} is not null`, lt(events.endAt, now));
  const notPast = or(isNull(events.endAt), gte(events.endAt, now));
  switch (filter) {
    case "all":
      conditions.push(ne(events.status, "archived"));
      break;
    case "published":
      conditions.push(eq(events.status, "published"), notPast!);
      break;
    case "past":
      conditions.push(ne(events.status, "archived"), isPast!);
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

  const participantCounts = db
    .select({
      eventId: participants.eventId,
      count: sql<number>`count(*)`.as("participant_count"),
    })
    .from(participants)
    .innerJoin(orders, eq(orders.id, participants.orderId))
    .where(and(eq(participants.ticketType, "ticket"), inArray(orders.status, ["paid", "manual", "pending"])))
    .groupBy(participants.eventId)
    .as("participant_counts");
  const sales = db
    .select({ eventId: orders.eventId, gross: sql<number>`sum(${orders.amount})`.as("gross") })
    .from(orders)
    .where(inArray(orders.status, ["paid", "manual"]))
    .groupBy(orders.eventId)
    .as("sales");

  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      mainPicture: events.mainPicture,
      status: events.status,
      visibility: events.visibility,
      startAt: events.startAt,
      endAt: events.endAt,
      timezone: events.timezone,
      addressName: events.addressName,
      participantCount: sql<number>`coalesce(${participantCounts.count}, 0)`,
      grossSales: sql<number>`coalesce(${sales.gross}, 0)`,
    })
    .from(events)
    .leftJoin(participantCounts, eq(participantCounts.eventId, events.id))
    .leftJoin(sales, eq(sales.eventId, events.id))
    .where(and(...conditions))
    .orderBy(
      ...(filter === "past"
        ? [desc(events.startAt), desc(events.id)]
        : [asc(sql`${events.startAt} is null`), asc(events.startAt), desc(events.id)]),
    );

  return rows.map((row) => ({
    ...row,
    participantCount: Number(row.participantCount),
    grossSales: Number(row.grossSales),
    isPast: row.endAt !== null && row.endAt.getTime() < now.getTime(),
  }));
}
