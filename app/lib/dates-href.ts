/** What a link of the dates picker changes in the page's address: the month shown, its page, the picked date. */
export type DatesQuery = { month?: string | null; page?: number; date?: number | null };

/**
 * `path` (which may carry a query already: a private link's `t`, the widget's `lang`) with the dates picker's
 * parameters; the picked date's link jumps to the tickets.
 */
export function datesHref(path: string, query: DatesQuery): string {
  const url = new URL(path, "https://guichet.invalid");
  for (const name of ["month", "page", "date"]) url.searchParams.delete(name);
  if (query.month) url.searchParams.set("month", query.month);
  if (query.page && query.page > 1) url.searchParams.set("page", String(query.page));
  if (query.date) url.searchParams.set("date", String(query.date));
  return `${url.pathname}${url.search}${query.date ? "#date-tickets" : "#dates"}`;
}
