import { invoiceDocumentKinds, invoiceSortIds } from "#domain/accounting/invoice-kinds";
import { financePeriods } from "#domain/finance/finance-period";
import type { DataTableConfig } from "~/lib/data-table-url";

/**
 * The invoices table's URL state (issue 29 §5): the search box takes a number or a buyer; `type` and `event` are
 * facets; the period rides along as filters (`period`, and `from`/`to` for a custom range) as on the transactions
 * page, whose period picker it shares. Newest first.
 */
export const invoicesTableConfig = {
  sortable: invoiceSortIds,
  filters: {
    search: "text",
    type: invoiceDocumentKinds,
    event: "ids",
    period: financePeriods,
    from: "text",
    to: "text",
  },
  defaultSort: [{ id: "issued_at", desc: true }],
} as const satisfies DataTableConfig;
