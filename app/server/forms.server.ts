import * as v from "valibot";
import { issuesToFields } from "#domain/shared/validation";

/** `reason`: the AppError's machine-readable reason, for a page that reacts to a refusal (never to its message key). */
export type FormErrors = { formError?: string; reason?: string; fields?: Record<string, string> };

/** The submitted form's text fields (files are left out), as a form schema reads them. */
export async function readFormValues(request: Request): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [key, value] of await request.formData()) if (typeof value === "string") values[key] = value;
  return values;
}

/** Parses submitted form data with the form's valibot schema; field errors are i18n keys. */
export async function parseForm<S extends v.GenericSchema>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: v.InferOutput<S> } | { ok: false; errors: FormErrors; values: Record<string, string> }> {
  const values = await readFormValues(request);
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, data: result.output };
  return { ok: false, errors: { fields: issuesToFields(result.issues) }, values };
}
