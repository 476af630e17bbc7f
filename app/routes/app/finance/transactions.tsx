import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import {
  hasTransactions,
  listTransactionEvents,
  listTransactions,
  type TransactionRow,
} from "#domain/finance/list-transactions";
import { transactionKinds } from "#domain/finance/transaction-kinds";
import { getNetSales } from "#domain/finance/transaction-net-sales";
import { DataTable } from "~/components/data-table/data-table";
import { FinanceExportDialog } from "~/components/finance/export-dialog";
import { NetSalesChart } from "~/components/finance/net-sales-chart";
import { transactionColumns } from "~/components/finance/transactions-columns";
import { TransactionsPeriod } from "~/components/finance/transactions-period";
import { transactionsTableConfig } from "~/components/finance/transactions-table-config";
import { TransactionsTotals } from "~/components/finance/transactions-totals";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requireOrganizationPermission } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { transactionsQuery } from "./transactions.server";
import type { Route } from "./+types/transactions";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/** Issue 13 §2: the ledger of the chosen period, its totals and its net sales over time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, currentOrganization } = requireOrganizationPermission(context, "finance:view");
  const { db } = context.get(serverContext);
  const { state, range, invalidPeriod, ...query } = transactionsQuery(new URL(request.url));
  try {
    const [page, netSales, events, any] = await Promise.all([
      listTransactions(db, actor, query),
      getNetSales(db, actor, { ...query, range }),
      listTransactionEvents(db, actor),
      hasTransactions(db, actor),
    ]);
    return {
      title: getInstance(context).t("finance:transactions.meta-title"),
      organizationId: currentOrganization.id,
      state,
      range: { period: range.period, fromDay: range.fromDay, toDay: range.toDay },
      invalidPeriod,
      ...page,
      netSales,
      events,
      any,
    };
  } catch (error) {
    return loaderError(error);
  }
}

export default function FinanceTransactions({ loaderData }: Route.ComponentProps) {
  const { rows, total, totals, netSales, events, range, organizationId, any } = loaderData;
  const { t, i18n } = useTranslation("finance");
  const columns = useMemo(
    () => transactionColumns({ timeZone: PLATFORM_TIME_ZONE, language: i18n.language, t }),
    [i18n.language, t],
  );
  return (
    <section className="flex min-w-0 flex-col gap-6" aria-labelledby="finance-transactions-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="finance-transactions-title" className="text-xl font-semibold">
            {t("transactions.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("transactions.description")}</p>
        </div>
        <FinanceExportDialog
          key={`${range.period}:${range.fromDay}:${range.toDay}`}
          organizationId={organizationId}
          defaultPeriod={range.period}
          defaultFrom={range.fromDay}
          defaultTo={range.toDay}
        />
      </div>

      <TransactionsPeriod fromDay={range.fromDay} toDay={range.toDay} />
      {loaderData.invalidPeriod ? (
        <Alert>
          <AlertDescription>{t("period.invalid")}</AlertDescription>
        </Alert>
      ) : null}

      <TransactionsTotals totals={totals} />

      <Card>
        <CardHeader>
          <CardTitle>{t("chart.title")}</CardTitle>
          <CardDescription>{t(`chart.subtitle-${netSales.granularity}`)}</CardDescription>
        </CardHeader>
        <CardContent>
          <NetSalesChart granularity={netSales.granularity} points={netSales.points} />
        </CardContent>
      </Card>

      <DataTable<TransactionRow>
        label={t("transactions.title")}
        columns={columns}
        rows={rows}
        total={total}
        config={transactionsTableConfig}
        getRowId={(row) => String(row.id)}
        searchPlaceholder={t("transactions.search-placeholder")}
        facets={[
          {
            id: "type",
            title: t("transactions.filters.type"),
            options: transactionKinds.map((kind) => ({ value: kind, label: t(`transactions.types.${kind}`) })),
          },
          ...(events.length > 0
            ? [
                {
                  id: "event",
                  title: t("transactions.filters.event"),
                  options: events.map((event) => ({
                    value: String(event.id),
                    label: event.title || t("transactions.untitled"),
                  })),
                },
              ]
            : []),
        ]}
        emptyState={
          any ? undefined : (
            <div className="rounded-xl border border-dashed bg-background px-6 py-12 text-center">
              <p className="font-medium">{t("transactions.empty-title")}</p>
              <p className="mt-1 text-sm text-muted-foreground">{t("transactions.empty-hint")}</p>
            </div>
          )
        }
      />
    </section>
  );
}
