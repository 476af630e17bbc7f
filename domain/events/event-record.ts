import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { events, participationForms, tickets } from "#db/schema";
import { EVENT_MESSAGE_TOO_LONG } from "../event-messages/event-messages-schema";
import { sanitizeEventMessage } from "../event-messages/sanitize-event-message";
import { AppError } from "../shared/app-error";
import { EVENT_DESCRIPTION_MAX_BYTES, eventFieldInputNames, utf8Length, type EventFields } from "./event-input-schema";
import { sanitizeEventHtml } from "./sanitize-event-html";

export type EventRow = typeof events.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type ParticipationFormRow = typeof participationForms.$inferSelect;

/** An event as the domain hands it out: the row, with the coordinates in degrees instead of micro-degrees. */
export type EventRecord = Omit<EventRow, "addressLatitude" | "addressLongitude"> & {
  addressLatitude: number | null;
  addressLongitude: number | null;
};

const MICRO = 1_000_000;

export function toEventRecord(row: EventRow): EventRecord {
  return {
    ...row,
    addressLatitude: row.addressLatitude === null ? null : row.addressLatitude / MICRO,
    addressLongitude: row.addressLongitude === null ? null : row.addressLongitude / MICRO,
  };
}

/** A fresh preview key for an unpublished event (160 random bits, base32). */
export function newEventAccessToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Column values for the given fields: coordinates to micro-degrees, the description and messages sanitized. */
export function eventColumnsFromFields(fields: EventFields): Partial<typeof events.$inferInsert> {
  const columns: Partial<typeof events.$inferInsert> = {};
  const tooLong: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields) as [keyof EventFields, unknown][]) {
    if (value === undefined) continue;
    switch (key) {
      case "addressLatitude":
      case "addressLongitude":
        columns[key] = value === null ? null : Math.round((value as number) * MICRO);
        break;
      case "description": {
        const html = sanitizeEventHtml(value as string);
        if (utf8Length(html) > EVENT_DESCRIPTION_MAX_BYTES) {
          throw new AppError("validation", "events:errors.invalid-input", {
            fields: { description: "events:errors.description-too-long" },
          });
        }
        columns.description = html;
        break;
      }
      case "confirmationPageMessage":
      case "emailPdfMessage":
      case "emailPdfEmailResponse": {
        const html = sanitizeEventMessage(value as string);
        if (html === null) tooLong[eventFieldInputNames[key]] = EVENT_MESSAGE_TOO_LONG;
        else columns[key] = html;
        break;
      }
      default:
        (columns as Record<string, unknown>)[key] = value;
    }
  }
  if (Object.keys(tooLong).length > 0) {
    throw new AppError("validation", "events:errors.invalid-input", { fields: tooLong });
  }
  return columns;
}
