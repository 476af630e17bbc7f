import type { ReminderOffsetUnit } from "#db/schema";
import type { FormErrors } from "~/server/forms.server";

/** One reminder as the page shows it: the body as the text the page edits (reminder-body-text.ts). */
export type ReminderView = {
  id: number;
  offsetValue: number;
  offsetUnit: ReminderOffsetUnit;
  subject: string;
  text: string;
  enabled: boolean;
  /** ISO 8601; null when it will not go out (sent, passed, disabled, no start). */
  nextSendAt: string | null;
  sentForCurrentStart: boolean;
};

export type RemindersPageData = {
  eventId: number;
  /** ISO 8601; null: the event has no start, nothing to remind of. */
  startAt: string | null;
  timezone: string;
  published: boolean;
  reminders: ReminderView[];
  /** The default subject and text in each language, shown where the organizer left them empty. */
  defaults: Record<"fr" | "en", { subject: string; text: string }>;
};

export type RemindersActionResult =
  | ({ ok: true } & Pick<RemindersPageData, "reminders">)
  | { ok: false; errors: FormErrors; values: Record<string, string> };
