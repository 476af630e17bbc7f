import { and, eq, ne } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { organizations } from "#db/schema";
import { assertCanInOrganization } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError, notFound } from "../shared/app-error";
import { isEmailShape } from "../shared/email";
import { isUniqueViolation } from "../shared/sql";
import { sanitizeEventHtml } from "../events/sanitize-event-html";
import { createOrganizationSchema, TITLE_TAKEN } from "./organization-input-schema";
import { assertTitleNotLookalike } from "./assert-title-distinct";
import { organizationLookalikeKey, organizationTitleKey } from "./organization-title";

const CONTACT_EMAIL_INVALID = "errors:email-invalid";

const contactSchema = v.object({
  email: v.nullish(
    v.pipe(
      v.string(CONTACT_EMAIL_INVALID),
      v.trim(),
      v.toLowerCase(),
      v.check((s) => s === "" || isEmailShape(s), CONTACT_EMAIL_INVALID),
    ),
    "",
  ),
});

export type OrganizationUpdate = Omit<
  v.InferOutput<typeof createOrganizationSchema>,
  "mainPicture" | "coverPicture"
> & {
  contactEmail: string;
};

/**
 * The profile form of /organization (issue 12 §1): every field of spec §3 read as createOrganizationSchema reads them
 * (snake_case keys), plus the contact email `email`. The pictures have their own upload and are not part of it.
 */
export function parseOrganizationUpdate(
  input: Record<string, unknown>,
): { ok: true; value: OrganizationUpdate } | { ok: false; issues: v.BaseIssue<unknown>[] } {
  const fields = v.safeParse(createOrganizationSchema, { ...input, main_picture: null, cover_picture: null });
  const contact = v.safeParse(contactSchema, input);
  if (!fields.success || !contact.success)
    return { ok: false, issues: [...(fields.issues ?? []), ...(contact.issues ?? [])] };
  const { mainPicture: _main, coverPicture: _cover, ...rest } = fields.output;
  return { ok: true, value: { ...rest, contactEmail: contact.output.email } };
}

const E6 = 1_000_000;

/**
 * Saves the organization profile: owners and admins only (organization:update), another organization 404. The title
 * stays unique regardless of case (TITLE_TAKEN, checked first and guaranteed by the unique index); the long
 * description is sanitized rich text like an event's.
 */
export async function updateOrganization(
  db: Database,
  actor: Actor,
  organizationId: number,
  input: OrganizationUpdate,
): Promise<void> {
  assertCanInOrganization(actor, "organization:update", organizationId);
  const titleKey = organizationTitleKey(input.title);
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.titleKey, titleKey), ne(organizations.id, actor.organizationId)))
    .limit(1);
  if (taken) throw new AppError("conflict", TITLE_TAKEN, { fields: { title: TITLE_TAKEN } });
  await assertTitleNotLookalike(db, input.title, actor.organizationId);
  try {
    const updated = await db
      .update(organizations)
      .set({
        title: input.title,
        titleKey,
        titleLookalikeKey: organizationLookalikeKey(input.title),
        smallDescription: input.smallDescription,
        description: sanitizeEventHtml(input.description),
        contactEmail: input.contactEmail,
        pageUrl: input.pageUrl,
        isPrivate: input.isPrivate,
        addressLabel: input.addressLabel,
        addressLatitude: Math.round(input.addressLatitude * E6),
        addressLongitude: Math.round(input.addressLongitude * E6),
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, actor.organizationId))
      .returning({ id: organizations.id });
    if (updated.length === 0) throw notFound();
  } catch (error) {
    if (isUniqueViolation(error, "title_key")) {
      throw new AppError("conflict", TITLE_TAKEN, { fields: { title: TITLE_TAKEN } });
    }
    throw error;
  }
}
