import * as v from "valibot";

/** The UTF-8 size limit of each personalized message (HTML), checked before and after sanitizing. */
export const EVENT_MESSAGE_MAX_BYTES = 20_000;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

const messageSchema = v.pipe(
  v.string("event-messages:errors.too-long"),
  v.check((html) => utf8Length(html) <= EVENT_MESSAGE_MAX_BYTES, "event-messages:errors.too-long"),
);

/**
 * Spec §1 and §3 personalized messages: `confirmation_page_message` (shown after purchase) and `email_pdf_message` (in
 * the confirmation email and on the PDF ticket). Either may be left out to keep it.
 */
export const eventMessagesSchema = v.object({
  confirmation_page_message: v.optional(messageSchema),
  email_pdf_message: v.optional(messageSchema),
});
export type EventMessagesInput = v.InferOutput<typeof eventMessagesSchema>;
