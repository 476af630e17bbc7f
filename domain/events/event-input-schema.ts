import * as v from "valibot";
import { eventMessageSchema } from "../event-messages/event-messages-schema";
import { isEmailShape } from "../shared/email";
import { isValidTimeZone } from "./event-time-zone";
import { boundedString } from "../shared/bounded-string";

/**
 * The event fields accepted from the editor, the settings page and the API (spec §3), shared by client and server.
 * Input keys are the spec's snake_case names; the parsed output is the domain's camelCase `EventFields`.
 * Every message is an i18n key of the "events" namespace.
 */

export const EVENT_TITLE_MAX_LENGTH = 120;
export const EVENT_SMALL_DESCRIPTION_MAX_LENGTH = 500;
/** The description is HTML; the limit is on its UTF-8 size, checked before and after sanitizing. */
export const EVENT_DESCRIPTION_MAX_BYTES = 50_000;
export const EVENT_ADDRESS_MAX_LENGTH = 300;
export const EVENT_REFUND_POLICY_MAX_LENGTH = 5_000;
export const META_PIXEL_ID_MAX_LENGTH = 32;
/** Exact spec §5 text of `events:errors.meta-pixel-id-invalid` in French. */
export const META_PIXEL_ID_ERROR_FR = "Format de Meta Pixel ID invalide. Veuillez entrer un ID numérique valide.";

export const eventThemes = ["light", "dark"] as const;
export const eventVisibilities = ["public", "private"] as const;
export type EventTheme = (typeof eventThemes)[number];
export type EventVisibility = (typeof eventVisibilities)[number];

export const PRIMARY_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const META_PIXEL_ID_PATTERN = /^\d*$/;
/**
 * main_picture holds the public path of a stored banner, `/images/events/{id}/{name}.webp` (domain/images/banner.ts);
 * it is set by the banner upload and may only be cleared or copied here.
 */
export const EVENT_PICTURE_PATTERN = /^\/images\/events\/(\d+)\/[A-Za-z0-9_-]{1,100}\.webp$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
// Keep dates in a range the UI and SQLite handle without surprises (years 1970–9999).
const MAX_EPOCH_MS = 253_402_300_799_999;

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** An instant given as an ISO 8601 string with Z or an offset, or as epoch milliseconds; "" or null clears it. */
function instantSchema(message: string) {
  return v.pipe(
    v.union([boundedString(100, message), v.number(), v.null()], message),
    v.rawTransform<string | number | null, Date | null>(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value;
      if (value === null || (typeof value === "string" && value.trim() === "")) return null;
      let epochMs: number;
      if (typeof value === "number") epochMs = value;
      else if (/^\d{1,16}$/.test(value.trim())) epochMs = Number(value.trim());
      else if (ISO_INSTANT.test(value.trim())) epochMs = Date.parse(value.trim());
      else epochMs = Number.NaN;
      if (!Number.isInteger(epochMs) || epochMs < 0 || epochMs > MAX_EPOCH_MS) {
        addIssue({ message });
        return NEVER;
      }
      return new Date(epochMs);
    }),
  );
}

/** A number, or its text from a form with a dot or a French decimal comma ("45,7486"); "" or null clears it. */
function nullableNumberSchema(message: string, min: number, max: number) {
  return v.pipe(
    v.union([v.number(), boundedString(100, message), v.null()], message),
    v.rawTransform<number | string | null, number | null>(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value;
      if (value === null || (typeof value === "string" && value.trim() === "")) return null;
      const text = typeof value === "number" ? "" : value.trim();
      const number =
        typeof value === "number"
          ? value
          : /^[+-]?\d+([.,]\d+)?$/.test(text)
            ? Number(text.replace(",", "."))
            : Number.NaN;
      if (!Number.isFinite(number) || number < min || number > max) {
        addIssue({ message });
        return NEVER;
      }
      return number;
    }),
  );
}

function booleanSchema(message: string) {
  return v.pipe(
    v.union([v.boolean(), v.picklist(["true", "false", "on", "off", "1", "0"])], message),
    v.transform((value): boolean => value === true || value === "true" || value === "on" || value === "1"),
  );
}

function textSchema(maxLength: number, message: string) {
  return v.pipe(v.string(message), v.trim(), v.maxLength(maxLength, message));
}

export const metaPixelIdSchema = v.pipe(
  v.string("events:errors.meta-pixel-id-invalid"),
  v.trim(),
  v.maxLength(META_PIXEL_ID_MAX_LENGTH, "events:errors.meta-pixel-id-invalid"),
  v.regex(META_PIXEL_ID_PATTERN, "events:errors.meta-pixel-id-invalid"),
);

const EVENT_CAPACITY_MAX = 1_000_000_000;
/** A whole number from -1 (unlimited) up; each way to miss it has its own message (a negative one is not "not whole"). */
export const eventCapacitySchema = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,15}$/, "events:errors.event-capacity-invalid"))],
    "events:errors.event-capacity-invalid",
  ),
  v.transform(Number),
  v.integer("events:errors.event-capacity-invalid"),
  v.minValue(-1, "events:errors.event-capacity-negative"),
  v.maxValue(EVENT_CAPACITY_MAX, "events:errors.event-capacity-too-large"),
);

export const allowBillingSchema = booleanSchema("events:errors.allow-billing-invalid");

/** Coordinates in degrees, as numbers or their text from a form (a dot or a comma as decimal separator); "" or null clears them. */
export const addressLatitudeSchema = nullableNumberSchema("events:errors.latitude-invalid", -90, 90);
export const addressLongitudeSchema = nullableNumberSchema("events:errors.longitude-invalid", -180, 180);

/** An event always has a title: required on create, and an update may change it but not empty it. */
export const TITLE_REQUIRED = "editor:title.required";
/** An end without a start is refused (rather than clearing the end behind the organizer's back). */
export const START_REQUIRED_WITH_END = "editor:date.start-required";

const eventFieldEntries = {
  title: v.pipe(
    v.string("events:errors.title-too-long"),
    v.trim(),
    v.nonEmpty(TITLE_REQUIRED),
    v.maxLength(EVENT_TITLE_MAX_LENGTH, "events:errors.title-too-long"),
  ),
  small_description: textSchema(EVENT_SMALL_DESCRIPTION_MAX_LENGTH, "events:errors.small-description-too-long"),
  description: v.pipe(
    v.string("events:errors.description-too-long"),
    v.check((html) => utf8Length(html) <= EVENT_DESCRIPTION_MAX_BYTES, "events:errors.description-too-long"),
  ),
  main_picture: v.pipe(
    v.string("events:errors.main-picture-invalid"),
    v.trim(),
    // A full event sent back unchanged keeps whatever it holds; a new value is checked by the domain.
    v.maxLength(500, "events:errors.main-picture-invalid"),
  ),
  start_at: instantSchema("events:errors.start-invalid"),
  end_at: instantSchema("events:errors.end-invalid"),
  timezone: v.pipe(
    v.string("events:errors.timezone-invalid"),
    v.trim(),
    v.check(isValidTimeZone, "events:errors.timezone-invalid"),
  ),
  address_label: textSchema(EVENT_ADDRESS_MAX_LENGTH, "events:errors.address-too-long"),
  address_name: textSchema(EVENT_ADDRESS_MAX_LENGTH, "events:errors.address-too-long"),
  address_latitude: addressLatitudeSchema,
  address_longitude: addressLongitudeSchema,
  contact_email: v.pipe(
    v.string("events:errors.contact-email-invalid"),
    v.trim(),
    v.check((email) => email === "" || isEmailShape(email), "events:errors.contact-email-invalid"),
    v.toLowerCase(),
  ),
  refund_policy: v.pipe(
    v.nullable(textSchema(EVENT_REFUND_POLICY_MAX_LENGTH, "events:errors.refund-policy-too-long")),
    v.transform((text) => (text === null || text === "" ? null : text)),
  ),
  primary_color: v.pipe(
    v.string("events:errors.primary-color-invalid"),
    v.trim(),
    v.regex(PRIMARY_COLOR_PATTERN, "events:errors.primary-color-invalid"),
    v.toLowerCase(),
  ),
  theme: v.picklist(eventThemes, "events:errors.theme-invalid"),
  meta_pixel_id: metaPixelIdSchema,
  visibility: v.picklist(eventVisibilities, "events:errors.visibility-invalid"),
  event_capacity: eventCapacitySchema,
  allow_billing: allowBillingSchema,
  // The personalized messages (spec §3), with the rules of their own page (domain/event-messages).
  confirmation_page_message: eventMessageSchema,
  email_pdf_message: eventMessageSchema,
  email_pdf_email_response: eventMessageSchema,
};

/** Spec §3: "start_at / end_at (also seen as start_date / end_date)"; the _at name wins when both are sent. */
const dateAliasEntries = {
  start_date: instantSchema("events:errors.start-invalid"),
  end_date: instantSchema("events:errors.end-invalid"),
};

/** The domain shape of event fields; every field is optional (a partial update touches only what it names). */
export type EventFields = {
  title?: string;
  smallDescription?: string;
  /** HTML; sanitized by the domain before it is stored. */
  description?: string;
  mainPicture?: string;
  startAt?: Date | null;
  endAt?: Date | null;
  timezone?: string;
  addressLabel?: string;
  addressName?: string;
  /** Degrees (stored as integer micro-degrees). */
  addressLatitude?: number | null;
  addressLongitude?: number | null;
  contactEmail?: string;
  refundPolicy?: string | null;
  primaryColor?: string;
  theme?: EventTheme;
  metaPixelId?: string;
  visibility?: EventVisibility;
  eventCapacity?: number;
  allowBilling?: boolean;
  /** HTML; sanitized by the domain before it is stored, like the description. */
  confirmationPageMessage?: string;
  emailPdfMessage?: string;
  emailPdfEmailResponse?: string;
};

const fieldNames = {
  title: "title",
  small_description: "smallDescription",
  description: "description",
  main_picture: "mainPicture",
  start_at: "startAt",
  end_at: "endAt",
  timezone: "timezone",
  address_label: "addressLabel",
  address_name: "addressName",
  address_latitude: "addressLatitude",
  address_longitude: "addressLongitude",
  contact_email: "contactEmail",
  refund_policy: "refundPolicy",
  primary_color: "primaryColor",
  theme: "theme",
  meta_pixel_id: "metaPixelId",
  visibility: "visibility",
  event_capacity: "eventCapacity",
  allow_billing: "allowBilling",
  confirmation_page_message: "confirmationPageMessage",
  email_pdf_message: "emailPdfMessage",
  email_pdf_email_response: "emailPdfEmailResponse",
} as const satisfies Record<keyof typeof eventFieldEntries, keyof EventFields>;

/** snake_case input key of each domain field, e.g. for mapping a domain error back onto a form field. */
export const eventFieldInputNames = Object.fromEntries(
  Object.entries(fieldNames).map(([input, field]) => [field, input]),
) as Record<keyof EventFields, keyof typeof eventFieldEntries>;

export const END_BEFORE_START = "events:errors.end-before-start";

/** True when an end is set without a start. */
export function endWithoutStart(startAt: Date | null | undefined, endAt: Date | null | undefined): boolean {
  return !startAt && !!endAt;
}

/** True when both dates are set and the end is not after the start. */
export function endsBeforeStart(startAt: Date | null | undefined, endAt: Date | null | undefined): boolean {
  return !!startAt && !!endAt && endAt.getTime() <= startAt.getTime();
}

type DatedInput = {
  start_at?: Date | null;
  end_at?: Date | null;
  start_date?: Date | null;
  end_date?: Date | null;
};
const startOf = (input: DatedInput) => (input.start_at !== undefined ? input.start_at : input.start_date);
const endOf = (input: DatedInput) => (input.end_at !== undefined ? input.end_at : input.end_date);
const datePaths = [["start_at"], ["end_at"], ["start_date"], ["end_date"]] as const;

/**
 * Event fields, each optional; unknown keys (id, tickets, access_token… of a full event) are ignored.
 * start_date / end_date stand for start_at / end_at when those are absent.
 * The end must be after the start when both are given, and a start is needed with an end; the domain checks both
 * again against the stored dates.
 */
export const eventFieldsSchema = v.pipe(
  v.partial(v.object({ ...eventFieldEntries, ...dateAliasEntries })),
  v.forward(
    v.partialCheck(
      datePaths,
      (input) =>
        startOf(input) === undefined || endOf(input) === undefined || !endWithoutStart(startOf(input), endOf(input)),
      START_REQUIRED_WITH_END,
    ),
    ["start_at"],
  ),
  v.forward(
    v.partialCheck(datePaths, (input) => !endsBeforeStart(startOf(input), endOf(input)), END_BEFORE_START),
    ["end_at"],
  ),
  v.transform((input): EventFields => {
    const { start_date: startDate, end_date: endDate, ...fields } = input;
    const output: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) output[fieldNames[key as keyof typeof fieldNames]] = value;
    }
    if (output.startAt === undefined && startDate !== undefined) output.startAt = startDate;
    if (output.endAt === undefined && endDate !== undefined) output.endAt = endDate;
    return output as EventFields;
  }),
);
export type EventFieldsInput = v.InferInput<typeof eventFieldsSchema>;

/** Spec §2 event settings page: the tracking pixel id and the billing switch. */
/** The units of a self-service deadline (db/schema.ts selfServiceDeadlineUnits): exact hours, or calendar days. */
export const SELF_SERVICE_UNITS = ["hours", "days"] as const;
/** The largest "before the start" an organizer may set: a year, in either unit. */
export const SELF_SERVICE_MAX_BEFORE = { hours: 8_784, days: 366 } as const;

/** How long before the start a buyer's self-service action closes: 0 (at the start) up to a year in either unit. */
const selfServiceBeforeSchema = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,5}$/, "events:errors.self-service-before-invalid"))],
    "events:errors.self-service-before-invalid",
  ),
  v.transform(Number),
  v.integer("events:errors.self-service-before-invalid"),
  v.minValue(0, "events:errors.self-service-before-invalid"),
  v.maxValue(SELF_SERVICE_MAX_BEFORE.hours, "events:errors.self-service-before-invalid"),
);
const selfServiceUnitSchema = v.picklist(SELF_SERVICE_UNITS, "events:errors.self-service-unit-invalid");
/** The refund a buyer's cancellation gives (db/schema.ts selfServiceRefundKinds, docs/decisions/0060). */
export const SELF_SERVICE_REFUNDS = ["full", "full-minus-fees", "percentage", "none"] as const;
/** A percentage in basis points, 1 (0.01 %) to 10 000 (100 %); the form sends percent, turned into basis points. */
const cancelPercentageSchema = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,5}$/, "events:errors.self-service-percentage-invalid"))],
    "events:errors.self-service-percentage-invalid",
  ),
  v.transform(Number),
  v.integer("events:errors.self-service-percentage-invalid"),
  v.minValue(1, "events:errors.self-service-percentage-invalid"),
  v.maxValue(10_000, "events:errors.self-service-percentage-invalid"),
);

/** How long a waiting-list offer holds its places (issue 28 §3): 1 hour up to a week. */
export const WAITING_LIST_HOLD_HOURS = { min: 1, max: 168, default: 24 } as const;
const waitingListHoldHoursSchema = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}$/, "events:errors.waiting-list-hold-hours-invalid"))],
    "events:errors.waiting-list-hold-hours-invalid",
  ),
  v.transform(Number),
  v.integer("events:errors.waiting-list-hold-hours-invalid"),
  v.minValue(WAITING_LIST_HOLD_HOURS.min, "events:errors.waiting-list-hold-hours-invalid"),
  v.maxValue(WAITING_LIST_HOLD_HOURS.max, "events:errors.waiting-list-hold-hours-invalid"),
);

export const eventSettingsSchema = v.pipe(
  v.object({
    meta_pixel_id: v.optional(metaPixelIdSchema),
    allow_billing: v.optional(allowBillingSchema),
    // What buyers may do on their order page (issue 28 §1), and until how long before the start.
    self_service_edit: v.optional(booleanSchema("events:errors.invalid-input")),
    self_service_edit_before: v.optional(selfServiceBeforeSchema),
    self_service_edit_unit: v.optional(selfServiceUnitSchema),
    self_service_transfer: v.optional(booleanSchema("events:errors.invalid-input")),
    self_service_transfer_before: v.optional(selfServiceBeforeSchema),
    self_service_transfer_unit: v.optional(selfServiceUnitSchema),
    self_service_cancel: v.optional(booleanSchema("events:errors.invalid-input")),
    self_service_cancel_before: v.optional(selfServiceBeforeSchema),
    self_service_cancel_unit: v.optional(selfServiceUnitSchema),
    self_service_cancel_refund: v.optional(
      v.picklist(SELF_SERVICE_REFUNDS, "events:errors.self-service-refund-invalid"),
    ),
    self_service_cancel_percentage: v.optional(cancelPercentageSchema),
    waiting_list_hold_hours: v.optional(waitingListHoldHoursSchema),
  }),
  v.transform((input) => ({
    ...(input.meta_pixel_id !== undefined ? { metaPixelId: input.meta_pixel_id } : {}),
    ...(input.allow_billing !== undefined ? { allowBilling: input.allow_billing } : {}),
    ...(input.self_service_edit !== undefined ? { selfServiceEdit: input.self_service_edit } : {}),
    ...(input.self_service_edit_before !== undefined ? { selfServiceEditBefore: input.self_service_edit_before } : {}),
    ...(input.self_service_edit_unit !== undefined ? { selfServiceEditUnit: input.self_service_edit_unit } : {}),
    ...(input.self_service_transfer !== undefined ? { selfServiceTransfer: input.self_service_transfer } : {}),
    ...(input.self_service_transfer_before !== undefined
      ? { selfServiceTransferBefore: input.self_service_transfer_before }
      : {}),
    ...(input.self_service_transfer_unit !== undefined
      ? { selfServiceTransferUnit: input.self_service_transfer_unit }
      : {}),
    ...(input.self_service_cancel !== undefined ? { selfServiceCancel: input.self_service_cancel } : {}),
    ...(input.self_service_cancel_before !== undefined
      ? { selfServiceCancelBefore: input.self_service_cancel_before }
      : {}),
    ...(input.self_service_cancel_unit !== undefined ? { selfServiceCancelUnit: input.self_service_cancel_unit } : {}),
    ...(input.self_service_cancel_refund !== undefined
      ? { selfServiceCancelRefund: input.self_service_cancel_refund }
      : {}),
    ...(input.self_service_cancel_percentage !== undefined
      ? { selfServiceCancelPercentage: input.self_service_cancel_percentage }
      : {}),
    ...(input.waiting_list_hold_hours !== undefined ? { waitingListHoldHours: input.waiting_list_hold_hours } : {}),
  })),
);
export type EventSettings = v.InferOutput<typeof eventSettingsSchema>;

/** Body of a publish: the visibility chosen first, and the answer to 'Publier sans billets ?'. */
export const publishOptionsSchema = v.object({
  visibility: v.optional(v.picklist(eventVisibilities, "events:errors.visibility-invalid")),
  confirm_without_tickets: v.optional(booleanSchema("events:errors.invalid-input"), false),
});

/** Spec §5: deleting an event needs the word DELETE typed exactly. */
export const DELETE_CONFIRMATION_WORD = "DELETE";
export const deleteEventSchema = v.object({
  confirmation: v.pipe(
    v.string("events:errors.delete-confirmation"),
    v.check((text) => text === DELETE_CONFIRMATION_WORD, "events:errors.delete-confirmation"),
  ),
});
