import { resolveFinancePeriod, type FinanceRange } from "#domain/finance/finance-period";
import {
  orderIdOfSearch,
  transactionKinds,
  transactionSortIds,
  type TransactionKind,
  type TransactionSortId,
} from "#domain/finance/list-transactions";
import { periodOfState, transactionsTableConfig } from "~/components/finance/transactions-table-config";
import { facetFilter, parseDataTableState, textFilter } from "~/lib/data-table-url";

/** The transactions page's URL → the domain's query and the period's instants. */
export function transactionsQuery(url: URL, now = Date.now()) {
  const state = parseDataTableState(url.searchParams, transactionsTableConfig);
  const sort = state.sort[0];
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
    offset: state.page * state.pageSize,
    limit: state.pageSize,
    sort:
      sort && (transactionSortIds as readonly string[]).includes(sort.id)
        ? { id: sort.id as TransactionSortId, desc: sort.desc }
        : null,
    kinds: facetFilter(state, "type").filter((kind): kind is TransactionKind =>
      (transactionKinds as readonly string[]).includes(kind),
    ),
    eventIds: facetFilter(state, "event").map(Number),
    // A search that is not an order number matches nothing rather than everything.
    orderId: textFilter(state, "search") ? (orderIdOfSearch(textFilter(state, "search")) ?? -1) : null,
    from: range.from,
    to: range.to,
  };
}
