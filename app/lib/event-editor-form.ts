import * as v from "valibot";
import { eventFieldsSchema, type EventFields } from "#domain/events/event-input-schema";
import { zonedDateTimeToUtc } from "#domain/events/event-time-zone";
import { EDITOR_FIELDS, type EditorField, type EditorValues } from "~/lib/event-editor-values";

export type EditorFormResult =
  | { ok: true; fields: EventFields; values: Record<string, string> }
  | {
      ok: false;
      errors: { formError: string; fields: Partial<Record<EditorField, string>> };
      values: Record<string, string>;
    };

/**
 * Reads the editor's form: wall-clock dates become UTC instants in the chosen zone, then the events domain's schema
 * checks every field (messages are its i18n keys). Only the editor's fields are read.
 */
export function parseEditorForm(form: FormData): EditorFormResult {
  const values: Record<string, string> = {};
  for (const field of EDITOR_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  const fieldErrors: Partial<Record<EditorField, string>> = {};
  const timezone = values.timezone ?? "";
  const instant = (field: "start_at" | "end_at") => {
    const local = (values[field] ?? "").trim();
    if (local === "") return "";
    const utc = zonedDateTimeToUtc(local, timezone);
    if (!utc) {
      // An unknown zone is reported on the zone field by the schema; a bad date on the date itself.
      if (timezone !== "" && zonedDateTimeToUtc("2000-01-01T00:00", timezone))
        fieldErrors[field] = "editor:date.invalid";
      return "";
    }
    return utc.getTime();
  };

  const input: Record<string, unknown> = { ...values };
  if ("start_at" in values) input.start_at = instant("start_at");
  if ("end_at" in values) input.end_at = instant("end_at");

  const result = v.safeParse(eventFieldsSchema, input);
  if (!result.success) {
    for (const issue of result.issues) {
      const key = (v.getDotPath(issue) ?? "_") as EditorField;
      fieldErrors[key] ??= issue.message;
    }
  }
  if (!result.success || Object.keys(fieldErrors).length > 0) {
    return { ok: false, errors: { formError: "editor:errors.fix-fields", fields: fieldErrors }, values };
  }
  return { ok: true, fields: result.output, values };
}

export type EditorActionData =
  | { ok: true; intent: "save" | "remove-banner"; savedAt: number }
  | {
      ok: false;
      errors: { formError?: string; fields?: Partial<Record<EditorField, string>> };
      values?: Partial<EditorValues>;
    };
