import { paymentStatuses, type PaymentStatus } from "#domain/orders/order-status";
import { orderSortIds, type OrderSortId } from "#domain/orders/list-orders";
import { ordersTableConfig } from "~/lib/data-table-configs";
import { facetFilter, parseDataTableState, textFilter } from "~/lib/data-table-url";

/** The orders table's URL → the domain's query. */
export function ordersQuery(url: URL) {
  const state = parseDataTableState(url.searchParams, ordersTableConfig);
  const sort = state.sort[0];
  return {
    state,
    offset: state.page * state.pageSize,
    limit: state.pageSize,
    sort:
      sort && (orderSortIds as readonly string[]).includes(sort.id)
        ? { id: sort.id as OrderSortId, desc: sort.desc }
        : null,
    search: textFilter(state, "search"),
    statuses: facetFilter(state, "status").filter((s): s is PaymentStatus =>
      (paymentStatuses as readonly string[]).includes(s),
    ),
  };
}
