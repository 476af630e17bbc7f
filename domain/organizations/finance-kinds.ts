/** The rows of the finance page's tables, kept free of the database so the page's client bundle can import them. */
export const transactionTypes = ["charge", "refund", "payout", "adjustment"] as const;
export const payoutStatuses = ["paid", "pending", "failed", "cancelled"] as const;
