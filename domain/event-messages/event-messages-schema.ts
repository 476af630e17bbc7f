import * as v from "valibot";

/** The UTF-8 size limit of each personalized message (HTML), checked before and after sanitizing. */
export const EVENT_MESSAGE_MAX_BYTES = 20_000;
export const EVENT_MESSAGE_TOO_LONG = "event-messages:errors.too-long";

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** One personalized message as received (HTML, sanitized by the domain before it is stored). */
export const eventMessageSchema = v.pipe(
  v.string(EVENT_MESSAGE_TOO_LONG),
  v.check((html) => utf8Length(html) <= EVENT_MESSAGE_MAX_BYTES, EVENT_MESSAGE_TOO_LONG),
);

/**
 * Spec §1 and §3 personalized messages: `confirmation_page_message` (shown after purchase) and `email_pdf_message` (in
 * the confirmation email and on the PDF ticket). Either may be left out to keep it.
 */
export const eventMessagesSchema = v.object({
  confirmation_page_message: v.optional(eventMessageSchema),
  email_pdf_message: v.optional(eventMessageSchema),
  /** Each ticket holder whose email differs from the buyer's gets their own ticket by email (on by default). */
  send_holder_tickets: v.optional(v.boolean("errors:invalid-input")),
});
export type EventMessagesInput = v.InferOutput<typeof eventMessagesSchema>;
