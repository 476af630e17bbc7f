import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dateTimeFormat, formatNumber, intlLocale } from "#domain/shared/format";
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

// The bars' drawing units: each day is DAY_WIDTH wide, its bar BAR_WIDTH of it; heights are percent of the axis top.
const DAY_WIDTH = 10;
const BAR_WIDTH = 8;
// A day with participants never draws shorter than this (about 2 px of the 192 px plot).
const MIN_BAR = 1.1;

/**
 * Participants per day as a bar chart drawn with plain elements (no chart library in the bundle): one SVG rectangle a
 * day (carrying its figure in data-count), the axis labels only where they show, and a single tooltip the browser
 * places under the pointer. The bars are hidden from assistive technology, which reads the same figures from a table
 * instead. Drawn this way the chart is about a third of the elements it was as a box per bar with its own tooltip.
 */
export function ParticipantsChart({ days }: { days: ParticipantsPerDay[] }) {
  const { t, i18n } = useTranslation("event-area");
  const [hovered, setHovered] = useState<number | null>(null);
  const max = Math.max(0, ...days.map((d) => d.count));
  const top = axisMaximum(max);
  const ticks = [top, top / 2, 0];
  const labelEvery = days.length > 60 ? 10 : days.length > 16 ? 5 : 1;
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const width = Math.max(1, days.length) * DAY_WIDTH;
  const hoveredDay = hovered === null ? undefined : days[hovered];
  const percentOf = (index: number) => `${((index + 0.5) / Math.max(1, days.length)) * 100}%`;

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
          <svg
            className="relative block h-48 w-full"
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            onPointerMove={(event) => {
              const box = event.currentTarget.getBoundingClientRect();
              const index = Math.floor(((event.clientX - box.left) / box.width) * days.length);
              setHovered(index >= 0 && index < days.length ? index : null);
            }}
            onPointerLeave={() => setHovered(null)}
          >
            {days.map((day, index) => {
              const height = day.count === 0 ? 0 : Math.max(MIN_BAR, (day.count / top) * 100);
              return (
                <rect
                  key={day.date}
                  data-count={day.count}
                  x={index * DAY_WIDTH + (DAY_WIDTH - BAR_WIDTH) / 2}
                  y={100 - height}
                  width={BAR_WIDTH}
                  height={height}
                  className={index === hovered ? "fill-primary" : "fill-primary/80"}
                />
              );
            })}
          </svg>
          {hoveredDay ? (
            <div
              className="pointer-events-none absolute z-10 -mt-1 -translate-x-1/2 -translate-y-full rounded-md border bg-popover px-2 py-1 text-xs whitespace-nowrap text-popover-foreground shadow-md"
              style={{ left: percentOf(hovered!), top: `${(1 - Math.min(1, hoveredDay.count / top)) * 12}rem` }}
            >
              {t("dashboard.chart-day", {
                date: dayLabel(hoveredDay.date, i18n.language, "short"),
                count: hoveredDay.count,
              })}
            </div>
          ) : null}
          <div className="relative mt-2 text-xs text-muted-foreground">
            {days.map((day, index) =>
              (days.length - 1 - index) % labelEvery === 0 ? (
                <span
                  key={day.date}
                  className={cn(
                    "absolute whitespace-nowrap",
                    // The last label ends under its bar instead of running past the chart's edge.
                    index === days.length - 1 ? "right-0" : "-translate-x-1/2",
                    // Narrow screens keep every other label so they do not run into each other.
                    (days.length - 1 - index) % (labelEvery * 2) !== 0 && "max-sm:hidden",
                  )}
                  style={index === days.length - 1 ? undefined : { left: percentOf(index) }}
                >
                  {dayLabel(day.date, i18n.language, "short")}
                </span>
              ) : null,
            )}
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
