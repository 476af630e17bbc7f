import type { Database } from "#db/database";
import type { Actor } from "../shared/actor";
import { listAdminEvents, type AdminEventRow } from "./list-admin-events";
import { listAdminOrganizations, type AdminOrganizationRow } from "./list-admin-organizations";

/** Spec §7 GET /admin/data: organizations and events, for platform admins (loaded once by the client). */
export async function getAdminData(
  db: Database,
  actor: Pick<Actor, "isAdmin">,
  now = new Date(),
): Promise<{ organizations: AdminOrganizationRow[]; events: AdminEventRow[] }> {
  const [organizations, events] = await Promise.all([
    listAdminOrganizations(db, actor, { all: true }),
    listAdminEvents(db, actor, { all: true, now }),
  ]);
  return { organizations: organizations.items, events: events.items };
}
