import type { TFunction } from "i18next";
import { FileDown } from "lucide-react";
import type { InvoiceRow } from "#domain/accounting/list-invoices";
import type { DataTableColumn } from "~/components/data-table/features";
import { Badge } from "~/components/ui/badge";
import { formatDate, formatMoney } from "#domain/shared/format";

/** Where a document's PDF is served (the order's invoice, or one of its credit notes). */
export function invoicePdfHref(row: Pick<InvoiceRow, "kind" | "orderId" | "id">): string {
  return row.kind === "invoice"
    ? `/api/orders/${row.orderId}/invoice.pdf`
    : `/api/orders/${row.orderId}/credit-notes/${row.id}.pdf`;
}

const money = (cents: number, language: string) => <span className="tabular-nums">{formatMoney(cents, language)}</span>;

export function invoiceColumns(options: {
  timeZone: string;
  language: string;
  t: TFunction<"accounting">;
}): DataTableColumn<InvoiceRow>[] {
  const { timeZone, language, t } = options;
  return [
    {
      id: "number",
      header: t("columns.number"),
      size: 170,
      enableHiding: false,
      cell: ({ row }) => (
        <div className="min-w-0">
          <div className="font-medium tabular-nums">{row.original.number}</div>
          {row.original.invoiceNumber ? (
            <div className="truncate text-xs text-muted-foreground">
              {t("columns.credits", { number: row.original.invoiceNumber })}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      id: "issued_at",
      header: t("columns.issued_at"),
      size: 155,
      cell: ({ row }) => formatDate(row.original.issuedAt, language, timeZone),
    },
    {
      id: "type",
      header: t("columns.type"),
      size: 90,
      cell: ({ row }) => (
        <Badge variant={row.original.kind === "invoice" ? "secondary" : "outline"} data-kind={row.original.kind}>
          {t(`types.${row.original.kind}`)}
        </Badge>
      ),
    },
    {
      id: "buyer",
      header: t("columns.buyer"),
      size: 190,
      cell: ({ row }) => {
        const { buyerCompany, buyerName, buyerEmail } = row.original;
        return (
          <div className="min-w-0">
            <div className="truncate">{buyerCompany || buyerName || buyerEmail || "—"}</div>
            {buyerCompany && buyerName ? (
              <div className="truncate text-xs text-muted-foreground">{buyerName}</div>
            ) : null}
          </div>
        );
      },
    },
    {
      id: "event",
      header: t("columns.event"),
      size: 160,
      cell: ({ row }) => <span className="line-clamp-2">{row.original.eventTitle || t("untitled")}</span>,
    },
    { id: "net", header: t("columns.net"), size: 100, cell: ({ row }) => money(row.original.net, language) },
    { id: "vat", header: t("columns.vat"), size: 90, cell: ({ row }) => money(row.original.vat, language) },
    {
      id: "gross",
      header: t("columns.gross"),
      size: 110,
      cell: ({ row }) => <span className="font-medium">{money(row.original.gross, language)}</span>,
    },
    {
      id: "download",
      header: t("columns.download"),
      size: 100,
      enableHiding: false,
      cell: ({ row }) => (
        <a
          href={invoicePdfHref(row.original)}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          aria-label={t("columns.download-label", { number: row.original.number })}
          data-testid="invoice-pdf-link"
        >
          <FileDown className="size-4" aria-hidden />
        </a>
      ),
    },
  ];
}
