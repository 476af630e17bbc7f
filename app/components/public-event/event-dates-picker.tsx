import { CalendarDays, Check, ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PublicDates, PublicEventDate } from "#domain/event-dates/public-dates";
import { dateTimeFormat, formatDateRange, intlLocale } from "#domain/shared/format";
import { ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { cn } from "~/lib/utils";
import type { DatesQuery } from "~/lib/dates-href";

/** "2027-03" → "mars 2027" in the page's language. */
export function monthLabel(month: string, language: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const label = dateTimeFormat(intlLocale(language), { timeZone: "UTC", month: "long", year: "numeric" }).format(
    Date.UTC(year, monthNumber - 1, 15),
  );
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Where a date is, when it is not at the event's place. */
export function datePlace(date: Pick<PublicEventDate, "addressName" | "addressLabel">): string | null {
  return [date.addressName, date.addressLabel].filter(Boolean).join(", ") || null;
}

/**
 * The upcoming dates of a multi-date event (issue 30 §3), one month at a time: the months as links, the month's dates
 * with their availability (a sold-out date greyed and not a link, « Plus que N places » when few are left), each an
 * ordinary link that picks it, so the page works without JavaScript and from the keyboard like the rest of the booking.
 */
export function EventDatesPicker({
  dates,
  timezone,
  hrefFor,
  dark,
  accent,
}: {
  dates: PublicDates;
  timezone: string;
  /** The page's address with these dates parameters (the private link's `t` and the widget's own kept). */
  hrefFor: (query: DatesQuery) => string;
  dark: boolean;
  accent: string | undefined;
}) {
  const { t, i18n } = useTranslation("public-event");
  const selectedId = dates.selected?.id ?? null;
  return (
    <section aria-labelledby="dates-heading" className="space-y-4" data-testid="event-dates" id="dates">
      <h2 id="dates-heading" className="flex items-center gap-2 text-xl font-semibold">
        <CalendarDays className="size-5 opacity-70" aria-hidden />
        {t("dates.heading")}
      </h2>
      {dates.months.length === 0 ? (
        <p className="text-sm opacity-75">{t("dates.none")}</p>
      ) : (
        <>
          <p className="text-sm opacity-80">{t("dates.choose")}</p>
          <nav aria-label={t("dates.months")}>
            <ul className="flex gap-2 overflow-x-auto pb-1" data-testid="date-months">
              {dates.months.map(({ month, count }) => {
                const current = month === dates.month;
                return (
                  <li key={month} className="shrink-0">
                    <a
                      href={hrefFor({ month, date: selectedId })}
                      aria-current={current ? "page" : undefined}
                      className={cn(
                        "flex flex-col rounded-lg border px-3 py-1.5 text-sm",
                        ORGANIZER_FOCUS_RING,
                        dark ? "bg-slate-900" : "bg-white",
                        current ? "border-current font-semibold" : dark ? "border-slate-700" : "border-slate-300",
                      )}
                      style={current ? { color: accent } : undefined}
                      data-testid={`date-month-${month}`}
                    >
                      <span>{monthLabel(month, i18n.language)}</span>
                      {/* The organizer's colour is readable at full strength only (accessibleAccent). */}
                      <span className={cn("text-xs font-normal", !current && "opacity-75")}>
                        {t("dates.count", { count })}
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          {dates.dates.length === 0 ? (
            <p className="text-sm opacity-75">{t("dates.none-in-month")}</p>
          ) : (
            <ul
              className="grid gap-2 sm:grid-cols-2"
              aria-label={dates.month ? monthLabel(dates.month, i18n.language) : undefined}
            >
              {dates.dates.map((date) => (
                <li key={date.id}>
                  <DateChoice
                    date={date}
                    timezone={timezone}
                    selected={date.id === selectedId}
                    href={hrefFor({ month: dates.month, page: dates.page, date: date.id })}
                    dark={dark}
                    accent={accent}
                  />
                </li>
              ))}
            </ul>
          )}
          {dates.page > 1 || dates.hasMore ? (
            <div className="flex flex-wrap justify-between gap-3 text-sm">
              {dates.page > 1 ? (
                <a
                  href={hrefFor({ month: dates.month, page: dates.page - 1, date: selectedId })}
                  className={cn("inline-flex items-center gap-1 font-medium underline", ORGANIZER_FOCUS_RING)}
                >
                  <ChevronLeft className="size-4" aria-hidden />
                  {t("dates.previous")}
                </a>
              ) : (
                <span />
              )}
              {dates.hasMore ? (
                <a
                  href={hrefFor({ month: dates.month, page: dates.page + 1, date: selectedId })}
                  className={cn("inline-flex items-center gap-1 font-medium underline", ORGANIZER_FOCUS_RING)}
                  data-testid="dates-next"
                >
                  {t("dates.next")}
                  <ChevronRight className="size-4" aria-hidden />
                </a>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function DateChoice({
  date,
  timezone,
  selected,
  href,
  dark,
  accent,
}: {
  date: PublicEventDate;
  timezone: string;
  selected: boolean;
  href: string;
  dark: boolean;
  accent: string | undefined;
}) {
  const { t, i18n } = useTranslation("public-event");
  const soldOut = date.availability === "sold_out";
  const place = datePlace(date);
  const body = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="font-medium">{formatDateRange(date.startAt, date.endAt, i18n.language, timezone)}</span>
        {selected ? <Check className="size-4 shrink-0" aria-hidden /> : null}
      </span>
      {place ? <span className="block text-xs opacity-75">{t("dates.place", { place })}</span> : null}
      {soldOut ? (
        <span className="mt-1 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
          {t("dates.sold-out")}
        </span>
      ) : date.fewPlacesLeft !== null ? (
        <span
          className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
          data-testid="date-few-left"
        >
          {t("dates.few-left", { count: date.fewPlacesLeft })}
        </span>
      ) : null}
    </>
  );
  const box = cn(
    "block h-full rounded-xl border p-3 text-sm",
    dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white",
  );
  if (soldOut) {
    // Listed so the buyer knows the date exists, but nothing to pick: not a link. Dashed like a sold-out ticket, not
    // faded: fading would take its texts below 4.5:1.
    return (
      <div className={cn(box, "border-dashed")} data-testid={`date-${date.id}`} data-availability="sold_out">
        {body}
      </div>
    );
  }
  return (
    <a
      href={href}
      aria-current={selected ? "true" : undefined}
      className={cn(box, ORGANIZER_FOCUS_RING, "hover:border-current", selected && "border-2 border-current")}
      style={selected ? { color: accent } : undefined}
      data-testid={`date-${date.id}`}
      data-availability="on_sale"
    >
      {body}
    </a>
  );
}

/** The dates a pass is valid on, a few then how many more. */
export function PassDates({ dates, timezone }: { dates: PublicEventDate[]; timezone: string }) {
  const { t, i18n } = useTranslation("public-event");
  if (dates.length === 0) return null;
  const shown = dates.slice(0, 4);
  const more = dates.length - shown.length;
  return (
    <p className="text-xs opacity-80" data-testid="pass-dates">
      {t("dates.pass-valid")}{" "}
      {shown.map((date) => formatDateRange(date.startAt, date.endAt, i18n.language, timezone)).join(" · ")}
      {more > 0 ? ` ${t("dates.pass-more", { count: more })}` : ""}
    </p>
  );
}
