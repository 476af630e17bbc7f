import { payoutSortIds, payoutStatusValues } from "#domain/finance/payout-kinds";
import type { DataTableConfig } from "~/lib/data-table-url";

/** The payouts table (spec §2, §3): sorted and filtered by status in SQL, newest first. */
export const payoutsTableConfig = {
  sortable: payoutSortIds,
  filters: { status: payoutStatusValues },
  defaultSort: [{ id: "initiation_date", desc: true }],
} as const satisfies DataTableConfig;
