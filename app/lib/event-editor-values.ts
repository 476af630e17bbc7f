import { PRIMARY_COLOR_PATTERN } from "#domain/events/event-input-schema";
import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { utcToZonedInput } from "~/lib/zoned-time";
import { isUnsetPlace } from "#domain/shared/place";

/** The editor's steps, in order (spec §2). */
export const EDITOR_STEPS = ["title", "banner", "date", "location", "description", "theme"] as const;
export type EditorStep = (typeof EDITOR_STEPS)[number];

export function parseEditorStep(value: string | null | undefined): EditorStep {
  return (EDITOR_STEPS as readonly string[]).includes(value ?? "") ? (value as EditorStep) : "title";
}

/**
 * What the form holds, as text, under the input names of the events domain's schema (snake_case). start_at and
 * end_at are wall-clock times ("YYYY-MM-DDTHH:mm") in `timezone`; the action turns them into UTC instants.
 */
export type EditorValues = {
  title: string;
  small_description: string;
  start_at: string;
  end_at: string;
  timezone: string;
  address_name: string;
  address_label: string;
  address_latitude: string;
  address_longitude: string;
  description: string;
  primary_color: string;
  theme: "light" | "dark";
};
export type EditorField = keyof EditorValues;

export const EDITOR_FIELDS = [
  "title",
  "small_description",
  "start_at",
  "end_at",
  "timezone",
  "address_name",
  "address_label",
  "address_latitude",
  "address_longitude",
  "description",
  "primary_color",
  "theme",
] as const satisfies readonly EditorField[];

/** Which step shows each field (to open the step of an error). */
export const STEP_OF_FIELD: Record<EditorField, EditorStep> = {
  title: "title",
  small_description: "title",
  start_at: "date",
  end_at: "date",
  timezone: "date",
  address_name: "location",
  address_label: "location",
  address_latitude: "location",
  address_longitude: "location",
  description: "description",
  primary_color: "theme",
  theme: "theme",
};

export const DEFAULT_PRIMARY_COLOR = "#4f46e5";

/**
 * The colour typed in the hex field as the events schema stores it ("#rrggbb", lower case), or null while it is not
 * one: the field checks what the server checks, so a colour the form keeps is one the save accepts.
 */
export function primaryColorFromText(text: string): string | null {
  const value = text.trim();
  return PRIMARY_COLOR_PATTERN.test(value) ? value.toLowerCase() : null;
}

export const EMPTY_EDITOR_VALUES: EditorValues = {
  title: "",
  small_description: "",
  start_at: "",
  end_at: "",
  timezone: PLATFORM_TIME_ZONE,
  address_name: "",
  address_label: "",
  address_latitude: "",
  address_longitude: "",
  description: "",
  primary_color: DEFAULT_PRIMARY_COLOR,
  theme: "light",
};

/** The event as the form shows it. */
export type EditableEvent = {
  title: string;
  smallDescription: string;
  description: string;
  startAt: Date | null;
  endAt: Date | null;
  timezone: string;
  addressName: string;
  addressLabel: string;
  addressLatitude: number | null;
  addressLongitude: number | null;
  primaryColor: string;
  theme: "light" | "dark";
};

export function editorValuesFromEvent(event: EditableEvent): EditorValues {
  const timezone = event.timezone || PLATFORM_TIME_ZONE;
  return {
    title: event.title,
    small_description: event.smallDescription,
    start_at: utcToZonedInput(event.startAt, timezone),
    end_at: utcToZonedInput(event.endAt, timezone),
    timezone,
    address_name: event.addressName,
    address_label: event.addressLabel,
    // No place (null, or the spec's 50/50 default) shows as empty fields.
    ...(event.addressLatitude === null ||
    event.addressLongitude === null ||
    isUnsetPlace(event.addressLatitude, event.addressLongitude)
      ? { address_latitude: "", address_longitude: "" }
      : { address_latitude: String(event.addressLatitude), address_longitude: String(event.addressLongitude) }),
    description: event.description,
    primary_color: event.primaryColor || DEFAULT_PRIMARY_COLOR,
    theme: event.theme,
  };
}

export function sameEditorValues(a: EditorValues, b: EditorValues): boolean {
  return EDITOR_FIELDS.every((field) => a[field] === b[field]);
}

/** Fields whose value differs, to tell which steps have unsaved changes. */
export function changedFields(values: EditorValues, initial: EditorValues): EditorField[] {
  return EDITOR_FIELDS.filter((field) => values[field] !== initial[field]);
}

/** Whether a step has what it asks for (the rail's check marks). */
export function isStepFilled(step: EditorStep, values: EditorValues, hasBanner: boolean): boolean {
  switch (step) {
    case "title":
      return values.title.trim() !== "";
    case "banner":
      return hasBanner;
    case "date":
      return values.start_at !== "" && values.end_at !== "";
    case "location":
      return values.address_label.trim() !== "" || values.address_name.trim() !== "";
    case "description":
      return values.description.replace(/<[^>]*>/g, "").trim() !== "";
    case "theme":
      return values.primary_color !== DEFAULT_PRIMARY_COLOR || values.theme !== "light";
  }
}

export function toFormData(values: EditorValues, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const field of EDITOR_FIELDS) form.set(field, values[field]);
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return form;
}
