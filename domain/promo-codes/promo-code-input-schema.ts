import * as v from "valibot";
import { zonedDateTimeToUtc } from "../events/event-time-zone";
import { eurosToCents } from "../tickets/ticket-input-schema";

/**
 * One promo entry as the spec's client and our screens send it (issue 9):
 * `{ key, discount_type, discount, tickets, start_at, end_at, max_uses }`. `discount` is 1–100 for a percentage and
 * cents for an amount; `tickets` empty means every ticket; `max_uses` -1 means unlimited. Messages are keys of the
 * "promo-codes" namespace.
 */

export const PROMO_CODE_MAX_LENGTH = 40;
/** Letters, digits, dash and underscore: what a buyer can type back without ambiguity. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
// One statement or two per code in one D1 batch: 200 codes stay well inside a Worker's query budget.
export const PROMO_CODES_PER_REQUEST = 200;
export const MAX_AMOUNT_DISCOUNT_CENTS = 100_000_000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const promoDiscountTypes = ["percent", "amount"] as const;
export type PromoDiscountType = (typeof promoDiscountTypes)[number];

export const promoCodeKeySchema = v.pipe(
  v.string("promo-codes:errors.key-required"),
  v.trim(),
  v.minLength(1, "promo-codes:errors.key-required"),
  v.maxLength(PROMO_CODE_MAX_LENGTH, "promo-codes:errors.key-too-long"),
  v.regex(PROMO_CODE_PATTERN, "promo-codes:errors.key-format"),
);

function nullableInstant(message: string) {
  return v.pipe(
    v.optional(v.nullable(v.string(message)), null),
    v.rawTransform<string | null, Date | null>(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value?.trim() ?? "";
      if (value === "") return null;
      const epochMs = ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
      if (!Number.isFinite(epochMs)) {
        addIssue({ message });
        return NEVER;
      }
      return new Date(epochMs);
    }),
  );
}

const integer = (message: string) => v.pipe(v.number(message), v.integer(message), v.safeInteger(message));

export const promoEntrySchema = v.pipe(
  v.object({
    key: promoCodeKeySchema,
    discount_type: v.picklist(promoDiscountTypes, "promo-codes:errors.discount-type-invalid"),
    discount: v.pipe(
      integer("promo-codes:errors.discount-invalid"),
      v.minValue(1, "promo-codes:errors.discount-invalid"),
    ),
    tickets: v.optional(
      v.pipe(
        v.array(
          v.pipe(integer("promo-codes:errors.tickets-invalid"), v.minValue(1, "promo-codes:errors.tickets-invalid")),
          "promo-codes:errors.tickets-invalid",
        ),
        v.maxLength(40, "promo-codes:errors.tickets-invalid"),
      ),
      [],
    ),
    start_at: nullableInstant("promo-codes:errors.start-invalid"),
    end_at: nullableInstant("promo-codes:errors.end-invalid"),
    max_uses: v.optional(
      v.pipe(
        integer("promo-codes:errors.max-uses-invalid"),
        v.check((uses) => uses === -1 || uses >= 1, "promo-codes:errors.max-uses-invalid"),
        v.maxValue(10_000_000, "promo-codes:errors.max-uses-invalid"),
      ),
      -1,
    ),
  }),
  v.forward(
    v.check(
      (entry) => entry.discount_type !== "percent" || entry.discount <= 100,
      "promo-codes:errors.percent-above-100",
    ),
    ["discount"],
  ),
  v.forward(
    v.check(
      (entry) => entry.discount_type !== "amount" || entry.discount <= MAX_AMOUNT_DISCOUNT_CENTS,
      "promo-codes:errors.discount-invalid",
    ),
    ["discount"],
  ),
  v.forward(
    v.check(
      (entry) => !entry.start_at || !entry.end_at || entry.end_at > entry.start_at,
      "promo-codes:errors.end-before-start",
    ),
    ["end_at"],
  ),
);

export const promoEntriesSchema = v.pipe(
  v.array(promoEntrySchema, "promo-codes:errors.entries-invalid"),
  v.minLength(1, "promo-codes:errors.entries-empty"),
  v.maxLength(PROMO_CODES_PER_REQUEST, "promo-codes:errors.too-many"),
);

export type PromoEntryInput = v.InferOutput<typeof promoEntrySchema>;

/** Codes are compared without regard to case: stored and looked up in upper case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Bulk creation from the screen: a prefix and how many random codes to make with the same settings. */
export const PROMO_BULK_MAX_COUNT = PROMO_CODES_PER_REQUEST;
export const PROMO_PREFIX_MAX_LENGTH = 20;
export const promoBulkSchema = v.object({
  prefix: v.pipe(
    v.string("promo-codes:errors.prefix-invalid"),
    v.trim(),
    v.maxLength(PROMO_PREFIX_MAX_LENGTH, "promo-codes:errors.prefix-invalid"),
    v.regex(/^[A-Za-z0-9_-]*$/, "promo-codes:errors.prefix-invalid"),
  ),
  count: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,3}$/))], "promo-codes:errors.count-invalid"),
    v.transform(Number),
    v.integer("promo-codes:errors.count-invalid"),
    v.minValue(1, "promo-codes:errors.count-invalid"),
    v.maxValue(PROMO_BULK_MAX_COUNT, "promo-codes:errors.count-invalid"),
  ),
});

/**
 * The promo code form (promos page): the posted text mapped onto the API's entry, then the same `promoEntrySchema`.
 * The discount is typed in percent or in euros, the dates as `datetime-local` values in the event's time zone, the
 * tickets as comma-separated ids, and "unlimited" as a checkbox.
 */
export function promoFormSchema(timeZone: string) {
  return v.pipe(
    v.record(v.string(), v.string()),
    v.transform((values): Record<string, unknown> => {
      const input: Record<string, unknown> = { key: values.key ?? "", discount_type: values.discount_type };
      const discount = values.discount ?? "";
      input.discount =
        values.discount_type === "amount"
          ? eurosToCents(discount)
          : /^\s*\d+\s*$/.test(discount)
            ? Number(discount)
            : discount;
      input.tickets = (values.tickets ?? "")
        .split(",")
        .filter((id) => id.trim() !== "")
        .map((id) => (/^\d+$/.test(id.trim()) ? Number(id) : id));
      for (const name of ["start_at", "end_at"] as const) {
        const local = values[name]?.trim() ?? "";
        input[name] = local === "" ? null : (zonedDateTimeToUtc(local, timeZone)?.toISOString() ?? local);
      }
      const uses = values.max_uses?.trim() ?? "";
      input.max_uses = values.unlimited === "on" || uses === "" ? -1 : /^\d+$/.test(uses) ? Number(uses) : uses;
      return input;
    }),
    promoEntrySchema,
  );
}
