import { tableQuery } from "~/lib/data-table-url";
import { payoutsTableConfig } from "./payouts-table-config";

/** The payouts page's URL → the domain's query. */
export function payoutsQuery(url: URL) {
  const { state, offset, limit, sort, facet } = tableQuery(url, payoutsTableConfig);
  return { state, offset, limit, sort, statuses: facet("status") };
}
