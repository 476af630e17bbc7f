import * as v from "valibot";
import { financePeriods } from "#domain/finance/finance-period";
import { AppError } from "#domain/shared/app-error";
import { boundedString, SHORT_TEXT_MAX_LENGTH } from "#domain/shared/bounded-string";
import { csvStream, type CsvPage } from "#domain/shared/csv";
import { parseId } from "#domain/shared/ids";

/*
 * The query strings of the finance lists and exports (transactions, invoices): one period, one page, comma lists,
 * and one answer for a query that does not parse. Shared by api-finance.ts and api-accounting.ts.
 */

/** `?type=a,b`: the values of a picklist, blanks dropped. */
export const commaList = <T extends string>(values: readonly T[]) =>
  v.pipe(
    v.string(),
    v.transform((text) =>
      text
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    ),
    v.array(v.picklist(values)),
  );

/** `?event=1,2`: ids (a part that is not one fails the query). */
export const idList = (max = Number.POSITIVE_INFINITY) =>
  v.pipe(
    v.string(),
    v.transform((text) => text.split(",").map((part) => parseId(part.trim()))),
    v.array(v.number()),
    v.maxLength(max),
  );

export const periodQuery = {
  period: v.optional(v.picklist(financePeriods), "all"),
  from: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
  to: v.optional(boundedString(SHORT_TEXT_MAX_LENGTH)),
};

export const pageQuery = {
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), "0"),
  page_size: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)),
    "10",
  ),
};

/** `?sort=id` or `?sort=-id` for one of `ids`. */
export const sortParam = <T extends string>(ids: readonly T[]) => v.picklist(ids.flatMap((id) => [id, `-${id}`]));

/** The sort a `sortParam` names, or null for the list's default. */
export function sortOf<T extends string>(sort: string | undefined): { id: T; desc: boolean } | null {
  return sort ? { id: sort.replace(/^-/, "") as T, desc: sort.startsWith("-") } : null;
}

export function parseQuery<T extends v.GenericSchema>(schema: T, query: Record<string, string>): v.InferOutput<T> {
  const parsed = v.safeParse(schema, query);
  if (!parsed.success) throw new AppError("validation", "errors:invalid-input");
  return parsed.output;
}

/** A CSV export as a download (UTF-8 with its BOM, streamed a page at a time). */
export function csvDownload<C>(csv: {
  header: readonly string[];
  nextPage: (cursor: C | null) => Promise<CsvPage<C>>;
  filename: string;
}): Response {
  return new Response(csvStream(csv.header, csv.nextPage), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csv.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
