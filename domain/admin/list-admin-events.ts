import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, organizations } from "#db/schema";
import { assertCanOnPlatform } from "../policy";
import type { Actor } from "../shared/actor";
import { escapeLike } from "../shared/sql";
import type { AdminEventStatusFilter } from "./admin-event-status-filter";
import { eventDisplayStatusSql, type EventDisplayStatus } from "../events/event-past";
import { ADMIN_PAGE_SIZE } from "./list-admin-organizations";

export type AdminEventRow = {
  id: number;
  title: string;
  organizationId: number;
  organizationTitle: string;
  status: EventDisplayStatus;
  startAt: Date | null;
  endAt: Date | null;
  timezone: string;
  createdAt: Date;
};

/** Every event of the platform, one page at a time, newest start first; filter by organization, status and title. */
export async function listAdminEvents(
  db: Database,
  actor: Pick<Actor, "isAdmin">,
  input: {
    organizationId?: number;
    status?: AdminEventStatusFilter;
    search?: string;
    page?: number;
    pageSize?: number;
    all?: boolean;
    now?: Date;
  } = {},
): Promise<{
  items: AdminEventRow[];
  total: number;
  page: number;
  pageSize: number;
  /** The organization filtered on, when it exists. */
  organization: { id: number; title: string } | null;
}> {
  assertCanOnPlatform(actor, "admin:access");
  const now = input.now ?? new Date();
  const pageSize = Math.min(Math.max(Math.trunc(input.pageSize ?? ADMIN_PAGE_SIZE), 1), 500);
  const page = Math.max(Math.trunc(input.page ?? 0), 0);
  const displayStatus = eventDisplayStatusSql(now);
  const conditions: SQL[] = [];
  if (input.organizationId !== undefined) conditions.push(eq(events.organizationId, input.organizationId));
  if (input.status && input.status !== "all") conditions.push(sql`${displayStatus} = ${input.status}`);
  const search = input.search?.trim();
  if (search) conditions.push(sql`${events.title} like ${`%${escapeLike(search)}%`} escape '\\'`);
  const where = conditions.length ? and(...conditions) : undefined;

  // Not db.batch: D1 maps batched rows by column name, and the joined tables share names.
  const [rows, totals, filteredOrganization] = await Promise.all([
    db
      .select({
        id: events.id,
        title: events.title,
        organizationId: events.organizationId,
        organizationTitle: organizations.title,
        status: displayStatus,
        startAt: events.startAt,
        endAt: events.endAt,
        timezone: events.timezone,
        createdAt: events.createdAt,
      })
      .from(events)
      .innerJoin(organizations, eq(organizations.id, events.organizationId))
      .where(where)
      .orderBy(asc(sql`${events.startAt} is null`), desc(events.startAt), desc(events.id))
      .limit(input.all ? -1 : pageSize)
      .offset(input.all ? 0 : page * pageSize),
    db.select({ total: count() }).from(events).where(where),
    db
      .select({ id: organizations.id, title: organizations.title })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId ?? -1))
      .limit(1),
  ]);
  return {
    items: rows,
    total: Number(totals[0]?.total ?? 0),
    page,
    pageSize,
    organization: filteredOrganization[0] ?? null,
  };
}
