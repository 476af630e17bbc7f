import { dateTimeFormat, intlLocale } from "#domain/shared/format";

/**
 * A date in a table cell, in the event's time zone: digits only ('21/12/2026 18:00'), so the column stays narrow enough
 * for the default columns to fit a 1280 px screen; the detail pages keep the long form.
 */
export function formatTableDateTime(date: Date | string | number, locale: string, timeZone: string): string {
  return dateTimeFormat(intlLocale(locale), {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(new Date(date))
    .replace(",", "");
}
