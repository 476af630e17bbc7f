import { resolveFinancePeriod, type FinanceRange } from "#domain/finance/finance-period";
import { periodOfState } from "~/components/finance/transactions-table-config";
import { tableQuery } from "~/lib/data-table-url";
import { invoicesTableConfig } from "./invoices-table-config";

/** The invoices page's URL → the domain's query and the period's instants (the current month by default). */
export function invoicesQuery(url: URL, now = Date.now()) {
  const query = tableQuery(url, invoicesTableConfig);
  const { state } = query;
  let range: FinanceRange;
  let invalidPeriod = false;
  try {
    range = resolveFinancePeriod(periodOfState(state), { now });
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
    search: query.text("search") || null,
    from: range.from,
    to: range.to,
  };
}
