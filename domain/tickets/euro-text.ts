// Apart from the ticket input schema (ticket-input-schema.ts re-exports them) so that the pages with a euro field do
// not load the schema and valibot at first load (docs/decisions/0071-lighter-signed-in-pages.md).

/**
 * Euros as typed in the form ("12", "12,5", "12.50", "1 200,00") to cents; anything else is passed on as typed so that
 * the price rule refuses it with its own message.
 */
export function eurosToCents(text: string): number | string {
  const normalized = text.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
  if (normalized === "") return text;
  if (!/^-?\d+(\.\d{1,2})?$/.test(normalized)) return text;
  return Math.round(Number(normalized) * 100);
}

/** Cents as the form shows them in its euro field ("12.50", "0"). */
export function centsToEuros(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
