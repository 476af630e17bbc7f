import { Hono } from "hono";
import { getProfile } from "#domain/users/get-profile";
import type { ApiEnv } from "../middleware/api-session";

export const meRoutes = new Hono<ApiEnv>();

/** Spec §7 GET /me. */
meRoutes.get("/", async (c) => {
  const profile = await getProfile(c.get("db"), c.get("session").user.id);
  return c.json({
    is_admin: profile.isAdmin,
    email: profile.email,
    first_name: profile.firstName,
    last_name: profile.lastName,
    auth_method: profile.authMethod,
  });
});
