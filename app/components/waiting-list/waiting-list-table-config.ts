import { waitingListStatuses } from "#db/schema";
import { waitingListSortIds } from "#domain/waiting-list/waiting-list-sort";
import type { DataTableConfig } from "~/lib/data-table-url";

/** The organizer's waiting-list table (issue 28 §3): sorted in SQL, searched by name or email, filtered by state. */
export const waitingListTableConfig = {
  sortable: waitingListSortIds,
  filters: { search: "text", status: waitingListStatuses },
  defaultSort: [{ id: "position", desc: false }],
} as const satisfies DataTableConfig;
