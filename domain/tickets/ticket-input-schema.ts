import * as v from "valibot";
import { feesTypes, ticketTypes, type FeesType, type TicketType, type TicketVisibility } from "#db/schema";
import { zonedDateTimeToUtc } from "../events/event-time-zone";
import { utf8Length } from "../events/event-input-schema";
import { boundedString } from "../shared/bounded-string";
import { centsToEuros, eurosToCents } from "./euro-text";

/**
 * The ticket and add-on fields of spec §3, accepted from the tickets pages and the API (one schema for both).
 * Input keys are the spec's snake_case names; the output is the domain's camelCase `TicketFields`, every field optional
 * (a PUT changes what it names). Rules that involve two fields or the stored ticket (max ≥ min, sale end after sale
 * start, stock not below what was sold) are checked again by the domain on the merged ticket (`planTicket`).
 * Messages are i18n keys of the "tickets" namespace.
 */

export const TICKET_TITLE_MAX_LENGTH = 120;
export const TICKET_DESCRIPTION_MAX_LENGTH = 500;
/** The detailed description is HTML: the limit is on its UTF-8 size. */
export const TICKET_DETAILED_DESCRIPTION_MAX_BYTES = 20_000;
/** 1 000 000 € in cents. */
export const TICKET_PRICE_MAX = 100_000_000;
export const TICKET_AMOUNT_MAX = 1_000_000;
export const TICKET_PER_ORDER_MAX = 1_000;

/** What an organizer may choose; 'deleted' is set only by deleting. */
export const ticketVisibilities = ["visible", "hidden"] as const satisfies readonly TicketVisibility[];
export type TicketVisibilityChoice = (typeof ticketVisibilities)[number];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const MAX_EPOCH_MS = 253_402_300_799_999;

function integerSchema(message: string, min: number, max: number) {
  return v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,10}$/))], message),
    v.transform(Number),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

/** -1 (unlimited) or a positive count. */
const amountSchema = v.pipe(
  integerSchema("tickets:errors.amount-invalid", -1, TICKET_AMOUNT_MAX),
  v.check((amount) => amount === -1 || amount >= 1, "tickets:errors.amount-invalid"),
);

function instantSchema(message: string) {
  return v.pipe(
    v.union([boundedString(100, message), v.number(), v.null()], message),
    v.rawTransform<string | number | null, Date | null>(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value;
      if (value === null || (typeof value === "string" && value.trim() === "")) return null;
      const epochMs =
        typeof value === "number" ? value : ISO_INSTANT.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
      if (!Number.isInteger(epochMs) || epochMs < 0 || epochMs > MAX_EPOCH_MS) {
        addIssue({ message });
        return NEVER;
      }
      return new Date(epochMs);
    }),
  );
}

function booleanSchema(message: string) {
  return v.pipe(
    v.union([v.boolean(), v.picklist(["true", "false", "on", "off", "1", "0"])], message),
    v.transform((value): boolean => value === true || value === "true" || value === "on" || value === "1"),
  );
}

const ticketFieldEntries = {
  title: v.pipe(
    v.string("tickets:errors.title-required"),
    v.trim(),
    v.nonEmpty("tickets:errors.title-required"),
    v.maxLength(TICKET_TITLE_MAX_LENGTH, "tickets:errors.title-too-long"),
  ),
  description: v.pipe(
    v.nullable(boundedString(TICKET_DESCRIPTION_MAX_LENGTH + 1_000, "tickets:errors.description-too-long")),
    v.transform((text) => (text ?? "").trim()),
    v.maxLength(TICKET_DESCRIPTION_MAX_LENGTH, "tickets:errors.description-too-long"),
  ),
  detailed_description: v.pipe(
    v.nullable(boundedString(TICKET_DETAILED_DESCRIPTION_MAX_BYTES, "tickets:errors.detailed-description-too-long")),
    v.transform((html) => html ?? ""),
    v.check(
      (html) => utf8Length(html) <= TICKET_DETAILED_DESCRIPTION_MAX_BYTES,
      "tickets:errors.detailed-description-too-long",
    ),
  ),
  price: integerSchema("tickets:errors.price-invalid", 0, TICKET_PRICE_MAX),
  amount: amountSchema,
  sell_start_at: instantSchema("tickets:errors.sell-start-invalid"),
  sell_end_at: instantSchema("tickets:errors.sell-end-invalid"),
  min_per_order: integerSchema("tickets:errors.min-per-order-invalid", 1, TICKET_PER_ORDER_MAX),
  max_per_order: integerSchema("tickets:errors.max-per-order-invalid", 1, TICKET_PER_ORDER_MAX),
  visibility: v.picklist(ticketVisibilities, "tickets:errors.visibility-invalid"),
  restricted: booleanSchema("tickets:errors.restricted-invalid"),
  fees_type: v.picklist(feesTypes, "tickets:errors.fees-type-invalid"),
  ticket_type: v.picklist(ticketTypes, "tickets:errors.ticket-type-invalid"),
  show_remaining_count: booleanSchema("tickets:errors.show-remaining-count-invalid"),
  waiting_list: booleanSchema("tickets:errors.waiting-list-invalid"),
  // The ticket's VAT rate (issue 29 §2): one of the organization's rates, null for its default rate at the sale.
  tax_rate_id: v.pipe(
    v.union(
      [v.null(), v.number(), v.pipe(v.string(), v.trim(), v.regex(/^(\d{1,15})?$/, "tickets:errors.tax-rate-invalid"))],
      "tickets:errors.tax-rate-invalid",
    ),
    v.transform((value): number | null => (value === null || value === "" ? null : Number(value))),
    v.check((id) => id === null || (Number.isSafeInteger(id) && id > 0), "tickets:errors.tax-rate-invalid"),
  ),
};

/** The domain shape of ticket fields; every field optional. */
export type TicketFields = {
  title?: string;
  description?: string;
  /** HTML; sanitized by the domain before it is stored. */
  detailedDescription?: string;
  /** Cents. */
  price?: number;
  /** -1 = unlimited. */
  amount?: number;
  sellStartAt?: Date | null;
  sellEndAt?: Date | null;
  minPerOrder?: number;
  maxPerOrder?: number;
  visibility?: TicketVisibilityChoice;
  restricted?: boolean;
  feesType?: FeesType;
  ticketType?: TicketType;
  showRemainingCount?: boolean;
  /** Sold out, buyers may join a waiting list (tickets only). */
  waitingList?: boolean;
  /** One of the organization's VAT rates; null: its default rate at the time of sale. */
  taxRateId?: number | null;
};

const fieldNames = {
  title: "title",
  description: "description",
  detailed_description: "detailedDescription",
  price: "price",
  amount: "amount",
  sell_start_at: "sellStartAt",
  sell_end_at: "sellEndAt",
  min_per_order: "minPerOrder",
  max_per_order: "maxPerOrder",
  visibility: "visibility",
  restricted: "restricted",
  fees_type: "feesType",
  ticket_type: "ticketType",
  show_remaining_count: "showRemainingCount",
  waiting_list: "waitingList",
  tax_rate_id: "taxRateId",
} as const satisfies Record<keyof typeof ticketFieldEntries, keyof TicketFields>;

export type TicketInputName = keyof typeof fieldNames;

/** snake_case input name of each domain field: domain errors name the field as the form and the API know it. */
export const ticketInputNames = Object.fromEntries(
  Object.entries(fieldNames).map(([input, field]) => [field, input]),
) as Record<keyof TicketFields, TicketInputName>;

export const MAX_BELOW_MIN = "tickets:errors.max-below-min";
export const SELL_END_BEFORE_START = "tickets:errors.sell-end-before-start";

/** Both set and the end not after the start. */
export function sellEndsBeforeStart(start: Date | null | undefined, end: Date | null | undefined): boolean {
  return !!start && !!end && end.getTime() <= start.getTime();
}

function toFields(input: Record<string, unknown>): TicketFields {
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && key in fieldNames) output[fieldNames[key as TicketInputName]] = value;
  }
  return output as TicketFields;
}

/**
 * Ticket fields, each optional; unknown keys (id, purchased, status… of a ticket sent back whole) are ignored.
 * When both are given: max_per_order ≥ min_per_order and sell_end_at after sell_start_at.
 */
export const ticketFieldsSchema = v.pipe(
  v.partial(v.object(ticketFieldEntries)),
  v.forward(
    v.partialCheck(
      [["min_per_order"], ["max_per_order"]],
      (input) =>
        input.min_per_order === undefined ||
        input.max_per_order === undefined ||
        input.max_per_order >= input.min_per_order,
      MAX_BELOW_MIN,
    ),
    ["max_per_order"],
  ),
  v.forward(
    v.partialCheck(
      [["sell_start_at"], ["sell_end_at"]],
      (input) => !sellEndsBeforeStart(input.sell_start_at, input.sell_end_at),
      SELL_END_BEFORE_START,
    ),
    ["sell_end_at"],
  ),
  v.transform(toFields),
);
export type TicketFieldsInput = v.InferInput<typeof ticketFieldsSchema>;

export { centsToEuros, eurosToCents };

/** The names the ticket form posts: the API's, with the price in euros and the sale dates as wall-clock times. */
export const TICKET_FORM_BOOLEANS = ["restricted", "show_remaining_count", "waiting_list"] as const;

/**
 * The ticket form (tickets pages): the posted text mapped onto the API's input, then the same `ticketFieldsSchema`.
 * The price is typed in euros, the sale dates as `datetime-local` values in the event's time zone; an unchecked box is
 * not posted, so a missing boolean is false (the form always posts every field).
 */
export function ticketFormSchema(timeZone: string) {
  return v.pipe(
    v.record(v.string(), v.string()),
    v.transform((values): Record<string, unknown> => {
      const input: Record<string, unknown> = { ...values };
      if (typeof values.price === "string") input.price = eurosToCents(values.price);
      for (const name of ["sell_start_at", "sell_end_at"] as const) {
        const local = values[name];
        if (typeof local !== "string" || local.trim() === "") input[name] = null;
        else input[name] = zonedDateTimeToUtc(local, timeZone)?.toISOString() ?? local;
      }
      for (const name of TICKET_FORM_BOOLEANS) input[name] = values[name] === "on" || values[name] === "true";
      return input;
    }),
    ticketFieldsSchema,
  );
}

/** PUT /api/events/:id/tickets/order: the ids of the event's tickets (or add-ons) in their new order. */
export const ticketOrderSchema = v.pipe(
  v.union([v.array(v.unknown()), v.object({ ids: v.array(v.unknown()) })], "tickets:errors.order-invalid"),
  v.transform((input) => (Array.isArray(input) ? input : input.ids)),
  v.array(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/))], "tickets:errors.order-invalid"),
      v.transform(Number),
      v.integer("tickets:errors.order-invalid"),
      v.minValue(1, "tickets:errors.order-invalid"),
    ),
  ),
  v.minLength(1, "tickets:errors.order-invalid"),
  v.maxLength(500, "tickets:errors.order-invalid"),
  v.check((ids) => new Set(ids).size === ids.length, "tickets:errors.order-invalid"),
);
