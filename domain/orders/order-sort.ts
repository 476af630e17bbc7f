/** The columns the orders table sorts on in SQL: the table's config and the query share this list. */
export const orderSortIds = ["id", "buyer", "amount", "status", "checkout_time", "created_at"] as const;
export type OrderSortId = (typeof orderSortIds)[number];
