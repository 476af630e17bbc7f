import { eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "#db/database";
import { auditLogs, memberships, organizations } from "#db/schema";
import { hitRateLimits } from "../auth/rate-limit";
import { assertCanOnPlatform } from "../policy";
import type { Actor } from "../shared/actor";
import { AppError } from "../shared/app-error";
import { isUniqueViolation } from "../shared/sql";
import { issuesToFields } from "../shared/validation";
import { characterCount, normalizeOrganizationTitle, ORGANIZATION_TITLE_MAX_LENGTH, organizationTitleKey } from "./organization-title";

// Message keys: the spec's client recognises the last two from a server message containing "64" or "unique" (§5).
export const TITLE_REQUIRED = "organizations:errors.title-required";
export const TITLE_TOO_LONG = "organizations:errors.title-max-64";
export const TITLE_TAKEN = "organizations:errors.title-not-unique";

/** Spec §7 POST /organizers defaults: empty strings, not private, map coordinates 50, 50. */
export const DEFAULT_COORDINATE = 50;

const text = (max: number, tooLong: string) =>
  v.optional(v.pipe(v.string("errors:invalid-input"), v.trim(), v.check((s) => characterCount(s) <= max, tooLong)), "");

const coordinate = (limit: number) =>
  v.optional(
    v.pipe(
      v.number("organizations:errors.coordinate-invalid"),
      v.finite("organizations:errors.coordinate-invalid"),
      v.minValue(-limit, "organizations:errors.coordinate-invalid"),
      v.maxValue(limit, "organizations:errors.coordinate-invalid"),
    ),
    DEFAULT_COORDINATE,
  );

const picturePath = v.optional(
  v.pipe(
    v.string("errors:invalid-input"),
    v.trim(),
    v.maxLength(512, "organizations:errors.picture-invalid"),
    // A storage path (organizers/…) or an https address; never a script or data URL.
    v.check(
      (s) => s === "" || (s.startsWith("https://") && isHttpUrl(s)) || (/^[a-z0-9][a-z0-9/_.-]*$/i.test(s) && !s.includes("..")),
      "organizations:errors.picture-invalid",
    ),
  ),
  "",
);

export const createOrganizationSchema = v.object({
  title: v.pipe(
    v.optional(v.string(TITLE_REQUIRED), ""),
    v.transform(normalizeOrganizationTitle),
    v.nonEmpty(TITLE_REQUIRED),
    v.check((s) => characterCount(s) <= ORGANIZATION_TITLE_MAX_LENGTH, TITLE_TOO_LONG),
  ),
  description: text(10_000, "organizations:errors.description-too-long"),
  smallDescription: text(255, "organizations:errors.small-description-too-long"),
  isPrivate: v.optional(v.boolean("errors:invalid-input"), false),
  addressLabel: text(255, "organizations:errors.address-too-long"),
  addressLatitude: coordinate(90),
  addressLongitude: coordinate(180),
  mainPicture: picturePath,
  coverPicture: picturePath,
  pageUrl: v.optional(
    v.pipe(
      v.string("errors:invalid-input"),
      v.trim(),
      v.maxLength(2048, "organizations:errors.page-url-invalid"),
      v.check((s) => s === "" || isHttpUrl(s), "organizations:errors.page-url-invalid"),
    ),
    "",
  ),
});

export type CreateOrganizationInput = v.InferInput<typeof createOrganizationSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Validates the input with the spec's messages. The error's message is the title's when the title is wrong, so a
 * client that only reads `message` still tells "required", "64" and "unique" apart.
 */
export function parseCreateOrganizationInput(input: unknown): v.InferOutput<typeof createOrganizationSchema> {
  const result = v.safeParse(createOrganizationSchema, input);
  if (result.success) return result.output;
  const fields = issuesToFields(result.issues);
  throw new AppError("validation", fields.title ?? "errors:invalid-input", { fields });
}

/**
 * Spec §7 POST /organizers: any signed-in user creates an organization and becomes its owner (super administrator).
 * The name is unique regardless of case: the unique index on title_key decides, so two simultaneous requests for
 * the same name cannot both succeed. The organization, the owner's membership and the audit entry are written in
 * one atomic batch. Each well-formed attempt counts against the user's hourly limit (a taken name included: the
 * answer tells which names exist).
 */
export async function createOrganization(
  db: Database,
  actor: Pick<Actor, "userId" | "isAdmin">,
  input: CreateOrganizationInput,
  now = new Date(),
): Promise<{ id: number; title: string }> {
  assertCanOnPlatform(actor, "organizations:create");
  const data = parseCreateOrganizationInput(input);
  await hitRateLimits(db, [{ name: "organizationCreatePerUser", subject: String(actor.userId) }], now);
  const titleKey = organizationTitleKey(data.title);
  const newOrganizationId = sql<number>`(select ${organizations.id} from ${organizations} where ${eq(organizations.titleKey, titleKey)})`;

  try {
    const [created] = await db.batch([
      db
        .insert(organizations)
        .values({
          title: data.title,
          titleKey,
          description: data.description,
          smallDescription: data.smallDescription,
          isPrivate: data.isPrivate,
          addressLabel: data.addressLabel,
          addressLatitude: Math.round(data.addressLatitude * 1_000_000),
          addressLongitude: Math.round(data.addressLongitude * 1_000_000),
          mainPicture: data.mainPicture,
          coverPicture: data.coverPicture,
          pageUrl: data.pageUrl,
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
    if (isUniqueViolation(error, "organizations.title_key")) throw new AppError("conflict", TITLE_TAKEN, { fields: { title: TITLE_TAKEN } });
    throw error;
  }
}
