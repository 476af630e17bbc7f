import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { events, memberships, organizations } from "#db/schema";
import { DEFAULT_DAILY_EMAIL_QUOTA } from "../emails/email-quota";
import { assertCanOnPlatform } from "../policy";
import type { Actor } from "../shared/actor";
import { escapeLike } from "../shared/sql";

export type AdminOrganizationRow = {
  id: number;
  title: string;
  membersCount: number;
  eventsCount: number;
  createdAt: Date;
  /** The daily email quota in force (decision 0038): the organization's own, else the platform default. */
  dailyEmailQuota: number;
};

export const ADMIN_PAGE_SIZE = 50;

/** Every organization with its member and event counts, sorted by title; optionally one page and a title search. */
export async function listAdminOrganizations(
  db: Database,
  actor: Pick<Actor, "isAdmin">,
  input: { search?: string; page?: number; pageSize?: number; all?: boolean } = {},
): Promise<{ items: AdminOrganizationRow[]; total: number; page: number; pageSize: number }> {
  assertCanOnPlatform(actor, "admin:access");
  const pageSize = Math.min(Math.max(Math.trunc(input.pageSize ?? ADMIN_PAGE_SIZE), 1), 500);
  const page = Math.max(Math.trunc(input.page ?? 0), 0);
  const search = input.search?.trim().toLowerCase();
  const where = search ? sql`${organizations.titleKey} like ${`%${escapeLike(search)}%`} escape '\\'` : undefined;

  const memberCounts = db
    .select({ organizationId: memberships.organizationId, n: count().as("members_n") })
    .from(memberships)
    .groupBy(memberships.organizationId)
    .as("member_counts");
  const eventCounts = db
    .select({ organizationId: events.organizationId, n: count().as("events_n") })
    .from(events)
    .groupBy(events.organizationId)
    .as("event_counts");

  // Not db.batch: D1 maps batched rows by column name, and the joined tables share names.
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: organizations.id,
        title: organizations.title,
        membersCount: sql<number>`coalesce(${memberCounts.n}, 0)`,
        eventsCount: sql<number>`coalesce(${eventCounts.n}, 0)`,
        createdAt: organizations.createdAt,
        dailyEmailQuota: organizations.dailyEmailQuota,
      })
      .from(organizations)
      .leftJoin(memberCounts, eq(memberCounts.organizationId, organizations.id))
      .leftJoin(eventCounts, eq(eventCounts.organizationId, organizations.id))
      .where(where)
      .orderBy(asc(organizations.titleKey), asc(organizations.id))
      .limit(input.all ? -1 : pageSize)
      .offset(input.all ? 0 : page * pageSize),
    db.select({ total: count() }).from(organizations).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      membersCount: Number(row.membersCount),
      eventsCount: Number(row.eventsCount),
      dailyEmailQuota: row.dailyEmailQuota ?? DEFAULT_DAILY_EMAIL_QUOTA,
    })),
    total: Number(totals[0]?.total ?? 0),
    page,
    pageSize,
  };
}
