import * as v from "valibot";
import { notFound } from "./app-error";

const ID_TEXT = /^[1-9]\d*$/;

/**
 * A database id read from a URL, a form or a JSON body: a positive safe integer, given as a number or written in
 * decimal digits only, as ids are printed (no sign, leading zero, exponent, hexadecimal, decimal point or spaces).
 * The one id schema: route params, form fields and API bodies use it (or `parseId`, its null-returning form). Callers
 * answer a bad id in a URL with a 404: an id that cannot exist is not found.
 */
export const idSchema = v.pipe(
  v.union([v.pipe(v.string(), v.regex(ID_TEXT), v.transform(Number)), v.number()], "errors:invalid-input"),
  v.safeInteger("errors:invalid-input"),
  v.minValue(1, "errors:invalid-input"),
);

/** `idSchema` for one value from a URL or a form; null when it is not an id. */
export function parseId(value: string | number | null | undefined): number | null {
  const result = v.safeParse(idSchema, value);
  return result.success ? result.output : null;
}

/** `idSchema` for one value from a URL: the id, else a not-found AppError (an id that cannot exist is not found). */
export function requireId(value: string | number | null | undefined, messageKey = "not-found"): number {
  const id = parseId(value);
  if (id === null) throw notFound(messageKey);
  return id;
}
