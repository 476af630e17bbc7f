import type { EventDateChoice } from "#domain/events/event-date-filters";
import { formatDateTime } from "#domain/shared/format";
import type { DataTableFacet } from "~/components/data-table/data-table-toolbar";
import type { DataTableConfig } from "~/lib/data-table-url";

/**
 * The « Date » filter of an event's participants, orders and entries (issue 30 §4): one option per date, cancelled
 * ones marked; none for a single-date event.
 */
export function dateFacet(
  dates: readonly EventDateChoice[],
  timezone: string,
  language: string,
  title: string,
): DataTableFacet[] {
  if (dates.length === 0) return [];
  return [
    {
      id: "date",
      title,
      options: dates.map((date) => ({
        value: String(date.id),
        label: `${formatDateTime(date.startAt, language, timezone)}${date.status === "cancelled" ? " ✕" : ""}`,
      })),
    },
  ];
}

/** A multi-date event's participants show their date (the `event_date` column, hidden by default otherwise). */
export function withDateColumnShown<C extends DataTableConfig>(config: C, hasDates: boolean): C {
  if (!hasDates) return config;
  return { ...config, defaultVisibility: { ...config.defaultVisibility, event_date: true } };
}
