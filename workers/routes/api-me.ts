import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { PASSWORD_MAX_LENGTH } from "#domain/auth/password-policy";
import { orEmpty } from "#domain/auth/validate-input";
import { AppError } from "#domain/shared/app-error";
import { normalizeEmail } from "#domain/shared/email";
import { getProfile, type Profile } from "#domain/users/get-profile";
import { updateProfile } from "#domain/users/update-profile";
import { firstNameSchema, lastNameSchema } from "#domain/users/user-fields";
import type { ApiEnv } from "../middleware/api-session";
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
  const profile = await getProfile(c.get("db"), c.get("session").user.id);
  return profileJson(c, profile);
});

const updateSchema = v.object({
  first_name: orEmpty(firstNameSchema),
  last_name: orEmpty(lastNameSchema),
  email: v.optional(v.pipe(v.string("errors:email-cannot-change"), v.maxLength(254, "errors:email-cannot-change")), ""),
  password: v.optional(v.pipe(v.string("errors:password-not-accepted"), v.maxLength(PASSWORD_MAX_LENGTH, "errors:password-not-accepted")), ""),
});

/**
 * Spec §7 POST /me {first_name, last_name, email '', password ''}: updates the names. The email cannot be changed
 * (only '' or the current address is accepted) and the password is not changed here; answers the updated profile.
 */
meRoutes.post(
  "/",
  limitBody(),
  async (c) => {
    const input = await parseJson(c, updateSchema);
    const user = c.get("session").user;
    const fields: Record<string, string> = {};
    if (input.email.trim() !== "" && normalizeEmail(input.email) !== user.email) fields.email = "errors:email-cannot-change";
    if (input.password !== "") fields.password = "errors:password-not-accepted";
    if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });
    const profile = await updateProfile(c.get("db"), { userId: user.id }, { firstName: input.first_name, lastName: input.last_name });
    return profileJson(c, profile);
  },
);
