import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { DataTableColumn } from "~/components/data-table/features";
import type { EntryRow } from "#domain/entries/list-entries";
import type { EventDateChoice } from "#domain/events/event-date-filters";
import { Badge } from "~/components/ui/badge";
import { formatDateTime } from "#domain/shared/format";

export function entryColumns(options: {
  eventId: number;
  timezone: string;
  language: string;
  t: TFunction<"entries">;
  /** The event's dates (decision 0068): a « Date » column when it has some. */
  dates?: readonly EventDateChoice[];
}): DataTableColumn<EntryRow>[] {
  const { eventId, timezone, language, t } = options;
  const starts = new Map((options.dates ?? []).map((date) => [date.id, date.startAt]));
  const dateColumn: DataTableColumn<EntryRow>[] =
    starts.size > 0
      ? [
          {
            id: "date",
            header: t("columns.date"),
            size: 160,
            cell: ({ row }) => {
              const start = row.original.dateId === null ? undefined : starts.get(row.original.dateId);
              return start === undefined ? "—" : formatDateTime(start, language, timezone);
            },
          },
        ]
      : [];
  return [
    { id: "id", header: t("columns.id"), size: 80, cell: ({ row }) => `#${row.original.id}` },
    {
      id: "direction",
      header: t("columns.direction"),
      size: 110,
      cell: ({ row }) => (
        <Badge variant={row.original.isIn ? "success" : "secondary"} data-direction={row.original.isIn ? "in" : "out"}>
          {t(row.original.isIn ? "direction.in" : "direction.out")}
        </Badge>
      ),
    },
    {
      id: "validated_at",
      header: t("columns.validated_at"),
      size: 200,
      cell: ({ row }) => formatDateTime(row.original.validatedAt, language, timezone),
    },
    {
      id: "participant",
      header: t("columns.participant"),
      size: 200,
      cell: ({ row }) => (
        <Link to={`/event/${eventId}/participants/${row.original.participantId}`} className="hover:underline">
          {`${row.original.firstName} ${row.original.lastName}`.trim() || "—"}
        </Link>
      ),
    },
    {
      id: "ticket",
      header: t("columns.ticket"),
      size: 200,
      cell: ({ row }) => `#${row.original.participantId} · ${row.original.ticketTitle}`,
    },
    ...dateColumn,
  ];
}
