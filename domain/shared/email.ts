import * as v from "valibot";

/** Spec §5: non-space text, an @, then a domain containing a dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim()) && email.trim().length <= 254;
}

/** valibot schema for an email field; messages are i18n keys of the "errors" namespace. */
export const emailSchema = v.pipe(
  v.string("errors:email-required"),
  v.trim(),
  v.nonEmpty("errors:email-required"),
  v.maxLength(254, "errors:email-invalid"),
  v.regex(EMAIL_PATTERN, "errors:email-invalid"),
  v.toLowerCase(),
);
