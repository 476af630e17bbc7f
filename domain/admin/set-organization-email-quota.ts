import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { auditLogs, organizations } from "#db/schema";
import { MAX_DAILY_EMAIL_QUOTA } from "../emails/email-quota";
import { assertCanOnPlatform } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";

/** The admin form's field: a whole number of emails a day, 0 (no email at all) to MAX_DAILY_EMAIL_QUOTA. */
export const dailyEmailQuotaSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,6}$/, "admin:organizations.email-quota-invalid"),
  v.transform(Number),
  v.maxValue(MAX_DAILY_EMAIL_QUOTA, "admin:organizations.email-quota-invalid"),
);

/**
 * A platform admin sets an organization's daily email quota (decision 0038): raised for a known sender, lowered for
 * one that abused it. Recorded in the organization's audit log with the admin and the old and new figures.
 */
export async function setOrganizationEmailQuota(
  db: Database,
  actor: Pick<Actor, "isAdmin" | "userId" | "email">,
  input: { organizationId: number; dailyEmailQuota: number },
  now = new Date(),
): Promise<{ dailyEmailQuota: number }> {
  assertCanOnPlatform(actor, "admin:access");
  const quota = input.dailyEmailQuota;
  if (!Number.isSafeInteger(quota) || quota < 0 || quota > MAX_DAILY_EMAIL_QUOTA)
    throw new AppError("validation", "admin:organizations.email-quota-invalid", {
      fields: { daily_email_quota: "admin:organizations.email-quota-invalid" },
    });
  const [before] = await db
    .select({ quota: organizations.dailyEmailQuota })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId))
    .limit(1);
  if (!before) throw notFound();
  await db.batch([
    db
      .update(organizations)
      .set({ dailyEmailQuota: quota, updatedAt: now })
      .where(eq(organizations.id, input.organizationId)),
    db.insert(auditLogs).values({
      organizationId: input.organizationId,
      userId: actor.userId,
      action: "platform-admin.email-quota",
      targetType: "organization",
      targetId: String(input.organizationId),
      data: JSON.stringify({ from: before.quota, to: quota, adminEmail: actor.email }),
      createdAt: now,
    }),
  ]);
  return { dailyEmailQuota: quota };
}
