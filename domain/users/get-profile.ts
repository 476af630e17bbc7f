import { eq } from "drizzle-orm";
import type { Database } from "#db/database";
import { users } from "#db/schema";
import { notFound } from "../shared/app-error";

export type Profile = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  authMethod: "password" | "google";
  /** The organization the user last switched to, opened at sign-in (issue 24 §2); null: none remembered. */
  lastOrganizationId: number | null;
};

/** The columns of a Profile, for every query that loads one (the profile page, each session check). */
export const profileColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  authMethod: users.authMethod,
  lastOrganizationId: users.lastOrganizationId,
};

export async function getProfile(db: Database, userId: number): Promise<Profile> {
  const [profile] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!profile) throw notFound();
  return profile;
}
