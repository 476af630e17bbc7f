/**
 * The ledger's filter values and sorts, without any database import: the transactions page's table config (client code)
 * reads them too. `fee` is not a row type: it picks the rows that carry a platform fee (docs/decisions/0023).
 */
export const transactionKinds = ["charge", "fee", "refund", "payout", "adjustment"] as const;
export type TransactionKind = (typeof transactionKinds)[number];

export const transactionSortIds = ["occurred_at", "amount", "net"] as const;
export type TransactionSortId = (typeof transactionSortIds)[number];
