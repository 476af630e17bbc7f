import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { users } from "#db/schema";
import { orEmpty, validateInput } from "../auth/validate-input";
import type { Actor } from "../shared/actor";
import { getProfile, type Profile } from "./get-profile";
import { firstNameSchema, lastNameSchema } from "./user-fields";

/** The editable part of the profile. The email is not editable by the user (spec §5: contact support). */
export const profileUpdateSchema = v.object({ firstName: orEmpty(firstNameSchema), lastName: orEmpty(lastNameSchema) });

export async function updateProfile(
  db: Database,
  actor: Pick<Actor, "userId">,
  input: v.InferInput<typeof profileUpdateSchema>,
  now = new Date(),
): Promise<Profile> {
  const { firstName, lastName } = validateInput(profileUpdateSchema, input);
  await db.update(users).set({ firstName, lastName, updatedAt: now }).where(eq(users.id, actor.userId));
  return getProfile(db, actor.userId);
}
