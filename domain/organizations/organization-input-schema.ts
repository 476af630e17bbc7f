import * as v from "valibot";
import { characterCount, normalizeOrganizationTitle, ORGANIZATION_TITLE_MAX_LENGTH } from "./organization-title";

/**
 * The organization fields accepted from the naming dialog (app/routes/resources/create-organization.ts) and the API
 * (POST /api/organizers, spec §7), shared by client and server as events/event-input-schema.ts is for events.
 * Input keys are the spec's snake_case names; the parsed output is the domain's camelCase `OrganizationInput`.
 * `null` or a missing key means the spec's default.
 */

// Message keys: the spec's client recognises the last two from a server message containing "64" or "unique" (§5).
export const TITLE_REQUIRED = "organizations:errors.title-required";
export const TITLE_TOO_LONG = "organizations:errors.title-max-64";
export const TITLE_TAKEN = "organizations:errors.title-not-unique";

export { ORGANIZATION_TITLE_MAX_LENGTH };
const ORGANIZATION_DESCRIPTION_MAX_LENGTH = 10_000;
const ORGANIZATION_SMALL_DESCRIPTION_MAX_LENGTH = 255;
const ORGANIZATION_ADDRESS_MAX_LENGTH = 255;

/** Spec §7 POST /organizers defaults: empty strings, not private, map coordinates 50, 50. */
const DEFAULT_COORDINATE = 50;

const COORDINATE_INVALID = "organizations:errors.coordinate-invalid";
const PICTURE_INVALID = "organizations:errors.picture-invalid";
const PAGE_URL_INVALID = "organizations:errors.page-url-invalid";

const organizationTitleSchema = v.pipe(
  v.nullish(v.pipe(v.string(TITLE_REQUIRED), v.maxLength(1_000, TITLE_TOO_LONG)), ""),
  v.transform(normalizeOrganizationTitle),
  v.nonEmpty(TITLE_REQUIRED),
  v.check((title) => characterCount(title) <= ORGANIZATION_TITLE_MAX_LENGTH, TITLE_TOO_LONG),
);

function textSchema(maxLength: number, tooLong: string) {
  return v.nullish(
    v.pipe(
      v.string("errors:invalid-input"),
      v.trim(),
      v.check((text) => characterCount(text) <= maxLength, tooLong),
    ),
    "",
  );
}

/** Degrees, as a number or its text from a form (a dot or a French decimal comma). */
function coordinateSchema(limit: number) {
  return v.nullish(
    v.pipe(
      v.union(
        [
          v.number(COORDINATE_INVALID),
          v.pipe(
            v.string(COORDINATE_INVALID),
            v.trim(),
            v.regex(/^[+-]?\d{1,3}([.,]\d{1,12})?$/, COORDINATE_INVALID),
            v.transform((text) => Number(text.replace(",", "."))),
          ),
        ],
        COORDINATE_INVALID,
      ),
      v.finite(COORDINATE_INVALID),
      v.minValue(-limit, COORDINATE_INVALID),
      v.maxValue(limit, COORDINATE_INVALID),
    ),
    DEFAULT_COORDINATE,
  );
}

// A storage path (organizers/…) or an https address; never a script or data URL.
const pictureSchema = v.nullish(
  v.pipe(
    v.string("errors:invalid-input"),
    v.trim(),
    v.maxLength(512, PICTURE_INVALID),
    v.check(
      (s) =>
        s === "" ||
        (s.startsWith("https://") && isHttpUrl(s)) ||
        (/^[a-z0-9][a-z0-9/_.-]*$/i.test(s) && !s.includes("..")),
      PICTURE_INVALID,
    ),
  ),
  "",
);

const pageUrlSchema = v.nullish(
  v.pipe(
    v.string("errors:invalid-input"),
    v.trim(),
    v.maxLength(2048, PAGE_URL_INVALID),
    v.check((s) => s === "" || isHttpUrl(s), PAGE_URL_INVALID),
  ),
  "",
);

/** POST /organizers and the naming dialog: every field but the title is optional. */
export const createOrganizationSchema = v.pipe(
  // An array is an object to valibot: refuse it as a whole rather than report its missing title.
  v.custom<Record<string, unknown>>(
    (input) => typeof input === "object" && input !== null && !Array.isArray(input),
    "errors:invalid-input",
  ),
  v.object({
    title: organizationTitleSchema,
    description: textSchema(ORGANIZATION_DESCRIPTION_MAX_LENGTH, "organizations:errors.description-too-long"),
    small_description: textSchema(
      ORGANIZATION_SMALL_DESCRIPTION_MAX_LENGTH,
      "organizations:errors.small-description-too-long",
    ),
    is_private: v.nullish(v.boolean("errors:invalid-input"), false),
    address_label: textSchema(ORGANIZATION_ADDRESS_MAX_LENGTH, "organizations:errors.address-too-long"),
    address_latitude: coordinateSchema(90),
    address_longitude: coordinateSchema(180),
    main_picture: pictureSchema,
    cover_picture: pictureSchema,
    page_url: pageUrlSchema,
  }),
  v.transform((input) => ({
    title: input.title,
    description: input.description,
    smallDescription: input.small_description,
    isPrivate: input.is_private,
    addressLabel: input.address_label,
    /** Degrees (stored as integer micro-degrees). */
    addressLatitude: input.address_latitude,
    addressLongitude: input.address_longitude,
    mainPicture: input.main_picture,
    coverPicture: input.cover_picture,
    pageUrl: input.page_url,
  })),
);

/** The parsed input of createOrganization. */
export type OrganizationInput = v.InferOutput<typeof createOrganizationSchema>;

/**
 * The message of a refused organization input: the title's when the title is wrong, so a client that only reads
 * `message` still tells "required", "64" and "unique" apart; else the generic one.
 */
export function organizationInputMessage(fields: Record<string, string>): string {
  return fields.title ?? "errors:invalid-input";
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
