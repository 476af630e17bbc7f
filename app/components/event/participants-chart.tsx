import { useTranslation } from "react-i18next";
import { dateTimeFormat, formatNumber, intlLocale } from "~/lib/format";
import { cn } from "~/lib/utils";

export type ParticipantsPerDay = { date: string; count: number };

/** A rounded top for the axis so gridlines fall on whole, readable numbers. */
function axisMaximum(max: number): number {
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const top = Math.ceil(max / (step * magnitude)) * step * magnitude;
    if (top / (step * magnitude) <= 5) return top;
  }
  return Math.ceil(max / magnitude) * magnitude;
}

function dayLabel(date: string, locale: string, style: "short" | "long"): string {
  // The days are calendar days in the event's time zone: format them as UTC dates to keep the day unchanged.
  return dateTimeFormat(intlLocale(locale), {
    timeZone: "UTC",
    day: "numeric",
    month: style === "short" ? "short" : "long",
    ...(style === "long" ? { weekday: "long" } : {}),
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Participants per day as a bar chart drawn with plain elements (no chart library in the bundle). The bars are
 * hidden from assistive technology, which reads the same figures from a table instead.
 */
export function ParticipantsChart({ days }: { days: ParticipantsPerDay[] }) {
  const { t, i18n } = useTranslation("event-area");
  const max = Math.max(0, ...days.map((d) => d.count));
  const top = axisMaximum(max);
  const ticks = [top, top / 2, 0];
  const labelEvery = days.length > 60 ? 10 : days.length > 16 ? 5 : 1;
  const total = days.reduce((sum, d) => sum + d.count, 0);

  return (
    <figure className="space-y-3" data-testid="participants-chart">
      <div className="flex gap-3" aria-hidden="true">
        <div className="flex h-48 flex-col justify-between py-0 text-right text-xs text-muted-foreground tabular-nums">
          {ticks.map((tick) => (
            <span key={tick} className="-translate-y-1/2 leading-none first:translate-y-0 last:translate-y-0">
              {formatNumber(Number.isInteger(tick) ? tick : Math.round(tick * 10) / 10, i18n.language)}
            </span>
          ))}
        </div>
        <div className="relative flex-1">
          <div className="pointer-events-none absolute inset-x-0 top-0 h-48">
            <div className="absolute inset-x-0 top-0 border-t border-dashed" />
            <div className="absolute inset-x-0 top-1/2 border-t border-dashed" />
            <div className="absolute inset-x-0 bottom-0 border-t" />
          </div>
          <div className="relative flex h-48 items-end gap-[2px] sm:gap-1">
            {days.map((day) => (
              <div key={day.date} className="group relative flex h-full flex-1 items-end" data-count={day.count}>
                <div
                  className="w-full rounded-t-sm bg-primary/80 transition-colors group-hover:bg-primary"
                  style={{ height: day.count === 0 ? 0 : `max(2px, ${(day.count / top) * 100}%)` }}
                />
                <div className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 hidden -translate-x-1/2 rounded-md border bg-popover px-2 py-1 text-xs whitespace-nowrap text-popover-foreground shadow-md group-hover:block">
                  {t("dashboard.chart-day", { date: dayLabel(day.date, i18n.language, "short"), count: day.count })}
                </div>
              </div>
            ))}
          </div>
          <div className="mt-2 flex gap-[2px] text-xs text-muted-foreground sm:gap-1">
            {days.map((day, index) => (
              <div key={day.date} className="relative flex-1">
                {(days.length - 1 - index) % labelEvery === 0 ? (
                  <span
                    className={cn(
                      "absolute whitespace-nowrap",
                      // The last label ends under its bar instead of running past the chart's edge.
                      index === days.length - 1 ? "right-0" : "left-1/2 -translate-x-1/2",
                      // Narrow screens keep every other label so they do not run into each other.
                      (days.length - 1 - index) % (labelEvery * 2) !== 0 && "max-sm:hidden",
                    )}
                  >
                    {dayLabel(day.date, i18n.language, "short")}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
          <div className="h-4" />
        </div>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {max === 0
          ? t("dashboard.chart-empty")
          : t("dashboard.chart-total", { count: total, total: formatNumber(total, i18n.language) })}
      </figcaption>
      {/* A table ignores width and height: it grows with its rows. Only a clipped box around it keeps 30 rows of
          screen-reader text from adding blank scroll below the page. */}
      <div className="sr-only" data-testid="participants-chart-table">
        <table>
          <caption>{t("dashboard.chart-title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dashboard.chart-table-date")}</th>
              <th scope="col">{t("dashboard.chart-table-count")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{dayLabel(day.date, i18n.language, "long")}</td>
                <td>{formatNumber(day.count, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
