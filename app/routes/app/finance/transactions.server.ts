import { resolveFinancePeriod, type FinanceRange } from "#domain/finance/finance-period";
import { orderIdOfSearch } from "#domain/finance/list-transactions";
import { periodOfState, transactionsTableConfig } from "~/components/finance/transactions-table-config";
import { tableQuery } from "~/lib/data-table-url";

/** The transactions page's URL → the domain's query and the period's instants. */
export function transactionsQuery(url: URL, now = Date.now()) {
  const query = tableQuery(url, transactionsTableConfig);
  const { state } = query;
  const period = periodOfState(state);
  let range: FinanceRange;
  let invalidPeriod = false;
  try {
    range = resolveFinancePeriod(period, { now });
  } catch {
    // A hand-edited link with a broken custom range still opens: on the current month, saying so.
    range = resolveFinancePeriod({ period: "month" }, { now });
    invalidPeriod = true;
  }
  return {
    state,
    range,
    invalidPeriod,
    offset: query.offset,
    limit: query.limit,
    sort: query.sort,
    kinds: query.facet("type"),
    eventIds: query.ids("event"),
    // A search that is not an order number matches nothing rather than everything.
    orderId: query.text("search") ? (orderIdOfSearch(query.text("search")) ?? -1) : null,
    from: range.from,
    to: range.to,
  };
}
