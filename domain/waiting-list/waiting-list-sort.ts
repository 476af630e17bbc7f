/** The columns the organizer's waiting-list table sorts on in SQL: the table's config and the query share this list. */
export const waitingListSortIds = ["position", "name", "quantity", "created_at", "status"] as const;
export type WaitingListSortId = (typeof waitingListSortIds)[number];
