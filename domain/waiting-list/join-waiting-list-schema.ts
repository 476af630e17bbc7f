import * as v from "valibot";
import { holderShape, MAX_ORDER_UNITS, orderLocale } from "../booking/order-input-schema";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "../shared/bounded-string";
import { idSchema } from "../shared/ids";

export const CONSENT_REQUIRED = "waiting-list:errors.consent-required";

/** The consent box: only an explicit yes passes (a JSON true, or a checked box's "on"/"true"). */
const consentSchema = v.pipe(
  v.optional(v.union([v.boolean(), v.string()], CONSENT_REQUIRED), false),
  v.transform((value) => value === true || value === "on" || value === "true"),
  v.check((given) => given, CONSENT_REQUIRED),
);

const quantitySchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}$/))], "booking:errors.quantity-invalid"),
  v.transform(Number),
  v.integer("booking:errors.quantity-invalid"),
  v.minValue(1, "booking:errors.quantity-invalid"),
  v.maxValue(MAX_ORDER_UNITS, "booking:errors.max-per-order"),
);

/**
 * Body of POST /api/public/events/:id/waiting-list and of the public page's join dialog (issue 28 §3): the ticket, the
 * person's names and email checked as the booking form checks a holder's (`holderShape`), how many places they want
 * (the ticket's maximum per order is checked by the domain), the consent box, the language of their emails, and a
 * private event's link token `t`.
 */
export const joinWaitingListSchema = v.pipe(
  v.object({
    ticket_id: idSchema,
    ...holderShape.entries,
    quantity: quantitySchema,
    consent: consentSchema,
    locale: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH), "fr"),
    t: v.optional(v.nullable(boundedString(SHORT_TEXT_MAX_LENGTH))),
  }),
  v.transform((input) => ({
    ticketId: input.ticket_id,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    quantity: input.quantity,
    locale: orderLocale(input.locale),
    t: input.t ?? null,
  })),
);
export type JoinWaitingListInput = v.InferOutput<typeof joinWaitingListSchema>;
