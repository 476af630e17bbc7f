import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/database";
import { auditLogs, memberships, organizations, type PayoutFrequency } from "#db/schema";
import { hitRateLimits } from "../auth/rate-limit";
import { assertCanOnPlatform } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { isUniqueViolation } from "../shared/sql";
import { TITLE_TAKEN, type OrganizationInput } from "./organization-input-schema";
import { assertTitleNotLookalike } from "./assert-title-distinct";
import { organizationLookalikeKey, organizationTitleKey } from "./organization-title";

/** The payout frequency of a new organization (spec §9 lists manual, daily, weekly, monthly). */
export const NEW_ORGANIZATION_PAYOUT_FREQUENCY: PayoutFrequency = "weekly";

/**
 * Spec §7 POST /organizers: any signed-in user creates an organization and becomes its owner (super administrator).
 * The name is unique regardless of case: the unique index on title_key decides, so two simultaneous requests for
 * the same name cannot both succeed. The organization, the owner's membership and the audit entry are written in
 * one atomic batch. The input is parsed at the edge by `createOrganizationSchema` (organization-input-schema.ts),
 * the naming dialog's action and the API alike. Each well-formed attempt counts against the user's hourly limit (a
 * taken name included: the answer tells which names exist).
 */
export async function createOrganization(
  db: Database,
  actor: Pick<Actor, "userId" | "isAdmin">,
  data: OrganizationInput,
  now = new Date(),
): Promise<{ id: number; title: string }> {
  assertCanOnPlatform(actor, "organizations:create");
  await hitRateLimits(db, [{ name: "organizationCreatePerUser", subject: String(actor.userId) }], now);
  const titleKey = organizationTitleKey(data.title);
  const [sameKey] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.titleKey, titleKey))
    .limit(1);
  if (sameKey) throw new AppError("conflict", TITLE_TAKEN, { fields: { title: TITLE_TAKEN } });
  await assertTitleNotLookalike(db, data.title);
  const newOrganizationId = sql<number>`(select ${organizations.id} from ${organizations} where ${eq(organizations.titleKey, titleKey)})`;

  try {
    const [created] = await db.batch([
      db
        .insert(organizations)
        .values({
          title: data.title,
          titleKey,
          titleLookalikeKey: organizationLookalikeKey(data.title),
          description: data.description,
          smallDescription: data.smallDescription,
          isPrivate: data.isPrivate,
          addressLabel: data.addressLabel,
          addressLatitude: Math.round(data.addressLatitude * 1_000_000),
          addressLongitude: Math.round(data.addressLongitude * 1_000_000),
          mainPicture: data.mainPicture,
          coverPicture: data.coverPicture,
          pageUrl: data.pageUrl,
          // A new organizer is paid without having to find the setting: weekly payouts until they choose otherwise
          // (the column's default, manual, paid nobody; issue 25 §8). The finance page says which schedule applies.
          payoutFrequency: NEW_ORGANIZATION_PAYOUT_FREQUENCY,
        })
        .returning({ id: organizations.id, title: organizations.title }),
      // The new row's id is not known inside the batch: the next statements find it by its unique key.
      db.insert(memberships).values({ organizationId: newOrganizationId, userId: actor.userId, role: "owner" }),
      db.insert(auditLogs).values({
        organizationId: newOrganizationId,
        userId: actor.userId,
        action: "organization.created",
        targetType: "organization",
        targetId: sql`cast(${newOrganizationId} as text)`,
        data: JSON.stringify({ title: data.title }),
      }),
    ]);
    const row = created[0];
    if (!row) throw new Error("organization insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error, "organizations.title_key"))
      throw new AppError("conflict", TITLE_TAKEN, { fields: { title: TITLE_TAKEN } });
    throw error;
  }
}
