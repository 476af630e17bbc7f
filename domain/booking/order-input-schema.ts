import * as v from "valibot";
import { buyerCountryCode, checkBuyerVatNumber } from "../accounting/buyer-billing";
import { emailSchema } from "../shared/email";
import { idSchema } from "../shared/ids";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "../shared/bounded-string";

/** Lines, participants and answers per order: far above any real order, low enough to bound a request's work. */
export const MAX_ORDER_LINES = 50;
export const MAX_ORDER_UNITS = 200;
export const ANSWER_MAX_LENGTH = 2_000;
export const NAME_MAX_LENGTH = 100;

const name = (required: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(NAME_MAX_LENGTH, "booking:errors.name-too-long"),
  );
const firstName = name("booking:errors.first-name-required");
const lastName = name("booking:errors.last-name-required");

/** An answer as the buyer sends it: text, a boolean (conditions), or one or several option ids. */
const answerValueSchema = v.union(
  [
    v.pipe(v.string(), v.maxLength(ANSWER_MAX_LENGTH, "booking:errors.answer-invalid")),
    v.boolean(),
    v.pipe(v.array(boundedString(SHORT_TEXT_MAX_LENGTH)), v.maxLength(50, "booking:errors.answer-invalid")),
  ],
  "booking:errors.answer-invalid",
);
export type AnswerValue = v.InferOutput<typeof answerValueSchema>;

const quantitySchema = v.pipe(
  v.number("booking:errors.quantity-invalid"),
  v.integer("booking:errors.quantity-invalid"),
  v.minValue(1, "booking:errors.quantity-invalid"),
  v.maxValue(MAX_ORDER_UNITS, "booking:errors.max-per-order"),
);

const optionalText = (max: number) =>
  v.optional(
    v.pipe(v.string("booking:errors.text-invalid"), v.trim(), v.maxLength(max, "booking:errors.text-too-long")),
    "",
  );
const billingRequired = (max = 500) =>
  v.pipe(
    v.string("booking:errors.billing-required"),
    v.trim(),
    v.nonEmpty("booking:errors.billing-required"),
    v.maxLength(max, "booking:errors.text-too-long"),
  );

export const billingSchema = v.object(
  {
    name: optionalText(200),
    company: optionalText(200),
    address: billingRequired(),
    postal_code: billingRequired(20),
    city: billingRequired(),
    country: billingRequired(100),
    vat_number: optionalText(40),
  },
  "booking:errors.billing-invalid",
);
export type BillingInput = v.InferOutput<typeof billingSchema>;

export type OrderItemInput = {
  ticket_id: number;
  quantity: number;
  /** The date of a multi-date event the places are for (decision 0068); absent for a single date or a pass. */
  date_id?: number;
  /** Position in the body's `items` when it differs from the array's (a refused item before it): its error path. */
  at?: number;
};

export type ParticipantInput = {
  ticket_id: number;
  first_name: string;
  last_name: string;
  email: string;
  answers: Record<string, AnswerValue>;
  /** Position in the body's `participants` when it differs from the array's: its error path. */
  at?: number;
};

/**
 * Body of POST /api/public/events/:id/orders and of the booking page (issue 10 §2), as read by
 * `placeOrderBodySchema`. The fields whose shape was refused are in `invalid` (error path → i18n key) and replaced by
 * an empty value; `planOrder` reports them together with its own checks, so one call answers every error at once.
 */
export type PlaceOrderBody = {
  items: OrderItemInput[];
  promo_code?: string;
  buyer: { first_name: string; last_name: string; email: string };
  participants?: ParticipantInput[];
  answers: Record<string, AnswerValue>;
  billing?: BillingInput | null;
  t?: string | null;
  locale: "fr" | "en";
  /** The access token of a waiting-list offer this order books (docs/decisions/0059-waiting-list.md). */
  waiting_list_offer?: string;
  /** « Je souhaite une facture » (issue 29 §3, §6): the buyer asks for an invoice at checkout. */
  invoice_requested?: boolean;
  invalid?: Record<string, string>;
};

type Fields = Record<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One field parsed on its own: its output, or undefined with its issues added to `invalid` under `path`. */
function read<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  path: string,
  invalid: Fields,
  message?: string,
): v.InferOutput<S> | undefined {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  for (const issue of result.issues) {
    const sub = v.getDotPath(issue);
    invalid[sub ? `${path}.${sub}` : path] ??= message ?? issue.message;
  }
  return undefined;
}

function readAnswers(value: unknown, path: string, invalid: Fields): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {};
  if (value === undefined || value === null) return answers;
  if (!isRecord(value)) {
    invalid[path] ??= "booking:errors.answer-invalid";
    return answers;
  }
  for (const [questionId, given] of Object.entries(value)) {
    const answer = read(answerValueSchema, given, `${path}.${questionId}`, invalid, "booking:errors.answer-invalid");
    if (answer !== undefined) answers[questionId] = answer;
  }
  return answers;
}

/** A ticket holder's names and email as the booking form checks them (also the shape of the API reference). */
export const holderShape = v.object({ first_name: firstName, last_name: lastName, email: emailSchema });

/**
 * A ticket holder's names, email and (when `withAnswers`) participant-form answers read with the booking's own rules,
 * for the buyer's edits and transfers on the order page (domain/self-service): refused fields are in `invalid` under
 * `first_name`, `last_name`, `email` and `answers.<question id>`, with the booking form's messages.
 */
export function readHolder(
  raw: unknown,
  withAnswers: boolean,
): { holder: Omit<ParticipantInput, "ticket_id" | "at">; invalid: Fields } {
  const invalid: Fields = {};
  const given = isRecord(raw) ? raw : {};
  const holder = {
    first_name: read(firstName, given.first_name, "first_name", invalid) ?? "",
    last_name: read(lastName, given.last_name, "last_name", invalid) ?? "",
    email: read(emailSchema, given.email, "email", invalid) ?? "",
    answers: withAnswers ? readAnswers(given.answers, "answers", invalid) : {},
  };
  return { holder, invalid };
}

function readItems(value: unknown, invalid: Fields): OrderItemInput[] {
  if (!Array.isArray(value) || value.length === 0) {
    invalid.items = "booking:errors.no-items";
    return [];
  }
  if (value.length > MAX_ORDER_LINES) {
    invalid.items = "booking:errors.too-many-lines";
    return [];
  }
  const items: OrderItemInput[] = [];
  value.forEach((item: unknown, at) => {
    const path = `items.${at}`;
    if (!isRecord(item)) {
      invalid[`${path}.ticket_id`] = "booking:errors.ticket-invalid";
      return;
    }
    const ticketId = read(idSchema, item.ticket_id, `${path}.ticket_id`, invalid, "booking:errors.ticket-invalid");
    const quantity = read(quantitySchema, item.quantity, `${path}.quantity`, invalid);
    const dateId =
      item.date_id === undefined || item.date_id === null || item.date_id === ""
        ? undefined
        : read(idSchema, item.date_id, `${path}.date_id`, invalid, "booking:errors.date-invalid");
    if (ticketId !== undefined && quantity !== undefined)
      items.push({
        ticket_id: ticketId,
        quantity,
        ...(dateId !== undefined ? { date_id: dateId } : {}),
        ...(items.length !== at ? { at } : {}),
      });
  });
  return items;
}

function readParticipants(value: unknown, invalid: Fields): ParticipantInput[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    invalid.participants = "booking:errors.participants-invalid";
    return undefined;
  }
  if (value.length > MAX_ORDER_UNITS) {
    invalid.participants = "booking:errors.participants-mismatch";
    return undefined;
  }
  const participants: ParticipantInput[] = [];
  value.forEach((entry: unknown, at) => {
    const path = `participants.${at}`;
    const given = isRecord(entry) ? entry : {};
    if (!isRecord(entry)) invalid[`${path}.ticket_id`] = "booking:errors.ticket-invalid";
    const ticketId = read(idSchema, given.ticket_id, `${path}.ticket_id`, invalid, "booking:errors.ticket-invalid");
    const participant = {
      first_name: read(firstName, given.first_name, `${path}.first_name`, invalid) ?? "",
      last_name: read(lastName, given.last_name, `${path}.last_name`, invalid) ?? "",
      email: read(emailSchema, given.email, `${path}.email`, invalid) ?? "",
      answers: readAnswers(given.answers, `${path}.answers`, invalid),
    };
    if (ticketId !== undefined)
      participants.push({ ticket_id: ticketId, ...participant, ...(participants.length !== at ? { at } : {}) });
  });
  return participants;
}

function readBilling(value: unknown, invalid: Fields): BillingInput | null | undefined {
  if (value === undefined || value === null) return value;
  if (!isRecord(value)) {
    invalid.billing = "booking:errors.billing-invalid";
    return null;
  }
  const before = Object.keys(invalid).length;
  const billing = Object.fromEntries(
    Object.entries(billingSchema.entries).map(([field, schema]) => [
      field,
      read(schema, value[field], `billing.${field}`, invalid) ?? "",
    ]),
  ) as BillingInput;
  if (Object.keys(invalid).length !== before) return null;
  // Issue 29 §6: a country chosen as an ISO code is stored as one, and the VAT number must fit its format.
  const code = buyerCountryCode(billing.country);
  if (code !== null) billing.country = code;
  const vat = checkBuyerVatNumber(billing.country, billing.vat_number);
  if (vat.error !== null) {
    invalid["billing.vat_number"] = vat.error;
    return null;
  }
  billing.vat_number = vat.normalized;
  return billing;
}

/**
 * The billing details alone (the order page's correction, issue 29 §6), read and checked as the booking reads them:
 * `billing` when they hold, else the refused fields named `billing.<field>`.
 */
export function readOrderBilling(value: unknown): { billing: BillingInput | null; invalid: Fields } {
  const invalid: Fields = {};
  const billing = readBilling(value ?? {}, invalid) ?? null;
  return { billing: Object.keys(invalid).length === 0 ? billing : null, invalid };
}

/** The order's language from any BCP 47 tag: its primary language when the app speaks it, else French (spec §1). */
export function orderLocale(tag: string): "fr" | "en" {
  const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
  return primary === "en" ? "en" : "fr";
}

/** A waiting-list offer's token as the offer link carries it (domain/shared/crypto.ts generateRandomToken). */
const offerTokenSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100));

function readOrderBody(raw: Record<string, unknown>): PlaceOrderBody {
  const invalid: Fields = {};
  const items = readItems(raw.items, invalid);
  const promoCode =
    raw.promo_code === undefined || raw.promo_code === null
      ? undefined
      : read(
          v.pipe(v.string(), v.trim(), v.maxLength(64)),
          raw.promo_code,
          "promo_code",
          invalid,
          "booking:errors.promo-invalid",
        );
  const buyerRaw = isRecord(raw.buyer) ? raw.buyer : {};
  const buyer = {
    first_name: read(firstName, buyerRaw.first_name, "buyer.first_name", invalid) ?? "",
    last_name: read(lastName, buyerRaw.last_name, "buyer.last_name", invalid) ?? "",
    email: read(emailSchema, buyerRaw.email, "buyer.email", invalid) ?? "",
  };
  const participants = readParticipants(raw.participants, invalid);
  const answers = readAnswers(raw.answers, "answers", invalid);
  const billing = readBilling(raw.billing, invalid);
  const t =
    raw.t === undefined || raw.t === null
      ? raw.t
      : read(v.string(), raw.t, "t", invalid, "booking:errors.link-invalid");
  const locale =
    raw.locale === undefined || raw.locale === null
      ? "fr"
      : orderLocale(read(v.string(), raw.locale, "locale", invalid, "booking:errors.locale-invalid") ?? "fr");
  const offer =
    raw.waiting_list_offer === undefined || raw.waiting_list_offer === null || raw.waiting_list_offer === ""
      ? undefined
      : read(offerTokenSchema, raw.waiting_list_offer, "waiting_list_offer", invalid, "booking:errors.offer-invalid");
  const invoiceRequested =
    raw.invoice_requested === undefined || raw.invoice_requested === null
      ? undefined
      : read(
          v.boolean(),
          raw.invoice_requested,
          "invoice_requested",
          invalid,
          "booking:errors.invoice-requested-invalid",
        );
  return {
    items,
    ...(promoCode !== undefined ? { promo_code: promoCode } : {}),
    buyer,
    ...(participants !== undefined ? { participants } : {}),
    answers,
    ...(billing !== undefined ? { billing } : {}),
    ...(t !== undefined ? { t } : {}),
    locale,
    ...(offer !== undefined ? { waiting_list_offer: offer } : {}),
    ...(invoiceRequested !== undefined ? { invoice_requested: invoiceRequested } : {}),
    ...(Object.keys(invalid).length > 0 ? { invalid } : {}),
  };
}

/**
 * Reads the order body field by field: only a body that is not a JSON object fails. Every other wrong field is kept
 * in `invalid` (see `PlaceOrderBody`) so that `planOrder` refuses the order with all its errors in one answer, after
 * reading the event it needs for the answers, billing and participant checks.
 */
export const placeOrderBodySchema = v.pipe(
  v.custom<Record<string, unknown>>(isRecord, "booking:errors.body-invalid"),
  v.transform(readOrderBody),
);

const answersShape = v.optional(v.record(v.pipe(v.string(), v.maxLength(64)), answerValueSchema));

/**
 * What `placeOrderBodySchema` reads, as one object schema built from the same field schemas, for the API reference
 * (workers/openapi): the reader itself is field by field, which JSON Schema cannot describe. Never parses a request.
 */
export const placeOrderBodyShape = v.object({
  items: v.pipe(
    v.array(v.object({ ticket_id: idSchema, quantity: quantitySchema })),
    v.minLength(1),
    v.maxLength(MAX_ORDER_LINES),
  ),
  promo_code: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  buyer: v.object({ first_name: firstName, last_name: lastName, email: emailSchema }),
  participants: v.optional(
    v.nullable(
      v.pipe(
        v.array(
          v.object({
            ticket_id: idSchema,
            first_name: firstName,
            last_name: lastName,
            email: emailSchema,
            answers: answersShape,
          }),
        ),
        v.maxLength(MAX_ORDER_UNITS),
      ),
    ),
  ),
  answers: answersShape,
  billing: v.optional(v.nullable(billingSchema)),
  t: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  locale: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(10)))),
  waiting_list_offer: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  invoice_requested: v.optional(v.nullable(v.boolean())),
});
