import { useTranslation } from "react-i18next";
import type { NetSalesGranularity, NetSalesPoint } from "#domain/finance/transaction-net-sales";
import { formatMoney, intlLocale, numberFormat } from "#domain/shared/format";
import { cn } from "~/lib/utils";

/** A rounded top for the axis so gridlines fall on whole, readable amounts (euros). */
function axisMaximum(max: number): number {
  if (max <= 0) return 0;
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const top = Math.ceil(max / (step * magnitude)) * step * magnitude;
    if (top / (step * magnitude) <= 5) return top;
  }
  return Math.ceil(max / magnitude) * magnitude;
}

function bucketLabel(
  bucket: string,
  granularity: NetSalesGranularity,
  language: string,
  style: "short" | "long",
): string {
  // Buckets are calendar days or months of the finance time zone already: format them as UTC dates.
  const date = new Date(`${granularity === "month" ? `${bucket}-01` : bucket}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    granularity === "month"
      ? { timeZone: "UTC", month: style === "short" ? "short" : "long", year: "numeric" }
      : { timeZone: "UTC", day: "numeric", month: style === "short" ? "short" : "long" };
  if (style === "long" && granularity !== "month") options.year = "numeric";
  return new Intl.DateTimeFormat(intlLocale(language), options).format(date);
}

/**
 * Net sales per day, week or month as bars drawn with plain elements (no chart library in the bundle), with a zero
 * line when refunds make a bucket negative. The bars are hidden from assistive technology, which reads the same
 * figures from a table.
 */
export function NetSalesChart({ granularity, points }: { granularity: NetSalesGranularity; points: NetSalesPoint[] }) {
  const { t, i18n } = useTranslation("finance");
  const language = i18n.language;
  const euros = points.map((point) => point.net / 100);
  const top = axisMaximum(Math.max(0, ...euros));
  const bottom = axisMaximum(Math.max(0, ...euros.map((value) => -value)));
  const span = top + bottom;
  const zeroFromTop = span === 0 ? 100 : (top / span) * 100;
  const total = points.reduce((sum, point) => sum + point.net, 0);
  // Whole euros on the axis, the sign after the amount as everywhere (spec §1).
  const wholeEuros = numberFormat(intlLocale(language), { maximumFractionDigits: 0 });
  const axis = { format: (euros: number) => `${wholeEuros.format(euros)}\u00a0€` };
  // Labels closer than an eighth of the height would overlap: a small negative part keeps only its zero.
  const ticks: number[] = [];
  for (const tick of bottom > 0 ? [top, 0, -bottom] : [top, top / 2, 0]) {
    const position = (top - tick) / span;
    if (ticks.every((kept) => Math.abs((top - kept) / span - position) >= 0.125)) ticks.push(tick);
  }
  const labelEvery = points.length > 60 ? 10 : points.length > 16 ? 5 : points.length > 8 ? 2 : 1;
  const label = (point: NetSalesPoint, style: "short" | "long") => {
    const text = bucketLabel(point.bucket, granularity, language, style);
    return granularity === "week" && style === "long" ? t("chart.week-of", { date: text }) : text;
  };

  return (
    <figure className="space-y-3" data-testid="net-sales-chart" data-granularity={granularity}>
      {span === 0 ? (
        <p className="flex h-48 items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground">
          {t("chart.empty")}
        </p>
      ) : (
        <div className="flex gap-3" aria-hidden="true">
          <div className="relative h-48 w-14 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
            {ticks.map((tick) => (
              <span
                key={tick}
                className="absolute right-0 -translate-y-1/2 leading-none"
                style={{ top: `${((top - tick) / span) * 100}%` }}
              >
                {axis.format(tick)}
              </span>
            ))}
          </div>
          <div className="relative min-w-0 flex-1">
            <div className="pointer-events-none absolute inset-x-0 top-0 h-48">
              <div className="absolute inset-x-0 top-0 border-t border-dashed" />
              {bottom > 0 ? (
                <div className="absolute inset-x-0 bottom-0 border-t border-dashed" />
              ) : (
                <div className="absolute inset-x-0 top-1/2 border-t border-dashed" />
              )}
              <div className="absolute inset-x-0 border-t" style={{ top: `${zeroFromTop}%` }} />
            </div>
            <div className="relative flex h-48 gap-[2px] sm:gap-1">
              {points.map((point) => {
                const value = point.net / 100;
                const height = `max(2px, ${(Math.abs(value) / span) * 100}%)`;
                return (
                  <div key={point.bucket} className="group relative h-full flex-1" data-net={point.net}>
                    {point.net === 0 ? null : (
                      <div
                        className={cn(
                          "absolute inset-x-0 transition-colors",
                          point.net > 0
                            ? "rounded-t-sm bg-primary/80 group-hover:bg-primary"
                            : "rounded-b-sm bg-destructive/70 group-hover:bg-destructive",
                        )}
                        style={
                          point.net > 0
                            ? { bottom: `${100 - zeroFromTop}%`, height }
                            : { top: `${zeroFromTop}%`, height }
                        }
                      />
                    )}
                    <div className="pointer-events-none absolute top-0 left-1/2 z-10 hidden -translate-x-1/2 -translate-y-full rounded-md border bg-popover px-2 py-1 text-xs whitespace-nowrap text-popover-foreground shadow-md group-hover:block">
                      {label(point, "short")} · {formatMoney(point.net, language)}
                    </div>
                  </div>
                );
              })}
            </div>
            <div className="mt-2 flex gap-[2px] text-xs text-muted-foreground sm:gap-1">
              {points.map((point, index) => (
                <div key={point.bucket} className="relative flex-1">
                  {(points.length - 1 - index) % labelEvery === 0 ? (
                    <span
                      className={cn(
                        "absolute whitespace-nowrap",
                        index === points.length - 1 ? "right-0" : index === 0 ? "left-0" : "left-1/2 -translate-x-1/2",
                        (points.length - 1 - index) % (labelEvery * 2) !== 0 && "max-sm:hidden",
                      )}
                    >
                      {label(point, "short")}
                    </span>
                  ) : null}
                </div>
              ))}
            </div>
            <div className="h-4" />
          </div>
        </div>
      )}
      <figcaption className="text-sm text-muted-foreground" data-testid="net-sales-total">
        {t("chart.total", { amount: formatMoney(total, language) })}
      </figcaption>
      <div className="sr-only">
        <table>
          <caption>{t("chart.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("chart.table-period")}</th>
              <th scope="col">{t("chart.table-net")}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.bucket}>
                <td>{label(point, "long")}</td>
                <td>{formatMoney(point.net, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
