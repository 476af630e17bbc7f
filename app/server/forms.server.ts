import * as v from "valibot";
import { issuesToFields } from "#domain/shared/validation";

/** `reason`: the AppError's machine-readable reason, for a page that reacts to a refusal (never to its message key). */
export type FormErrors = { formError?: string; reason?: string; fields?: Record<string, string> };

/** Parses submitted form data with the form's valibot schema; field errors are i18n keys. */
export async function parseForm<S extends v.GenericSchema>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: v.InferOutput<S> } | { ok: false; errors: FormErrors; values: Record<string, string> }> {
  const formData = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, data: result.output };
  return { ok: false, errors: { fields: issuesToFields(result.issues) }, values };
}
