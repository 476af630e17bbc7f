import * as v from "valibot";
import { discountTypes, type DiscountType } from "#db/schema";
import { zonedDateTimeToUtc } from "../events/event-time-zone";
import { eurosToCents } from "../tickets/ticket-input-schema";
import { boundedString } from "../shared/bounded-string";
import {
  PROMO_BULK_MAX_COUNT,
  PROMO_CODE_MAX_LENGTH,
  PROMO_CODES_PER_REQUEST,
  PROMO_PREFIX_MAX_LENGTH,
} from "./promo-code-limits";

export { PROMO_BULK_MAX_COUNT, PROMO_CODE_MAX_LENGTH, PROMO_CODES_PER_REQUEST, PROMO_PREFIX_MAX_LENGTH };

/**
 * One promo entry as the spec's client and our screens send it (issue 9):
 * `{ key, discount_type, discount, tickets, start_at, end_at, max_uses }`. `discount` is 1–100 for a percentage and
 * cents for an amount; `tickets` empty means every ticket; `max_uses` -1 means unlimited. Messages are keys of the
 * "promo-codes" namespace.
 */

/** Letters, digits, dash and underscore: what a buyer can type back without ambiguity. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const MAX_AMOUNT_DISCOUNT_CENTS = 100_000_000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export const promoCodeKeySchema = v.pipe(
  v.string("promo-codes:errors.key-required"),
  v.trim(),
  v.minLength(1, "promo-codes:errors.key-required"),
  v.maxLength(PROMO_CODE_MAX_LENGTH, "promo-codes:errors.key-too-long"),
  v.regex(PROMO_CODE_PATTERN, "promo-codes:errors.key-format"),
);

function nullableInstant(message: string) {
  return v.pipe(
    v.optional(v.nullable(boundedString(100, message)), null),
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

/** What can be wrong with a discount: each case has its own message, so a decimal percent is not told "above zero". */
type DiscountProblem =
  | "promo-codes:errors.percent-whole"
  | "promo-codes:errors.amount-invalid"
  | "promo-codes:errors.discount-invalid"
  | "promo-codes:errors.percent-above-100"
  | "promo-codes:errors.amount-too-large";
const DECIMAL_TEXT = /^-?\d+(?:[.,]\d+)?$/;

/**
 * The one thing wrong with a discount of this type, or null. A text reaches here when the form could not read it as
 * a whole percent or as euros with at most two decimals ("12.5" %, "2,505" €, "abc"); "", zero or less, and a whole
 * number sent as text by an API client are the "above zero" case.
 */
export function discountProblem(type: DiscountType, discount: number | string): DiscountProblem | null {
  if (typeof discount === "string") {
    const text = discount.trim();
    if (text === "" || /^\d+$/.test(text) || (DECIMAL_TEXT.test(text) && Number(text.replace(",", ".")) <= 0))
      return "promo-codes:errors.discount-invalid";
    return type === "percent" ? "promo-codes:errors.percent-whole" : "promo-codes:errors.amount-invalid";
  }
  if (!Number.isFinite(discount)) return "promo-codes:errors.discount-invalid";
  if (discount < 1) return "promo-codes:errors.discount-invalid";
  if (!Number.isSafeInteger(discount))
    return type === "percent" ? "promo-codes:errors.percent-whole" : "promo-codes:errors.amount-invalid";
  if (type === "percent" && discount > 100) return "promo-codes:errors.percent-above-100";
  if (type === "amount" && discount > MAX_AMOUNT_DISCOUNT_CENTS) return "promo-codes:errors.amount-too-large";
  return null;
}

export const promoCodeItemSchema = v.pipe(
  v.object({
    key: promoCodeKeySchema,
    discount_type: v.picklist(discountTypes, "promo-codes:errors.discount-type-invalid"),
    // Checked below with its type (discountProblem); a text is kept until then to say what is wrong with it.
    discount: v.union(
      [v.number(), boundedString(100, "promo-codes:errors.discount-invalid")],
      "promo-codes:errors.discount-invalid",
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
  // A wrong discount gets exactly one message, the one of its problem, shown together with the other fields' (the
  // check runs once the type and the discount are readable).
  v.forward(
    v.partialCheck(
      [["discount_type"], ["discount"]],
      (entry) => discountProblem(entry.discount_type, entry.discount) === null,
      (issue) => {
        const entry = issue.input as { discount_type: DiscountType; discount: number | string };
        return discountProblem(entry.discount_type, entry.discount) ?? "promo-codes:errors.discount-invalid";
      },
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
  // Every check above passed: the discount is a whole number in range.
  v.transform((entry) => ({ ...entry, discount: entry.discount as number })),
);

export const promoCodeItemsSchema = v.pipe(
  v.array(promoCodeItemSchema, "promo-codes:errors.entries-invalid"),
  v.minLength(1, "promo-codes:errors.entries-empty"),
  v.maxLength(PROMO_CODES_PER_REQUEST, "promo-codes:errors.too-many"),
);

export type PromoCodeItemInput = v.InferOutput<typeof promoCodeItemSchema>;

/** Codes are compared without regard to case: stored and looked up in upper case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Bulk creation from the screen: a prefix and how many random codes to make with the same settings. */
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
 * The promo code form (promos page): the posted text mapped onto the API's entry, then the same `promoCodeItemSchema`.
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
    promoCodeItemSchema,
  );
}
