import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { events, participationForms, tickets } from "#db/schema";
import { AppError } from "../shared/app-error";
import { EVENT_DESCRIPTION_MAX_BYTES, utf8Length, type EventFields } from "./event-input-schema";
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

/** Column values for the given fields: coordinates to micro-degrees, the description sanitized. */
export function eventColumnsFromFields(fields: EventFields): Partial<typeof events.$inferInsert> {
  const columns: Partial<typeof events.$inferInsert> = {};
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
      default:
        (columns as Record<string, unknown>)[key] = value;
    }
  }
  return columns;
}
