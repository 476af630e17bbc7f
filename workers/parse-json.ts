import type { Context } from "hono";
import * as v from "valibot";
import { AppError } from "#domain/shared/app-error";
import { issuesToFields } from "#domain/shared/validation";

/** Parses a JSON body with a valibot schema; bad input becomes a 400 with a message key per field. */
export async function parseJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("validation", "errors:invalid-json");
  }
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new AppError("validation", "errors:invalid-input", { fields: issuesToFields(result.issues) });
}
