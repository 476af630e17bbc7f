import type { CursorPage } from "#domain/shared/cursor-paging";

/** A cursor page as the API answers it, Stripe's list shape: `{ object: "list", data, has_more }`. */
export function cursorListJson<T, J>(page: CursorPage<T>, toJson: (item: T) => J) {
  return { object: "list" as const, data: page.items.map(toJson), has_more: page.hasMore };
}
