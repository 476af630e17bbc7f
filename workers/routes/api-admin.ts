import { Hono } from "hono";
import * as v from "valibot";
import { getAdminData } from "#domain/admin/get-admin-data";
import { AppError } from "#domain/shared/app-error";
import { issuesToFields } from "#domain/shared/validation";
import { requirePersonSession, type ApiEnv } from "../middleware/api-session";

export const adminApiRoutes = new Hono<ApiEnv>();

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const pageNumberSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/, "errors:invalid-input"), v.transform(Number));
export const pagingQuerySchema = v.object({ page: v.optional(pageNumberSchema), limit: v.optional(pageNumberSchema) });

/**
 * Spec §7 GET /admin/data?page=&limit=: organizations and events for platform admins only (403 otherwise), one
 * zero-based page of each (100 by default, 500 at most) with their totals.
 */
adminApiRoutes.get("/data", async (c) => {
  const query = v.safeParse(pagingQuerySchema, c.req.query());
  if (!query.success)
    throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(query.issues) });
  const data = await getAdminData(c.get("db"), requirePersonSession(c).user, new Date(), query.output);
  const { organizations, events } = data;
  return c.json({
    page: data.page,
    limit: data.limit,
    organizations_total: data.organizationsTotal,
    events_total: data.eventsTotal,
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
