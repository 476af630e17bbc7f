import { Hono } from "hono";
import * as v from "valibot";
import { actorForOrganization } from "#domain/organizations/actor-for-organization";
import { createOrganization, type CreateOrganizationInput } from "#domain/organizations/create-organization";
import { getOrganization } from "#domain/organizations/get-organization";
import { listAllOrganizations } from "#domain/organizations/list-all-organizations";
import { listUserOrganizations, type UserOrganization } from "#domain/organizations/list-user-organizations";
import { AppError, notFound } from "#domain/shared/app-error";
import type { ApiEnv } from "../middleware/api-session";
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
  const organizations = await listUserOrganizations(c.get("db"), c.get("session").user.id);
  return c.json(organizations.map(listItem));
});

/** Every organization, sorted by title: platform admins only (403 otherwise). */
organizersApiRoutes.get("/me/organizers-admin", async (c) => {
  const { user } = c.get("session");
  const organizations = await listAllOrganizations(c.get("db"), { userId: user.id, isAdmin: user.isAdmin });
  return c.json(organizations.map(listItem));
});

// API field names (snake_case) → domain names. Other keys are ignored; null means "use the default".
const apiFields = {
  title: "title",
  description: "description",
  small_description: "smallDescription",
  is_private: "isPrivate",
  address_label: "addressLabel",
  address_latitude: "addressLatitude",
  address_longitude: "addressLongitude",
  main_picture: "mainPicture",
  cover_picture: "coverPicture",
  page_url: "pageUrl",
} as const satisfies Record<string, keyof CreateOrganizationInput>;
const domainToApi = Object.fromEntries(Object.entries(apiFields).map(([api, domain]) => [domain, api])) as Record<string, string>;

const bodySchema = v.custom<Record<string, unknown>>(
  (body) => typeof body === "object" && body !== null && !Array.isArray(body),
  "errors:invalid-input",
);

function toDomainInput(body: Record<string, unknown>): CreateOrganizationInput {
  const input: Record<string, unknown> = {};
  for (const [apiName, domainName] of Object.entries(apiFields)) {
    let value = body[apiName];
    if (value === null || value === undefined) continue;
    // Forms send coordinates as text.
    if ((domainName === "addressLatitude" || domainName === "addressLongitude") && typeof value === "string" && /^-?\d{1,3}(\.\d{1,12})?$/.test(value.trim())) {
      value = Number(value);
    }
    input[domainName] = value;
  }
  return input as CreateOrganizationInput;
}

/** Spec §7 POST /organizers: creates the organization, the caller becomes its owner; answers {id}. */
organizersApiRoutes.post("/organizers", async (c) => {
  const body = await parseJson(c, bodySchema);
  const { user } = c.get("session");
  try {
    const created = await createOrganization(c.get("db"), { userId: user.id, isAdmin: user.isAdmin }, toDomainInput(body));
    return c.json({ id: created.id }, 201);
  } catch (error) {
    // Field errors under the names the client sent.
    if (error instanceof AppError && error.fields) {
      const fields = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [domainToApi[name] ?? name, message]));
      throw new AppError(error.code, error.messageKey, { fields });
    }
    throw error;
  }
});

/** The organization profile (spec §3): members with organization:view; another organization answers 404. */
organizersApiRoutes.get("/organizers/:id", async (c) => {
  const param = c.req.param("id");
  if (!/^[1-9]\d{0,14}$/.test(param)) throw notFound();
  const id = Number(param);
  const db = c.get("db");
  const actor = await actorForOrganization(db, c.get("session").user, id);
  const organization = await getOrganization(db, actor, id);
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
