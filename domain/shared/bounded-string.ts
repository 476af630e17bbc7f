import * as v from "valibot";

/** For strings no spec names a limit for: identifiers, tokens, query parameters, hidden form fields. */
export const SHORT_TEXT_MAX_LENGTH = 200;

/**
 * A string of at most `max` characters: every string a schema accepts has a maximum (issue 24 §1,
 * docs/decisions/0036-input-limits-and-hardening.md), so no later step — a pattern, a parse, a transform — ever sees
 * a megabyte. `message` is the i18n key for both a value that is not a string and one that is too long.
 */
export function boundedString(max: number, message: string = "errors:text-too-long") {
  return v.pipe(v.string(message), v.maxLength(max, message));
}
