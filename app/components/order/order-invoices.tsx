import { FileText } from "lucide-react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormError } from "~/components/form-error";
import { ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { cn } from "~/lib/utils";
import { formatDate, formatMoney } from "#domain/shared/format";

type OrderDocument = { id: number; number: string; issuedAt: Date | string; gross: number };

export type OrderInvoicesView = {
  invoice: OrderDocument | null;
  creditNotes: OrderDocument[];
  canRequest: boolean;
  requestUntil: Date | string | null;
};

/**
 * The order page's invoice (issue 29 §3–4): « Télécharger la facture » and the credit notes once issued, else
 * « Demander une facture » while the buyer may still ask (the page's action, intent `invoice`).
 */
export function OrderInvoices({
  view,
  orderId,
  token,
  timeZone,
  className,
  buttonStyle,
  requested,
  error,
}: {
  view: OrderInvoicesView;
  orderId: number;
  token: string;
  timeZone: string;
  className: string;
  buttonStyle: CSSProperties;
  requested: boolean;
  error: string | null;
}) {
  const { t, i18n } = useTranslation("invoices");
  if (!view.invoice && !view.canRequest) return null;
  const query = `?token=${encodeURIComponent(token)}`;
  const link = "inline-flex min-h-11 items-center gap-2 font-medium underline";
  return (
    <section className={cn(className, "space-y-3 text-sm")} aria-labelledby="order-invoice-heading">
      <h2 id="order-invoice-heading" className="text-lg font-semibold">
        {t("order-page.title")}
      </h2>
      {requested ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 font-medium text-emerald-900"
        >
          {t("order-page.requested")}
        </p>
      ) : null}
      {view.invoice ? (
        <p className="flex flex-wrap items-center gap-x-3">
          <span>{t("order-page.invoice-number", { number: view.invoice.number })}</span>
          <a
            href={`/orders/${orderId}/invoice.pdf${query}`}
            className={link}
            rel="nofollow"
            data-testid="order-invoice-download"
          >
            <FileText className="size-4" aria-hidden />
            {t("order-page.download")}
          </a>
        </p>
      ) : null}
      {view.creditNotes.length > 0 ? (
        <div>
          <h3 className="font-medium">{t("order-page.credit-notes")}</h3>
          <ul className="mt-1 space-y-1">
            {view.creditNotes.map((note) => (
              <li key={note.id}>
                <a
                  href={`/orders/${orderId}/credit-notes/${note.id}.pdf${query}`}
                  className={link}
                  rel="nofollow"
                  data-testid="order-credit-note-download"
                >
                  <FileText className="size-4" aria-hidden />
                  {t("order-page.credit-note", { number: note.number })} · {formatMoney(note.gross, i18n.language)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!view.invoice && view.canRequest ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="invoice" />
          <input type="hidden" name="participant_id" value="order" />
          {view.requestUntil ? (
            <p>{t("order-page.request-hint", { date: formatDate(view.requestUntil, i18n.language, timeZone) })}</p>
          ) : null}
          <FormError message={error} />
          <button
            type="submit"
            className={cn(
              "inline-flex min-h-11 items-center gap-2 rounded-lg px-4 text-sm font-semibold shadow-sm",
              ORGANIZER_FOCUS_RING,
            )}
            style={buttonStyle}
            data-testid="order-invoice-request"
          >
            <FileText className="size-4" aria-hidden />
            {t("order-page.request")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
