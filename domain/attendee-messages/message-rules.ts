import type { AttendeeMessageStatus } from "#db/schema";
import { sanitizeEventHtml } from "../events/sanitize-event-html";
import { AppError } from "../shared/app-error";
import { MESSAGE_BODY_MAX_BYTES, utf8Length } from "./attendee-message-schema";

/** Statuses in which a message can still be edited or deleted: nothing of it went out. */
export const EDITABLE_STATUSES: readonly AttendeeMessageStatus[] = ["draft", "scheduled", "failed"];

export function isEditable(status: AttendeeMessageStatus): boolean {
  return EDITABLE_STATUSES.includes(status);
}

/** The body as stored: the description's allowlist; too long once sanitized is refused like too long as sent. */
export function sanitizeMessageBody(html: string): string {
  const sanitized = sanitizeEventHtml(html);
  if (utf8Length(sanitized) > MESSAGE_BODY_MAX_BYTES)
    throw new AppError("validation", "attendee-messages:errors.message-body-too-long", {
      fields: { body: "attendee-messages:errors.message-body-too-long" },
    });
  return sanitized;
}

/** True when the sanitized HTML has no text (an editor's empty paragraph). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() === ""
  );
}
