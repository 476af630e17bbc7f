import { CalendarDays, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateRange } from "#domain/shared/format";

/** An event card's date range (in the event's time zone) and place, as the events home shows them. */
export function EventWhenWhere({
  event,
}: {
  event: { startAt: Date | string | null; endAt: Date | string | null; timezone: string; addressName: string | null };
}) {
  const { t, i18n } = useTranslation("events");
  return (
    <div className="space-y-1 text-sm text-muted-foreground">
      <p className="flex items-center gap-2">
        <CalendarDays className="size-4 shrink-0" aria-hidden />
        {event.startAt ? formatDateRange(event.startAt, event.endAt, i18n.language, event.timezone) : t("home.no-date")}
      </p>
      {event.addressName ? (
        <p className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{event.addressName}</span>
        </p>
      ) : null}
    </div>
  );
}
