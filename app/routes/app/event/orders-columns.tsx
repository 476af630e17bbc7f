import type { TFunction } from "i18next";
import type { EventDateChoice } from "#domain/events/event-date-filters";
import { Link } from "react-router";
import { EmailCell } from "~/components/data-table/email-cell";
import type { DataTableColumn } from "~/components/data-table/features";
import { selectColumn } from "~/components/data-table/select-column";
import type { OrderRow } from "#domain/orders/list-orders";
import { formatTableDateTime } from "~/components/data-table/table-date";
import { formatMoney } from "#domain/shared/format";
import { PaymentStatusBadge } from "./orders-status-badge";
import { checkoutTimeLabel } from "./order-labels";

export { checkoutTimeLabel };

// The default columns' widths add up to at most 930 px: the table's width on a 1280 px screen, so none is cut off
// there (tests/e2e/orders.spec.ts); wider screens share the rest in proportion.
export function orderColumns(options: {
  eventId: number;
  timezone: string;
  language: string;
  t: TFunction<"orders">;
  /** The event's dates (decision 0068): a « Date » column when it has some. */
  dates?: readonly EventDateChoice[];
}): DataTableColumn<OrderRow>[] {
  const { eventId, timezone, language, t } = options;
  const starts = new Map((options.dates ?? []).map((date) => [date.id, date.startAt]));
  // Spec §9: orders show 0 as '0.00 €', never 'free'.
  const money = (cents: number) => formatMoney(cents, language);
  return [
    selectColumn<OrderRow>(),
    {
      id: "id",
      header: t("columns.id"),
      size: 72,
      enableHiding: false,
      cell: ({ row }) => (
        // The header says "N°": the number alone, so that six digits fit the column.
        <Link to={`/event/${eventId}/orders/${row.original.id}`} className="font-medium tabular-nums hover:underline">
          {row.original.id}
        </Link>
      ),
    },
    {
      id: "buyer",
      header: t("columns.buyer"),
      size: 112,
      cell: ({ row }) => `${row.original.firstName} ${row.original.lastName}`.trim() || "—",
    },
    { id: "email", header: t("columns.email"), size: 102, cell: ({ row }) => <EmailCell email={row.original.email} /> },
    { id: "amount", header: t("columns.amount"), size: 104, cell: ({ row }) => money(row.original.amount) },
    { id: "fees", header: t("columns.fees"), size: 80, cell: ({ row }) => money(row.original.fees) },
    { id: "net_amount", header: t("columns.net_amount"), size: 80, cell: ({ row }) => money(row.original.netAmount) },
    {
      id: "status",
      header: t("columns.status"),
      size: 100,
      cell: ({ row }) => <PaymentStatusBadge status={row.original.status} amount={row.original.amount} />,
    },
    {
      id: "checkout_time",
      header: t("columns.checkout_time"),
      size: 114,
      cell: ({ row }) => checkoutTimeLabel(row.original.checkoutTime, t),
    },
    { id: "participants", header: t("columns.participants"), size: 62, cell: ({ row }) => row.original.participants },
    {
      id: "created_at",
      header: t("columns.created_at"),
      size: 144,
      cell: ({ row }) => formatTableDateTime(row.original.createdAt, language, timezone),
    },
    {
      id: "paid_at",
      header: t("columns.paid_at"),
      size: 144,
      cell: ({ row }) =>
        row.original.paidAt === null ? "—" : formatTableDateTime(row.original.paidAt, language, timezone),
    },
    ...(starts.size > 0
      ? [
          {
            id: "date",
            header: t("columns.date"),
            size: 160,
            cell: ({ row }: { row: { original: OrderRow } }) => {
              const start = row.original.dateId === null ? undefined : starts.get(row.original.dateId);
              return start === undefined ? t("several-dates") : formatTableDateTime(start, language, timezone);
            },
          } satisfies DataTableColumn<OrderRow>,
        ]
      : []),
  ];
}
