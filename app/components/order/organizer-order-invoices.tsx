import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate, formatMoney } from "#domain/shared/format";

type OrderDocument = { id: number; number: string; issuedAt: Date | string; gross: number };

/** The organizer's order detail (issue 29 §3–4): the order's invoice and credit notes, numbered, with their PDFs. */
export function OrganizerOrderInvoices({
  orderId,
  invoice,
  creditNotes,
  timeZone,
}: {
  orderId: number;
  invoice: OrderDocument | null;
  creditNotes: OrderDocument[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("invoices");
  const row = (label: string, document: OrderDocument, href: string, testId: string) => (
    <li key={document.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 tabular-nums">
      <span>
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">
          {" · "}
          {formatDate(document.issuedAt, i18n.language, timeZone)} · {formatMoney(document.gross, i18n.language)}
        </span>
      </span>
      <a href={href} className="inline-flex min-h-9 items-center gap-1.5 font-medium underline" data-testid={testId}>
        <FileText className="size-4" aria-hidden />
        {t("organizer.download")}
      </a>
    </li>
  );
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{t("organizer.title")}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {invoice ? (
          <ul className="space-y-2" data-testid="order-invoices">
            {row(
              t("organizer.invoice", { number: invoice.number }),
              invoice,
              `/api/orders/${orderId}/invoice.pdf`,
              "order-invoice-pdf",
            )}
            {creditNotes.map((note) =>
              row(
                t("organizer.credit-note", { number: note.number }),
                note,
                `/api/orders/${orderId}/credit-notes/${note.id}.pdf`,
                "order-credit-note-pdf",
              ),
            )}
          </ul>
        ) : (
          <p className="text-muted-foreground" data-testid="order-invoices-none">
            {t("organizer.none")}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
