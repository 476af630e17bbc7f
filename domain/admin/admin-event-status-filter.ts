/** The status filters of the admin events list, kept free of the database so the page's client bundle can import them. */
export const adminEventStatusFilters = ["all", "draft", "published", "past", "archived"] as const;
export type AdminEventStatusFilter = (typeof adminEventStatusFilters)[number];
