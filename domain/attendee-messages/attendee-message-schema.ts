import * as v from "valibot";
import { boundedString } from "../shared/bounded-string";
import { messageSegmentSchema } from "./message-segment";

export const MESSAGE_SUBJECT_MAX_LENGTH = 200;
/** The body's UTF-8 size limit (HTML), checked before and after sanitizing. */
export const MESSAGE_BODY_MAX_BYTES = 50_000;
const BODY_TOO_LONG = "attendee-messages:errors.message-body-too-long";
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

export const messageSubjectSchema = boundedString(
  MESSAGE_SUBJECT_MAX_LENGTH,
  "attendee-messages:errors.message-subject-too-long",
);
export const messageBodySchema = v.pipe(
  v.string(BODY_TOO_LONG),
  v.maxLength(MESSAGE_BODY_MAX_BYTES, BODY_TOO_LONG),
  v.check((html) => utf8Length(html) <= MESSAGE_BODY_MAX_BYTES, BODY_TOO_LONG),
);

/** A message as written (a draft may be incomplete: the subject and body are required to send it). */
export const attendeeMessageInputSchema = v.object({
  subject: messageSubjectSchema,
  body: messageBodySchema,
  segment: messageSegmentSchema,
});
export type AttendeeMessageInput = v.InferOutput<typeof attendeeMessageInputSchema>;

export const attendeeMessageUpdateSchema = v.partial(attendeeMessageInputSchema);
export type AttendeeMessageUpdate = v.InferOutput<typeof attendeeMessageUpdateSchema>;

/** The send call: now, or at `scheduled_at` (ISO 8601); a message already sent goes again only with `confirm_resend`. */
export const sendAttendeeMessageSchema = v.object({
  scheduled_at: v.optional(
    v.nullable(
      v.pipe(
        boundedString(40, "attendee-messages:errors.message-scheduled-at-invalid"),
        v.isoTimestamp("attendee-messages:errors.message-scheduled-at-invalid"),
      ),
    ),
  ),
  confirm_resend: v.optional(v.boolean("errors:invalid-input")),
});

export { utf8Length };
