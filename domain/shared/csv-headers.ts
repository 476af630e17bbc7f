import { isValidTimeZone, utcToZonedDateTime } from "../events/event-time-zone";

/*
 * The words of the CSV exports' headers (issue 25 §6, decision 0045): one vocabulary per language, French by default
 * and in the import template's words (`prenom,nom,email,ticket_id,quantite`), English in the spec's field names. Times
 * are written on the event's wall clock ("2026-12-21 20:00"), the zone named once in their column's header.
 */

export const csvLanguages = ["fr", "en"] as const;
export type CsvLanguage = (typeof csvLanguages)[number];

/** The export's language from the request's locale: English when asked, else French (the product's default). */
export function csvLanguage(locale: string | null | undefined): CsvLanguage {
  return locale?.toLowerCase().startsWith("en") ? "en" : "fr";
}

/** A column of an export: its header in each language, and whether it holds a time (written in the event's zone). */
export type CsvColumn = { fr: string; en: string; time?: true };

/** The zone the times are written in: the event's, or UTC when it is not a zone this runtime knows. */
export function csvTimeZone(timeZone: string): string {
  return isValidTimeZone(timeZone) ? timeZone : "UTC";
}

/** The header row: each column's word in the language, a time column followed by its zone ("date_achat (Europe/Paris)"). */
export function csvHeaderRow(columns: readonly CsvColumn[], language: CsvLanguage, timeZone: string): string[] {
  return columns.map((column) => (column.time ? `${column[language]} (${csvTimeZone(timeZone)})` : column[language]));
}

/** A time on the event's wall clock, "2026-12-21 20:00" (the zone is in the header), or empty. */
export function csvLocalTime(at: Date | number | null, timeZone: string): string {
  return at === null ? "" : utcToZonedDateTime(at, csvTimeZone(timeZone)).replace("T", " ");
}
