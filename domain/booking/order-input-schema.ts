import * as v from "valibot";
import { emailSchema } from "../shared/email";
import { idSchema } from "../shared/ids";

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

/** An answer as the buyer sends it: text, a boolean (conditions), or one or several option ids. */
const answerValueSchema = v.union(
  [v.pipe(v.string(), v.maxLength(ANSWER_MAX_LENGTH)), v.boolean(), v.pipe(v.array(v.string()), v.maxLength(50))],
  "booking:errors.answer-invalid",
);
const answersSchema = v.optional(v.record(v.string(), answerValueSchema, "booking:errors.answer-invalid"), {});

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), "");

export const billingSchema = v.object({
  name: optionalText(200),
  company: optionalText(200),
  address: v.pipe(v.string("booking:errors.billing-required"), v.trim(), v.nonEmpty("booking:errors.billing-required")),
  postal_code: v.pipe(
    v.string("booking:errors.billing-required"),
    v.trim(),
    v.nonEmpty("booking:errors.billing-required"),
    v.maxLength(20),
  ),
  city: v.pipe(v.string("booking:errors.billing-required"), v.trim(), v.nonEmpty("booking:errors.billing-required")),
  country: v.pipe(
    v.string("booking:errors.billing-required"),
    v.trim(),
    v.nonEmpty("booking:errors.billing-required"),
    v.maxLength(100),
  ),
  vat_number: optionalText(40),
});
export type BillingInput = v.InferOutput<typeof billingSchema>;

/**
 * Body of POST /api/public/events/:id/orders (issue 10 §2). Shapes only: what depends on the event (sale windows,
 * limits, forms, promo code) is checked by `planOrder`.
 */
export const placeOrderBodySchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        ticket_id: idSchema,
        quantity: v.pipe(
          v.number("booking:errors.quantity-invalid"),
          v.integer("booking:errors.quantity-invalid"),
          v.minValue(1, "booking:errors.quantity-invalid"),
          v.maxValue(MAX_ORDER_UNITS, "booking:errors.max-per-order"),
        ),
      }),
      "booking:errors.no-items",
    ),
    v.minLength(1, "booking:errors.no-items"),
    v.maxLength(MAX_ORDER_LINES, "booking:errors.no-items"),
  ),
  promo_code: v.optional(v.pipe(v.string("booking:errors.promo-invalid"), v.trim(), v.maxLength(64))),
  buyer: v.object({
    first_name: name("booking:errors.first-name-required"),
    last_name: name("booking:errors.last-name-required"),
    email: emailSchema,
  }),
  participants: v.optional(
    v.pipe(
      v.array(
        v.object({
          ticket_id: idSchema,
          first_name: name("booking:errors.first-name-required"),
          last_name: name("booking:errors.last-name-required"),
          email: emailSchema,
          answers: answersSchema,
        }),
      ),
      v.maxLength(MAX_ORDER_UNITS, "booking:errors.participants-mismatch"),
    ),
  ),
  answers: answersSchema,
  billing: v.optional(v.nullable(billingSchema)),
  t: v.optional(v.nullable(v.string())),
  locale: v.optional(v.picklist(["fr", "en"]), "fr"),
});
export type PlaceOrderBody = v.InferOutput<typeof placeOrderBodySchema>;
export type AnswerValue = v.InferOutput<typeof answerValueSchema>;
