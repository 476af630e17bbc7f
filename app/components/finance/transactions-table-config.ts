import { financePeriods, type FinancePeriod } from "#domain/finance/finance-period";
import { transactionKinds, transactionSortIds } from "#domain/finance/transaction-kinds";
import { facetFilter, textFilter, withFilters, type DataTableConfig, type DataTableState } from "~/lib/data-table-url";

/**
 * The transactions table's URL state (the shared data table's): the search box takes an order number; `type` and
 * `event` are facets; the period (spec §9) rides along as filters too — `period`, and `from`/`to` ("YYYY-MM-DD") for
 * a custom range — so every change of the table keeps it, and a copied link reopens the same view.
 */
export const transactionsTableConfig = {
  sortable: transactionSortIds,
  filters: {
    search: "text",
    type: transactionKinds,
    event: "ids",
    period: financePeriods,
    from: "text",
    to: "text",
  },
  defaultSort: [{ id: "occurred_at", desc: true }],
  defaultVisibility: { description: false },
} as const satisfies DataTableConfig;

/** The page opens on the current month. */
const DEFAULT_TRANSACTIONS_PERIOD: FinancePeriod = "month";

export function periodOfState(state: Pick<DataTableState, "filters">): {
  period: FinancePeriod;
  from: string;
  to: string;
} {
  const period = (facetFilter(state, "period")[0] as FinancePeriod | undefined) ?? DEFAULT_TRANSACTIONS_PERIOD;
  return { period, from: textFilter(state, "from"), to: textFilter(state, "to") };
}

/** The state with another period (page back to the first). */
export function withPeriod(
  state: DataTableState,
  period: FinancePeriod,
  range: { from?: string; to?: string } = {},
): DataTableState {
  const rest = state.filters.filter((filter) => !["period", "from", "to"].includes(filter.id));
  const filters = [...rest];
  if (period !== DEFAULT_TRANSACTIONS_PERIOD) filters.push({ id: "period", value: [period] });
  if (period === "custom") {
    if (range.from) filters.push({ id: "from", value: range.from });
    if (range.to) filters.push({ id: "to", value: range.to });
  }
  return withFilters(state, filters);
}
