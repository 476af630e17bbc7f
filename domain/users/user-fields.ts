import * as v from "valibot";

export const NAME_MAX_LENGTH = 100;

/** First name: required, trimmed, at most 100 characters. */
export const firstNameSchema = v.pipe(
  v.string("errors:first-name-required"),
  v.trim(),
  v.nonEmpty("errors:first-name-required"),
  v.maxLength(NAME_MAX_LENGTH, "errors:name-too-long"),
);

/** Last name: required, trimmed, at most 100 characters. */
export const lastNameSchema = v.pipe(
  v.string("errors:last-name-required"),
  v.trim(),
  v.nonEmpty("errors:last-name-required"),
  v.maxLength(NAME_MAX_LENGTH, "errors:name-too-long"),
);
