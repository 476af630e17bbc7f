/** The home list's filters (spec §2). Kept free of the database so the page's client bundle can import it. */
export const eventListFilters = ["all", "published", "past", "archived", "draft"] as const;
export type EventListFilter = (typeof eventListFilters)[number];
export const defaultEventListFilter: EventListFilter = "all";

/** Spec §2: a filter from the query is accepted only if it is in the allowed list, else the default applies. */
export function parseEventListFilter(value: string | null | undefined): EventListFilter {
  return (eventListFilters as readonly string[]).includes(value ?? "")
    ? (value as EventListFilter)
    : defaultEventListFilter;
}
