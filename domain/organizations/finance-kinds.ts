import type { PayoutStatus, TransactionType } from "#db/schema";

/** `listed` as given, when it names every value of `All`; else a compile error. */
const everyValueOf =
  <All extends string>() =>
  <const Listed extends readonly All[]>(
    listed: Listed & ([Exclude<All, Listed[number]>] extends [never] ? unknown : never),
  ) =>
    listed;

/**
 * The rows of the finance page's tables, in the page's order. Written out rather than imported so the page's client
 * bundle stays free of the database schema; they fail to compile when db/schema.ts gains a value without a row here.
 */
export const transactionTypes = everyValueOf<TransactionType>()(["charge", "refund", "payout", "adjustment"]);
export const payoutStatuses = everyValueOf<PayoutStatus>()(["paid", "pending", "failed", "cancelled"]);
