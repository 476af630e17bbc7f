import type { PayoutStatus } from "#db/schema";

/*
 * The payouts table's sort ids and statuses, without the database: the page's table config imports them in the
 * browser too.
 */

export const payoutSortIds = ["id", "amount", "initiation_date", "estimate_date", "status"] as const;
export type PayoutSortId = (typeof payoutSortIds)[number];

/** In the order the status filter offers them (spec §4: paid, pending; then failed and cancelled). */
export const payoutStatusValues = ["paid", "pending", "failed", "cancelled"] as const satisfies readonly PayoutStatus[];
