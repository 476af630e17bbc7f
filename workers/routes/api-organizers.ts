import { requireId } from "#domain/shared/ids";
import { Hono } from "hono";
import { createOrganization } from "#domain/organizations/create-organization";
import { getOrganization } from "#domain/organizations/get-organization";
import { listAllOrganizations } from "#domain/organizations/list-all-organizations";
import { listUserOrganizations, type UserOrganization } from "#domain/organizations/list-user-organizations";
import { createOrganizationSchema, organizationInputMessage } from "#domain/organizations/organization-input-schema";

import { actorInOrganization } from "../actor-for-organization";
import { requirePersonSession, type ApiEnv } from "../middleware/api-session";
import { parseJson } from "../parse-json";

/**
 * Spec §7 organization calls. Mounted at the /api root (before /me) because two of them live under /me/:
 * GET /me/organizers, GET /me/organizers-admin, POST /organizers, and GET /organizers/:id.
 */
export const organizersApiRoutes = new Hono<ApiEnv>();

const listItem = (organization: UserOrganization) => ({
  organizer: organization.id,
  title: organization.title,
  role: organization.role,
});

/** The user's organizations, sorted by title. */
organizersApiRoutes.get("/me/organizers", async (c) => {
  const organizations = await listUserOrganizations(c.get("db"), requirePersonSession(c).user.id);
  return c.json(organizations.map(listItem));
});

/** Every organization, sorted by title: platform admins only (403 otherwise). */
organizersApiRoutes.get("/me/organizers-admin", async (c) => {
  const { user } = requirePersonSession(c);
  const organizations = await listAllOrganizations(c.get("db"), { userId: user.id, isAdmin: user.isAdmin });
  return c.json(organizations.map(listItem));
});

/** Spec §7 POST /organizers: creates the organization, the caller becomes its owner; answers {id}. */
organizersApiRoutes.post("/organizers", async (c) => {
  const { user } = requirePersonSession(c);
  const input = await parseJson(c, createOrganizationSchema, { messageKey: organizationInputMessage });
  const created = await createOrganization(c.get("db"), { userId: user.id, isAdmin: user.isAdmin }, input);
  return c.json({ id: created.id }, 201);
});

/** The organization profile (spec §3): members with organization:view; another organization answers 404. */
organizersApiRoutes.get("/organizers/:id", async (c) => {
  const id = requireId(c.req.param("id"));
  const actor = await actorInOrganization(c, id);
  const organization = await getOrganization(c.get("db"), actor, id);
  return c.json({
    organizer: organization.id,
    title: organization.title,
    small_description: organization.smallDescription,
    description: organization.description,
    main_picture: organization.mainPicture,
    cover_picture: organization.coverPicture,
    email: organization.contactEmail,
    page_url: organization.pageUrl,
    is_private: organization.isPrivate,
    address_label: organization.addressLabel,
    address_latitude: organization.addressLatitude,
    address_longitude: organization.addressLongitude,
    role: organization.role,
    payment_account: organization.paymentAccount,
    created_at: organization.createdAt.toISOString(),
  });
});
