import { intlTimeZoneOffsetMs } from "#domain/events/event-time-zone";
import { ruledOffsetMs } from "#domain/events/time-zone-rules";

/**
 * The one mapping from the interface language to the locale every Intl.* call uses: French as written in France,
 * English as in Europe (day before month, 24-hour clock); amounts as spec §1 writes them (formatMoney).
 */
export function intlLocale(language: string | undefined): "fr-FR" | "en-GB" {
  return language === "en" || language?.startsWith("en-") ? "en-GB" : "fr-FR";
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Formatters are kept by locale and options: building one costs far more than formatting with it (a dashboard or a
 * table page formats hundreds of values per server render). The keys are few (2 locales × a handful of time zones).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function cachedDateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** "+01:00": a fixed-offset zone Intl accepts in place of a named one. */
function offsetZone(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  const sign = offsetMs < 0 ? "-" : "+";
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * As numberFormat, for dates; a time zone the runtime refuses throws as `new Intl.DateTimeFormat` would. Where the
 * installed time-zone rules (the server's data, in the browser: domain/events/time-zone-rules.ts) give the zone another
 * offset than this runtime's Intl, the date is written at the rules' offset, so server and browser show the same time.
 */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): { format(date: Date | number): string } {
  const format = cachedDateTimeFormat(locale, options);
  const { timeZone } = options;
  if (!timeZone) return format;
  return {
    format(date) {
      const epochMs = typeof date === "number" ? date : date.getTime();
      const ruled = ruledOffsetMs(timeZone, epochMs);
      if (ruled === undefined || ruled === intlTimeZoneOffsetMs(timeZone, epochMs)) return format.format(date);
      return cachedDateTimeFormat(locale, { ...options, timeZone: offsetZone(ruled) }).format(date);
    },
  };
}

/**
 * Spec §1: amounts are integer cents, shown in euros with two decimals followed by the euro sign, in every language
 * (English too: '12,345.50 €'); the language gives the separators.
 */
export function formatMoney(cents: number, locale: string): string {
  const amount = numberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // A zero that comes out of a negation (a refund of no fee) is -0, which Intl writes "-0,00".
  return `${amount.format(cents === 0 ? 0 : cents / 100)}\u00a0€`;
}

/** Counts (participants, orders, members…) with the language's thousands separator, as amounts have. */
export function formatNumber(value: number, locale: string): string {
  return numberFormat(intlLocale(locale)).format(value);
}

/** Dates are stored in UTC and shown in the event's time zone. */
export function formatDateTime(date: Date | string | number, locale: string, timeZone: string): string {
  return dateTimeFormat(intlLocale(locale), {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(date));
}

/** As formatDateTime, with the zone named ('sam. 28 nov. 2026, 09:43 UTC+1'): for a deadline the reader may be far from. */
export function formatDateTimeWithZone(date: Date | string | number, locale: string, timeZone: string): string {
  return dateTimeFormat(intlLocale(locale), {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(date));
}

/** As formatDateTimeWithZone, without the year: a deadline a few days or weeks ahead ("ven. 12 juin, 20:00 UTC+2"). */
export function formatShortDateTimeWithZone(date: Date | string | number, locale: string, timeZone: string): string {
  return dateTimeFormat(intlLocale(locale), {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(date));
}

/** A rate in basis points as the language writes a percentage: 550 → "5,5 %" in French, "5.5%" in English. */
export function formatBasisPoints(basisPoints: number, locale: string): string {
  return numberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

export function formatDate(date: Date | string | number, locale: string, timeZone: string): string {
  return dateTimeFormat(intlLocale(locale), {
    timeZone,
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(date));
}

// A comparison key, never shown: en-CA writes dates as YYYY-MM-DD.
function calendarDay(date: Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/**
 * The one way to show an event's start and end: the start alone without an end; one date and two times when both fall
 * on the same day in the event's time zone ('ven. 12 mars 2027, 20:00 – 23:30'); else both date-times.
 */
export function formatDateRange(
  start: Date | string | number,
  end: Date | string | number | null | undefined,
  locale: string,
  timeZone: string,
): string {
  const from = formatDateTime(start, locale, timeZone);
  if (end === null || end === undefined) return from;
  const startDate = new Date(start);
  const endDate = new Date(end);
  if (calendarDay(startDate, timeZone) !== calendarDay(endDate, timeZone)) {
    return `${from} – ${formatDateTime(endDate, locale, timeZone)}`;
  }
  const time = dateTimeFormat(intlLocale(locale), { timeZone, hour: "2-digit", minute: "2-digit" });
  return `${from} – ${time.format(endDate)}`;
}
