import { orderSortIds } from "#domain/orders/order-sort";
import { paymentStatuses } from "#domain/orders/order-status";
import { participantSortIds } from "#domain/participants/participant-sort";
import { checkInStates } from "#domain/participants/check-in-state";
import type { DataTableConfig } from "./data-table-url";

/** The participants table (spec §3, §9): hidden by default promo_code_key, last_validation, created_at, event_date. */
export const participantsTableConfig = {
  sortable: participantSortIds,
  filters: { search: "text", ticket: "ids", date: "ids", order_status: paymentStatuses, check_in: checkInStates },
  defaultVisibility: { promo_code_key: false, last_validation: false, created_at: false, event_date: false },
} as const satisfies DataTableConfig;

/** The orders table: search by order id, filter by status. */
export const ordersTableConfig = {
  sortable: orderSortIds,
  filters: { search: "text", status: paymentStatuses, date: "ids" },
  defaultVisibility: { fees: false, paid_at: false },
} as const satisfies DataTableConfig;

export const entryDirectionValues = ["in", "out"] as const;

/** The entries table: search by ticket number, filter by direction. */
export const entriesTableConfig = {
  sortable: ["validated_at"],
  filters: { search: "text", direction: entryDirectionValues, date: "ids" },
  defaultSort: [{ id: "validated_at", desc: true }],
} as const satisfies DataTableConfig;
