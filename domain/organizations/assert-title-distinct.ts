import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { organizations } from "#db/schema";
import { AppError } from "../shared/app-error";
import { organizationLookalikeKey } from "./organization-title";

export const TITLE_LOOKALIKE = "organizations:errors.title-lookalike";

/**
 * Issue 24 §2: a name that differs from another organization's only by case, accents, spacing or one character at
 * the end ("Les Nuits Sonores" / "les nuits sonorés" / "Les Nuits Sonores2") is refused, so that nobody can pass an
 * organization off as another one. `exceptId`: the organization being renamed. Exact duplicates are the unique index's
 * business (TITLE_TAKEN); this check reads first, so two simultaneous look-alike creations are not excluded.
 */
export async function assertTitleNotLookalike(db: Database, title: string, exceptId?: number): Promise<void> {
  const key = organizationLookalikeKey(title);
  const shorter = [...key].slice(0, -1).join("");
  const lookalike = or(
    eq(organizations.titleLookalikeKey, key),
    shorter ? eq(organizations.titleLookalikeKey, shorter) : undefined,
    // The other name is this one plus one character at the end. A range on the index rather than LIKE: D1 refuses LIKE
    // patterns over 50 bytes, and a 64-character title makes a longer one.
    and(
      gt(organizations.titleLookalikeKey, key),
      lt(organizations.titleLookalikeKey, `${key}\u{10FFFF}`),
      sql`length(${organizations.titleLookalikeKey}) = ${[...key].length + 1}`,
    ),
  );
  const [found] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(exceptId === undefined ? lookalike : and(lookalike, ne(organizations.id, exceptId)))
    .limit(1);
  if (found) throw new AppError("conflict", TITLE_LOOKALIKE, { fields: { title: TITLE_LOOKALIKE } });
}
