import { useTranslation } from "react-i18next";
import { useNavigation, useSearchParams } from "react-router";
import type { EventDateChoice } from "#domain/events/event-date-filters";
import { formatDateTime } from "#domain/shared/format";
import { Label } from "~/components/ui/label";

/**
 * The dashboard's date of a multi-date event (issue 30 §4): « Toutes les dates » or one of them, kept in the URL
 * (`?date=`) so a copied link reopens the same view. A native select: keyboard and screen readers for free, and a
 * long list of dates scrolls in the platform's own picker.
 */
export function DashboardDateSelect({
  dates,
  dateId,
  timezone,
}: {
  dates: readonly EventDateChoice[];
  dateId: number | null;
  timezone: string;
}) {
  const { t, i18n } = useTranslation("event-area");
  const [, setSearchParams] = useSearchParams();
  const loading = useNavigation().state === "loading";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor="dashboard-date">{t("dashboard.date-label")}</Label>
      <select
        id="dashboard-date"
        data-testid="dashboard-date"
        aria-busy={loading}
        className="h-9 min-w-56 rounded-md border border-input bg-background px-3 text-sm"
        value={dateId ?? ""}
        onChange={(e) => setSearchParams(e.target.value ? { date: e.target.value } : {}, { preventScrollReset: true })}
      >
        <option value="">{t("dashboard.all-dates")}</option>
        {dates.map((date) => (
          <option key={date.id} value={date.id}>
            {formatDateTime(date.startAt, i18n.language, timezone)}
            {date.status === "cancelled" ? ` · ${t("dashboard.date-cancelled")}` : ""}
          </option>
        ))}
      </select>
    </div>
  );
}
