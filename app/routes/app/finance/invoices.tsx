import { FileArchive, FileSpreadsheet } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { invoiceTotalsByRate } from "#domain/accounting/export-invoices";
import { invoiceDocumentKinds } from "#domain/accounting/invoice-kinds";
import { hasInvoices, listInvoiceEvents, listInvoices, type InvoiceRow } from "#domain/accounting/list-invoices";
import { PLATFORM_TIME_ZONE } from "#domain/events/event-time-zone";
import { formatBasisPoints, formatMoney } from "#domain/shared/format";
import { DataTable } from "~/components/data-table/data-table";
import { TransactionsPeriod } from "~/components/finance/transactions-period";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requireOrganizationPermission } from "~/server/guards.server";
import { loaderError } from "~/server/route-errors.server";
import { invoiceColumns } from "./invoices-columns";
import { invoicesQuery } from "./invoices.server";
import { invoicesTableConfig } from "./invoices-table-config";
import type { Route } from "./+types/invoices";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Guichet" }];
}

/**
 * Issue 29 §5: the organization's invoices and credit notes of the period on the shared data table (filtered, sorted
 * and paged in SQL), the period's totals by VAT rate, and the accountant's exports of the period.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, currentOrganization } = requireOrganizationPermission(context, "finance:view");
  const { db } = context.get(serverContext);
  const { state, range, invalidPeriod, ...query } = invoicesQuery(new URL(request.url));
  try {
    const [page, events, any, rates] = await Promise.all([
      listInvoices(db, actor, query),
      listInvoiceEvents(db, actor),
      hasInvoices(db, actor),
      invoiceTotalsByRate(db, actor, query),
    ]);
    return {
      title: getInstance(context).t("accounting:meta-title"),
      organizationId: currentOrganization.id,
      state,
      range: { period: range.period, fromDay: range.fromDay, toDay: range.toDay },
      invalidPeriod,
      ...page,
      events,
      any,
      rates,
    };
  } catch (error) {
    return loaderError(error);
  }
}

function exportSearch(range: { period: string; fromDay: string | null; toDay: string | null }, language: string) {
  const params = new URLSearchParams({ period: range.period });
  if (range.period === "custom" && range.fromDay && range.toDay) {
    params.set("from", range.fromDay);
    params.set("to", range.toDay);
  }
  params.set("lang", language.startsWith("en") ? "en" : "fr");
  return params;
}

/** The zip of the period's PDFs takes the period's days (none: everything). */
function zipSearch(range: { fromDay: string | null; toDay: string | null }) {
  return new URLSearchParams({ from: range.fromDay ?? "", to: range.toDay ?? "" });
}

export default function FinanceInvoices({ loaderData }: Route.ComponentProps) {
  const { rows, total, events, range, organizationId, any, rates } = loaderData;
  const { t, i18n } = useTranslation("accounting");
  const columns = useMemo(
    () => invoiceColumns({ timeZone: PLATFORM_TIME_ZONE, language: i18n.language, t }),
    [i18n.language, t],
  );
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const base = `/api/organizers/${organizationId}/invoices`;
  const csvHref = (kind: "documents" | "vat-rates") => {
    const params = exportSearch(range, i18n.language);
    params.set("kind", kind);
    return `${base}/export.csv?${params.toString()}`;
  };

  return (
    <section className="flex min-w-0 flex-col gap-6" aria-labelledby="finance-invoices-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="finance-invoices-title" className="text-xl font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>
      </div>

      <TransactionsPeriod fromDay={range.fromDay} toDay={range.toDay} config={invoicesTableConfig} />
      {loaderData.invalidPeriod ? (
        <Alert>
          <AlertDescription>{t("period-invalid")}</AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t("rates.title")}</CardTitle>
            <CardDescription>{t("rates.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            {rates.length === 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="invoice-rates-empty">
                {t("rates.empty")}
              </p>
            ) : (
              <div className="overflow-x-auto">
                <Table data-testid="invoice-rates">
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t("rates.rate")}</TableHead>
                      <TableHead className="text-right">{t("columns.net")}</TableHead>
                      <TableHead className="text-right">{t("columns.vat")}</TableHead>
                      <TableHead className="text-right">{t("columns.gross")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rates.map((rate) => (
                      <TableRow key={rate.rate}>
                        <TableCell>{formatBasisPoints(rate.rate, i18n.language)}</TableCell>
                        <TableCell className="text-right tabular-nums">{money(rate.net)}</TableCell>
                        <TableCell className="text-right tabular-nums">{money(rate.vat)}</TableCell>
                        <TableCell className="text-right tabular-nums">{money(rate.gross)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("exports.title")}</CardTitle>
            <CardDescription>{t("exports.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Button variant="outline" className="justify-start" asChild>
              <a href={csvHref("documents")} data-testid="invoices-export-documents">
                <FileSpreadsheet className="size-4" aria-hidden />
                {t("exports.documents")}
              </a>
            </Button>
            <Button variant="outline" className="justify-start" asChild>
              <a href={csvHref("vat-rates")} data-testid="invoices-export-rates">
                <FileSpreadsheet className="size-4" aria-hidden />
                {t("exports.rates")}
              </a>
            </Button>
            <Button variant="outline" className="justify-start" asChild>
              <a href={`${base}/export.zip?${zipSearch(range).toString()}`} data-testid="invoices-export-zip">
                <FileArchive className="size-4" aria-hidden />
                {t("exports.zip")}
              </a>
            </Button>
          </CardContent>
        </Card>
      </div>

      <div data-testid="invoices-table">
        <DataTable<InvoiceRow>
          label={t("title")}
          columns={columns}
          rows={rows}
          total={total}
          config={invoicesTableConfig}
          getRowId={(row) => String(row.id)}
          searchPlaceholder={t("search-placeholder")}
          facets={[
            {
              id: "type",
              title: t("filters.type"),
              options: invoiceDocumentKinds.map((kind) => ({ value: kind, label: t(`types.${kind}`) })),
            },
            ...(events.length > 0
              ? [
                  {
                    id: "event",
                    title: t("filters.event"),
                    options: events.map((event) => ({ value: String(event.id), label: event.title || t("untitled") })),
                  },
                ]
              : []),
          ]}
          emptyState={
            any ? undefined : (
              <div
                className="rounded-xl border border-dashed bg-background px-6 py-12 text-center"
                data-testid="invoices-empty"
              >
                <p className="font-medium">{t("empty-title")}</p>
                <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">{t("empty-hint")}</p>
              </div>
            )
          }
        />
      </div>
    </section>
  );
}
