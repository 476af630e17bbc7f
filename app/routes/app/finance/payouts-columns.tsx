import type { TFunction } from "i18next";
import type { PayoutRow } from "#domain/finance/list-payouts";
import type { DataTableColumn } from "~/components/data-table/features";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { formatDate, formatDateTime, formatMoney } from "#domain/shared/format";

const variantOf: Record<PayoutRow["status"], BadgeProps["variant"]> = {
  paid: "success",
  pending: "warning",
  failed: "destructive",
  cancelled: "outline",
};

/** A failed payout's reason: Stripe's known codes in words, else its message, else the code itself. */
export function failureReason(row: Pick<PayoutRow, "failureCode" | "failureMessage">, t: TFunction<"payouts">) {
  // The sentence around it ends with its own full stop.
  const fallback = (row.failureMessage ?? row.failureCode ?? "").replace(/\.\s*$/, "");
  return row.failureCode ? t(`failure.codes.${row.failureCode}`, { defaultValue: fallback }) : fallback;
}

export function payoutColumns(options: {
  timeZone: string;
  language: string;
  t: TFunction<"payouts">;
}): DataTableColumn<PayoutRow>[] {
  const { timeZone, language, t } = options;
  return [
    {
      id: "id",
      header: t("columns.id"),
      size: 170,
      enableHiding: false,
      cell: ({ row }) => (
        <div className="min-w-0">
          <div className="font-medium">#{row.original.id}</div>
          {row.original.providerPayoutId ? (
            <div className="truncate font-mono text-xs text-muted-foreground" title={row.original.providerPayoutId}>
              {row.original.providerPayoutId}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      id: "bank_account",
      header: t("columns.bank_account"),
      size: 220,
      cell: ({ row }) => row.original.bankAccountName || "—",
    },
    {
      id: "amount",
      header: t("columns.amount"),
      size: 120,
      // Spec §9: payouts show 0 as an amount ('0.00 €'), never 'free'.
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.amount, language)}</span>,
    },
    {
      id: "initiation_date",
      header: t("columns.initiation_date"),
      size: 210,
      cell: ({ row }) => formatDateTime(row.original.initiationDate, language, timeZone),
    },
    {
      id: "estimate_date",
      header: t("columns.estimate_date"),
      size: 170,
      cell: ({ row }) =>
        row.original.estimateDate === null ? "—" : formatDate(row.original.estimateDate, language, timeZone),
    },
    {
      id: "status",
      header: t("columns.status"),
      size: 260,
      cell: ({ row }) => {
        const payout = row.original;
        const failed = payout.status === "failed" || payout.status === "cancelled";
        return (
          <div className="flex min-w-0 flex-col items-start gap-1">
            <Badge variant={variantOf[payout.status]} data-status={payout.status}>
              {t(`status.${payout.status}`)}
            </Badge>
            {failed ? (
              <p className="text-xs whitespace-normal text-muted-foreground" data-testid="payout-failure">
                {t("failure.reason", { reason: failureReason(payout, t) })} {t("failure.returned")}
              </p>
            ) : null}
          </div>
        );
      },
    },
  ];
}
