import { payoutSortIds, payoutStatusValues, type PayoutSortId } from "#domain/finance/payout-kinds";
import type { PayoutStatus } from "#db/schema";
import { facetFilter, parseDataTableState } from "~/lib/data-table-url";
import { payoutsTableConfig } from "./payouts-table-config";

/** The payouts page's URL → the domain's query. */
export function payoutsQuery(url: URL) {
  const state = parseDataTableState(url.searchParams, payoutsTableConfig);
  const sort = state.sort[0];
  return {
    state,
    offset: state.page * state.pageSize,
    limit: state.pageSize,
    sort:
      sort && (payoutSortIds as readonly string[]).includes(sort.id)
        ? { id: sort.id as PayoutSortId, desc: sort.desc }
        : null,
    statuses: facetFilter(state, "status").filter((s): s is PayoutStatus =>
      (payoutStatusValues as readonly string[]).includes(s),
    ),
  };
}
