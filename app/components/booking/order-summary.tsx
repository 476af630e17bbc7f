import { useTranslation } from "react-i18next";
import type { Quote } from "#domain/public-events/quote-order";
import { formatMoney } from "#domain/shared/format";
import { cn } from "~/lib/utils";

/** The lines, the discount, the fees by each ticket's fees type and the total (domain/public-events/quote-order.ts). */
export function OrderSummary({ quote, dark }: { quote: Quote; dark: boolean }) {
  const { t, i18n } = useTranslation("booking");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const included = quote.lines.filter((line) => line.feesType === "included" && line.fees > 0);
  // With added fees on the bill too, "Frais de service inclus" alone would contradict the fees line: it names the
  // tickets whose price includes them.
  const includedNote =
    included.length === 0
      ? null
      : quote.addedFees > 0
        ? t("summary.fees-included-for", {
            titles: new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(
              included.map((line) => line.title),
            ),
          })
        : t("summary.fees-included");
  return (
    <section
      aria-labelledby="summary-heading"
      className={cn(
        "space-y-3 rounded-xl border p-4 text-sm",
        dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white",
      )}
      data-testid="order-summary"
    >
      <h2 id="summary-heading" className="text-base font-semibold">
        {t("summary.heading")}
      </h2>
      <ul className="space-y-2">
        {quote.lines.map((line) => (
          <li key={line.ticketId} className="flex justify-between gap-3">
            <span className="min-w-0">
              <span className="block font-medium wrap-anywhere">
                {line.quantity} × {line.title}
              </span>
              {line.quantity > 1 && line.unitPrice > 0 ? (
                <span className="block text-xs opacity-70">
                  {t("summary.unit-price", { price: money(line.unitPrice) })}
                </span>
              ) : null}
            </span>
            <span className="shrink-0 tabular-nums">
              {line.unitPrice === 0 ? t("summary.free") : money(line.unitPrice * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className={cn("space-y-1 border-t pt-3", dark ? "border-slate-800" : "border-slate-200")}>
        {quote.discount > 0 ? (
          <div className="flex justify-between gap-3 text-emerald-700 dark:text-emerald-400">
            <dt>
              {t("summary.discount")}
              {quote.promo ? ` (${quote.promo.code})` : ""}
            </dt>
            <dd className="tabular-nums" data-testid="summary-discount">
              −{money(quote.discount)}
            </dd>
          </div>
        ) : null}
        {quote.addedFees > 0 ? (
          <div className="flex justify-between gap-3">
            <dt>{t("summary.fees")}</dt>
            <dd className="tabular-nums" data-testid="summary-fees">
              {money(quote.addedFees)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 text-base font-semibold">
          <dt>{t("summary.total")}</dt>
          <dd className="tabular-nums" data-testid="summary-total">
            {quote.total === 0 ? t("summary.free") : money(quote.total)}
          </dd>
        </div>
      </dl>
      {/* After the list, not inside it: a <dl> holds only its terms and definitions. */}
      {includedNote ? (
        <p className="text-xs opacity-70" data-testid="summary-fees-included">
          {includedNote}
        </p>
      ) : null}
      {quote.total > 0 ? <p className="text-xs opacity-70">{t("summary.hold")}</p> : null}
    </section>
  );
}
