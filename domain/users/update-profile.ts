import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { users } from "#db/schema";
import { PASSWORD_MAX_LENGTH } from "../auth/password-policy";
import { orEmpty, validateInput } from "../auth/validate-input";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { normalizeEmail } from "../shared/email";
import { getProfile, type Profile } from "./get-profile";
import { firstNameSchema, lastNameSchema } from "./user-fields";

/**
 * The editable part of the profile. Spec §7 POST /me also sends `email` and `password`, empty: the email is not
 * editable by the user (spec §5: contact support) and the password is not changed here.
 */
export const profileUpdateSchema = v.object({
  firstName: orEmpty(firstNameSchema),
  lastName: orEmpty(lastNameSchema),
  email: v.optional(v.pipe(v.string("errors:email-cannot-change"), v.maxLength(254, "errors:email-cannot-change")), ""),
  password: v.optional(
    v.pipe(v.string("errors:password-not-accepted"), v.maxLength(PASSWORD_MAX_LENGTH, "errors:password-not-accepted")),
    "",
  ),
});

/** Updates the names. An email other than '' or the account's own, or any password, is refused and nothing is written. */
export async function updateProfile(
  db: Database,
  actor: Pick<Actor, "userId">,
  input: v.InferInput<typeof profileUpdateSchema>,
  now = new Date(),
): Promise<Profile> {
  const { firstName, lastName, email, password } = validateInput(profileUpdateSchema, input);
  const current = await getProfile(db, actor.userId);
  const fields: Record<string, string> = {};
  if (email.trim() !== "" && normalizeEmail(email) !== current.email) fields.email = "errors:email-cannot-change";
  if (password !== "") fields.password = "errors:password-not-accepted";
  if (Object.keys(fields).length > 0) throw new AppError("validation", "errors:invalid-input", { fields });
  await db.update(users).set({ firstName, lastName, updatedAt: now }).where(eq(users.id, actor.userId));
  return { ...current, firstName, lastName };
}
