import * as v from "valibot";

/** RFC 5321's longest forward path; checked before any pattern runs. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Spec §5: non-space text, an @, then a domain containing a dot with a character on each side. Written so that every
 * character has one way to match (the local part stops at the only @, the domain's first part at its first dot after
 * the first character): it answers in linear time whatever the input, where `^[^\s@]+@[^\s@]+\.[^\s@]+$` took
 * seconds on "a@a.a.a.…" followed by a space (docs/decisions/0036-input-limits-and-hardening.md).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The length first, then the pattern. */
export function isEmailShape(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export function isValidEmail(email: string): boolean {
  return isEmailShape(email.trim());
}

/** valibot schema for an email field; messages are i18n keys of the "errors" namespace. */
export const emailSchema = v.pipe(
  v.string("errors:email-required"),
  v.trim(),
  v.nonEmpty("errors:email-required"),
  // One check, not maxLength then regex: a valibot pipe keeps running its checks after one fails.
  v.check(isEmailShape, "errors:email-invalid"),
  v.toLowerCase(),
);
