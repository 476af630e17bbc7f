import { centsToEuros } from "#domain/tickets/euro-text";
import { intlLocale } from "#domain/shared/format";

/**
 * An amount in cents as a euro input field shows it, in the page's language: "12,50" in French, "12.50" in English,
 * "45" when whole, never a thousands separator. The form reads it back with the one money-input parser,
 * `eurosToCents`, which takes a comma or a dot.
 */
export function moneyInputValue(cents: number, language: string | undefined): string {
  const euros = centsToEuros(cents);
  return intlLocale(language) === "fr-FR" ? euros.replace(".", ",") : euros;
}
