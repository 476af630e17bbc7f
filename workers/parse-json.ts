import type { Context } from "hono";
import * as v from "valibot";
import { AppError } from "#domain/shared/app-error";
import { issuesToFields } from "#domain/shared/validation";

export type ParseJsonOptions = {
  /** An empty body counts as `{}` (calls whose every field is optional). */
  allowEmpty?: boolean;
  /**
   * The error's message when a field is wrong (default "errors:invalid-input"), or a function of the field errors
   * (e.g. the title's key); each field keeps its own key.
   */
  messageKey?: string | ((fields: Record<string, string>) => string);
};

/**
 * The one JSON body parser of the Hono handlers: reads the body and parses it with a valibot schema. A body that is
 * not JSON is a 400 'errors:invalid-json'; bad fields are a 400 with a message key per field (dotted path, `_` for
 * the whole body).
 */
export async function parseJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  options: ParseJsonOptions = {},
): Promise<v.InferOutput<S>> {
  const body = await readJson(c, options.allowEmpty ?? false);
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw invalidInput(issuesToFields(result.issues), options);
}

/**
 * As `parseJson` for a JSON object read by several schemas (e.g. the event fields plus the call's own fields):
 * every schema sees the whole object, and the fields wrong in any of them are reported together. A body that is not
 * a JSON object is a 400 'errors:invalid-json'.
 */
export async function parseJsonParts<const S extends readonly v.GenericSchema[]>(
  c: Context,
  schemas: S,
  options: ParseJsonOptions = {},
): Promise<{ [K in keyof S]: v.InferOutput<S[K]> }> {
  const body = await readJson(c, options.allowEmpty ?? false);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new AppError("validation", "errors:invalid-json");
  const fields: Record<string, string> = {};
  const outputs = schemas.map((schema) => {
    const result = v.safeParse(schema, body);
    if (result.success) return result.output;
    issuesToFields(result.issues, fields);
    return undefined;
  });
  if (Object.keys(fields).length > 0) throw invalidInput(fields, options);
  return outputs as { [K in keyof S]: v.InferOutput<S[K]> };
}

async function readJson(c: Context, allowEmpty: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (allowEmpty && text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation", "errors:invalid-json");
  }
}

function invalidInput(
  fields: Record<string, string>,
  { messageKey = "errors:invalid-input" }: ParseJsonOptions,
): AppError {
  return new AppError("validation", typeof messageKey === "function" ? messageKey(fields) : messageKey, { fields });
}
