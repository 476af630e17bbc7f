import type { Database } from "#db/database";
import type { Actor } from "../shared/actor";
import { listAdminEvents, type AdminEventRow } from "./list-admin-events";
import { listAdminOrganizations, type AdminOrganizationRow } from "./list-admin-organizations";

/** Spec §7 GET /admin/data is paged (issue 7): one zero-based page of each list, 100 rows by default, 500 at most. */
const ADMIN_DATA_DEFAULT_LIMIT = 100;
const ADMIN_DATA_MAX_LIMIT = 500;

export type AdminData = {
  organizations: AdminOrganizationRow[];
  events: AdminEventRow[];
  organizationsTotal: number;
  eventsTotal: number;
  page: number;
  limit: number;
};

/** Spec §7 GET /admin/data: organizations and events, for platform admins, one page of each at a time. */
export async function getAdminData(
  db: Database,
  actor: Pick<Actor, "isAdmin">,
  now = new Date(),
  paging: { page?: number; limit?: number } = {},
): Promise<AdminData> {
  const limit = Math.min(
    Math.max(Math.trunc(paging.limit ?? ADMIN_DATA_DEFAULT_LIMIT) || ADMIN_DATA_DEFAULT_LIMIT, 1),
    ADMIN_DATA_MAX_LIMIT,
  );
  const page = Math.max(Math.trunc(paging.page ?? 0) || 0, 0);
  const [organizations, events] = await Promise.all([
    listAdminOrganizations(db, actor, { page, pageSize: limit }),
    listAdminEvents(db, actor, { page, pageSize: limit, now }),
  ]);
  return {
    organizations: organizations.items,
    events: events.items,
    organizationsTotal: organizations.total,
    eventsTotal: events.total,
    page,
    limit,
  };
}
