import { Hono } from "hono";
import { exportOrganizationData } from "#domain/privacy/export-organization-data";
import { actorForOrganizerParam } from "../actor-for-organization";
import type { ApiEnv } from "../middleware/api-session";

/**
 * Privacy (issue 14 §5), mounted at /api/organizers: `GET /:id/export` streams the organization's data as a zip (JSON
 * and CSV of every table). Owners only (403 for the other roles); another organization answers 404.
 */
export const privacyApiRoutes = new Hono<ApiEnv>();

privacyApiRoutes.get("/:id/export", async (c) => {
  const actor = await actorForOrganizerParam(c, c.req.param("id"));
  const { filename, stream } = await exportOrganizationData(c.get("db"), actor, {
    organizationId: actor.organizationId,
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
});
