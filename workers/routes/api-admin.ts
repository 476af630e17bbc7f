import { Hono } from "hono";
import { getAdminData } from "#domain/admin/get-admin-data";
import type { ApiEnv } from "../middleware/api-session";

export const adminApiRoutes = new Hono<ApiEnv>();

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Spec §7 GET /admin/data: every organization and event, for platform admins only (403 otherwise). */
adminApiRoutes.get("/data", async (c) => {
  const { organizations, events } = await getAdminData(c.get("db"), c.get("session").user);
  return c.json({
    organizations: organizations.map((organization) => ({
      organizer: organization.id,
      title: organization.title,
      members_count: organization.membersCount,
      events_count: organization.eventsCount,
      created_at: iso(organization.createdAt),
    })),
    events: events.map((event) => ({
      id: event.id,
      organizer: event.organizationId,
      organizer_title: event.organizationTitle,
      title: event.title,
      status: event.status,
      start_at: iso(event.startAt),
      end_at: iso(event.endAt),
      timezone: event.timezone,
      created_at: iso(event.createdAt),
    })),
  });
});
