import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { auditLogs, organizations } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { validateInput } from "../auth/validate-input";
import { notFound } from "../shared/app-error";
import { RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from "./retention";

const RETENTION_MESSAGE = "privacy:anonymise.errors.retention-range";

/** The form's fields (strings from a form, or JSON): months as a whole number in range, the automatic switch. */
export const privacySettingsSchema = v.object({
  retention_months: v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.digits(RETENTION_MESSAGE), v.transform(Number))],
      RETENTION_MESSAGE,
    ),
    v.integer(RETENTION_MESSAGE),
    v.minValue(RETENTION_MONTHS_MIN, RETENTION_MESSAGE),
    v.maxValue(RETENTION_MONTHS_MAX, RETENTION_MESSAGE),
  ),
  auto_anonymise: v.optional(
    v.union([
      v.boolean(),
      v.pipe(
        v.picklist(["true", "false", "on", ""]),
        v.transform((value) => value === "true" || value === "on"),
      ),
    ]),
    false,
  ),
});

/** Sets how long after an event buyers' personal data is kept, and whether the daily job anonymises it. Owners only. */
export async function updatePrivacySettings(
  db: Database,
  actor: Actor,
  input: { organizationId: number; retentionMonths: number; autoAnonymise: boolean; now?: Date },
): Promise<void> {
  assertCanInOrganization(actor, "privacy:anonymise", input.organizationId);
  const { retention_months: months, auto_anonymise: auto } = validateInput(privacySettingsSchema, {
    retention_months: input.retentionMonths,
    auto_anonymise: input.autoAnonymise,
  });
  const now = input.now ?? new Date();
  const [updated] = await db.batch([
    db
      .update(organizations)
      .set({ anonymiseAfterMonths: months, autoAnonymise: auto, updatedAt: now })
      .where(eq(organizations.id, input.organizationId))
      .returning({ id: organizations.id }),
    db.insert(auditLogs).values({
      organizationId: input.organizationId,
      userId: actor.userId,
      action: "privacy.settings",
      targetType: "organization",
      targetId: String(input.organizationId),
      data: JSON.stringify({ retentionMonths: months, autoAnonymise: auto }),
      createdAt: now,
    }),
  ]);
  if (updated.length === 0) throw notFound();
}
