/** Spec §1: amounts are integer cents, shown in euros with two decimals and the euro sign. */
export function formatMoney(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale === "en" ? "en-IE" : "fr-FR", { style: "currency", currency: "EUR" }).format(
    cents / 100,
  );
}

/** Dates are stored in UTC and shown in the event's time zone. */
export function formatDateTime(date: Date | string | number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "fr-FR", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(date));
}

export function formatDate(date: Date | string | number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "fr-FR", {
    timeZone,
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(date));
}
