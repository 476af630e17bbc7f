import * as v from "valibot";
import { AppError } from "../shared/app-error";
import { issuesToFields } from "../shared/validation";

/**
 * Domain use-cases check their own input with the same schemas the pages and the API parse with, so a rule holds
 * whichever caller runs it. Field messages are i18n keys.
 */
export function validateInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(result.issues) });
}

/**
 * A missing field counts as empty, so it gets the field's own "required" message instead of valibot's generic
 * "Invalid key" (API clients omit fields; forms can be tampered with).
 */
export function orEmpty<S extends v.GenericSchema<string, unknown>>(schema: S) {
  return v.optional(schema, "");
}
