import { answerFiltersOfUrl } from "~/lib/answer-columns";
import { ordersTableConfig } from "~/lib/data-table-configs";
import { tableQuery } from "~/lib/data-table-url";

/** The orders table's URL → the domain's query. */
export function ordersQuery(url: URL) {
  const { state, offset, limit, sort, text, facet, ids } = tableQuery(url, ordersTableConfig);
  return {
    state,
    offset,
    limit,
    sort,
    search: text("search"),
    statuses: facet("status"),
    dateIds: ids("date"),
    answers: answerFiltersOfUrl(url),
  };
}
