import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { getProfile, type Profile } from "#domain/users/get-profile";
import { profileUpdateSchema, updateProfile } from "#domain/users/update-profile";
import { requirePersonSession, type ApiEnv } from "../middleware/api-session";
import { limitBody } from "../middleware/body-limit";
import { parseJson } from "../parse-json";

export const meRoutes = new Hono<ApiEnv>();

function profileJson(c: Context<ApiEnv>, profile: Profile) {
  return c.json({
    is_admin: profile.isAdmin,
    email: profile.email,
    first_name: profile.firstName,
    last_name: profile.lastName,
    auth_method: profile.authMethod,
  });
}

/** Spec §7 GET /me. */
meRoutes.get("/", async (c) => {
  const profile = await getProfile(c.get("db"), requirePersonSession(c).user.id);
  return profileJson(c, profile);
});

const { firstName, lastName, email, password } = profileUpdateSchema.entries;
export const updateSchema = v.object({ first_name: firstName, last_name: lastName, email, password });

/** Spec §7 POST /me {first_name, last_name, email '', password ''}: the rules are updateProfile's; answers the profile. */
meRoutes.post("/", limitBody(), async (c) => {
  const input = await parseJson(c, updateSchema);
  const profile = await updateProfile(
    c.get("db"),
    { userId: requirePersonSession(c).user.id },
    { firstName: input.first_name, lastName: input.last_name, email: input.email, password: input.password },
  );
  return profileJson(c, profile);
});
