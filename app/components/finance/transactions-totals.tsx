import { useTranslation } from "react-i18next";
import type { TransactionTotals } from "#domain/finance/list-transactions";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMoney, formatNumber } from "#domain/shared/format";
import { cn } from "~/lib/utils";

/** The period's totals (issue 13 §2): gross, refunds, platform fees and net sales, with what was paid out. */
export function TransactionsTotals({ totals }: { totals: TransactionTotals }) {
  const { t, i18n } = useTranslation("finance");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const figures = [
    { id: "gross", label: t("totals.gross"), value: totals.gross },
    { id: "refunds", label: t("totals.refunds"), value: totals.refunds },
    { id: "fees", label: t("totals.fees"), value: -totals.fees },
    { id: "net", label: t("totals.net"), value: totals.net, hint: t("totals.net-hint") },
  ];
  return (
    <section aria-label={t("totals.label")} className="space-y-2">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <Card key={figure.id} className="gap-1 py-4" data-testid={`finance-total-${figure.id}`}>
            <CardHeader className="px-4">
              <CardDescription>{figure.label}</CardDescription>
              <CardTitle
                className={cn(
                  "text-xl tabular-nums md:text-2xl",
                  figure.value < 0 && "text-destructive",
                  figure.id === "net" && figure.value >= 0 && "text-primary",
                )}
                data-cents={figure.value}
              >
                {money(figure.value)}
              </CardTitle>
              {figure.hint ? <p className="text-xs text-muted-foreground">{figure.hint}</p> : null}
            </CardHeader>
          </Card>
        ))}
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span data-testid="finance-total-count">
          {t("totals.count", { count: totals.count, formattedCount: formatNumber(totals.count, i18n.language) })}
        </span>
        <span data-testid="finance-total-payouts" data-cents={-totals.payouts}>
          {t("totals.payouts", { amount: money(-totals.payouts) })}
        </span>
      </p>
    </section>
  );
}
