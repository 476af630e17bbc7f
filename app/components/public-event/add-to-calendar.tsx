import { CalendarPlus, Download, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CalendarLinks } from "#domain/calendar/calendar-links";
import { ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { cn } from "~/lib/utils";

/**
 * "Ajouter à mon agenda" (issue 27 §6): the event's `.ics` file (Apple Calendar, Outlook, Thunderbird… and any
 * calendar that imports a file), and Google's and Outlook.com's prefilled pages, opened in a new tab. Plain links, so
 * they work before the page hydrates and without JavaScript.
 */
export function AddToCalendar({
  links,
  className,
  stacked = false,
}: {
  links: CalendarLinks;
  className?: string;
  /** One full-width button per line from md up (the public page's narrow aside); in a row otherwise. */
  stacked?: boolean;
}) {
  const { t } = useTranslation("booking");
  const link = cn(
    "inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-current/25 px-3 text-sm font-medium hover:bg-current/5",
    ORGANIZER_FOCUS_RING,
  );
  return (
    <div role="group" aria-labelledby="add-to-calendar-label" className={cn("space-y-2", className)}>
      <p id="add-to-calendar-label" className="flex items-center gap-1.5 text-sm font-semibold">
        <CalendarPlus className="size-4 opacity-70" aria-hidden />
        {t("calendar.add")}
      </p>
      <div className={cn("flex flex-wrap gap-2", stacked && "md:flex-col")}>
        <a href={links.ics} download className={link} data-testid="calendar-ics" rel="nofollow">
          <Download className="size-4" aria-hidden />
          {t("calendar.ics")}
        </a>
        <a href={links.google} target="_blank" rel="noopener noreferrer" className={link} data-testid="calendar-google">
          {t("calendar.google")}
          <ExternalLink className="size-3.5 opacity-70" aria-hidden />
          <span className="sr-only">{t("calendar.new-tab")}</span>
        </a>
        <a
          href={links.outlook}
          target="_blank"
          rel="noopener noreferrer"
          className={link}
          data-testid="calendar-outlook"
        >
          {t("calendar.outlook")}
          <ExternalLink className="size-3.5 opacity-70" aria-hidden />
          <span className="sr-only">{t("calendar.new-tab")}</span>
        </a>
      </div>
    </div>
  );
}
