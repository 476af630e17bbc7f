/**
 * CSV for spreadsheet tools: RFC 4180 quoting, UTF-8 with a BOM (so Excel reads accents), and cells that a
 * spreadsheet would run as a formula neutralised with a leading ' (OWASP ASVS 5.0 1.2.10).
 */

export const CSV_BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r\0]/;

/** An amount of money the export wrote itself, in euros with two decimals ("-12.50"): never neutralised as a formula. */
export class CsvAmount {
  constructor(readonly text: string) {}
}

/** The one money format of every CSV export: cents as euros with two decimals and a dot, a spreadsheet sums it. */
export function csvEuros(cents: number): CsvAmount {
  return new CsvAmount((Math.round(cents) / 100).toFixed(2));
}

export type CsvValue = string | number | CsvAmount | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof CsvAmount) return value.text;
  let text = String(value);
  // Numbers are data the export wrote itself: a negative amount stays a number.
  if (typeof value !== "number" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A whole document in memory (small exports and tests). */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + csvRow(header) + rows.map(csvRow).join("");
}

export type CsvPage<C> = { rows: CsvValue[][]; next: C | null };

/**
 * A stream of UTF-8 bytes: the BOM and header, then every page `nextPage` yields from its cursor until it answers
 * `next: null`. Only one page is in memory at a time.
 */
export function csvStream<C>(
  header: readonly string[],
  nextPage: (cursor: C | null) => Promise<CsvPage<C>>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: C | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    // Each pull enqueues or closes: a pull that does neither would never be called again.
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)));
        return;
      }
      while (!done) {
        const page = await nextPage(cursor);
        cursor = page.next;
        if (cursor === null) done = true;
        if (page.rows.length > 0) {
          controller.enqueue(encoder.encode(page.rows.map(csvRow).join("")));
          return;
        }
      }
      controller.close();
    },
  });
}
