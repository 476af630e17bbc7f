import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { TransactionType } from "#db/schema";
import type { TransactionRow } from "#domain/finance/list-transactions";
import type { DataTableColumn } from "~/components/data-table/features";
import { Badge } from "~/components/ui/badge";
import { formatDateTime, formatMoney } from "#domain/shared/format";
import { cn } from "~/lib/utils";

const typeVariant: Record<TransactionType, "success" | "warning" | "secondary" | "outline"> = {
  charge: "success",
  refund: "warning",
  payout: "secondary",
  adjustment: "outline",
};

function Money({ cents, language, muted }: { cents: number; language: string; muted?: boolean }) {
  return (
    <span
      className={cn("tabular-nums", cents < 0 && "text-destructive", muted && cents === 0 && "text-muted-foreground")}
    >
      {formatMoney(cents, language)}
    </span>
  );
}

/** The ledger's columns (spec §9 money: cents / 100, two decimals and €; 0 shows 0,00 €). */
export function transactionColumns(options: {
  timeZone: string;
  language: string;
  t: TFunction<"finance">;
}): DataTableColumn<TransactionRow>[] {
  const { timeZone, language, t } = options;
  return [
    {
      id: "occurred_at",
      header: t("transactions.columns.occurred_at"),
      size: 190,
      enableHiding: false,
      cell: ({ row }) => formatDateTime(row.original.occurredAt, language, timeZone),
    },
    {
      id: "type",
      header: t("transactions.columns.type"),
      size: 140,
      cell: ({ row }) => (
        <Badge variant={typeVariant[row.original.type]} data-type={row.original.type}>
          {t(`transactions.types.${row.original.type}`)}
        </Badge>
      ),
    },
    {
      id: "event",
      header: t("transactions.columns.event"),
      size: 220,
      cell: ({ row }) => {
        const { eventId, eventTitle } = row.original;
        if (eventId === null) return <span className="text-muted-foreground">—</span>;
        return (
          <Link to={`/event/${eventId}`} className="hover:underline" title={eventTitle || undefined}>
            {eventTitle || t("transactions.untitled")}
          </Link>
        );
      },
    },
    {
      id: "order",
      header: t("transactions.columns.order"),
      size: 130,
      cell: ({ row }) => {
        const { eventId, orderId, payoutId, amount } = row.original;
        if (orderId !== null && eventId !== null)
          return (
            <Link to={`/event/${eventId}/orders/${orderId}`} className="font-medium hover:underline">
              #{orderId}
            </Link>
          );
        if (payoutId !== null)
          return t(amount > 0 ? "transactions.payout-returned" : "transactions.payout", { id: payoutId });
        return <span className="text-muted-foreground">—</span>;
      },
    },
    {
      id: "description",
      header: t("transactions.columns.description"),
      size: 240,
      cell: ({ row }) => <span title={row.original.description}>{row.original.description || "—"}</span>,
    },
    {
      id: "amount",
      header: t("transactions.columns.amount"),
      size: 130,
      cell: ({ row }) => <Money cents={row.original.amount} language={language} />,
    },
    {
      id: "fee",
      header: t("transactions.columns.fee"),
      size: 160,
      cell: ({ row }) => <Money cents={row.original.fee} language={language} muted />,
    },
    {
      id: "net",
      header: t("transactions.columns.net"),
      size: 130,
      cell: ({ row }) => (
        <span className="font-medium">
          <Money cents={row.original.net} language={language} />
        </span>
      ),
    },
  ];
}
