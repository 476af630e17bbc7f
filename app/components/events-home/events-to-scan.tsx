import { ScanLine } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { EventToScan } from "#domain/events/list-events";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EventWhenWhere } from "./event-when-where";

/**
 * The events whose tickets the member scans without opening the event area (a validator's events): each leads to
 * the web scanner and nowhere else, and shows no figures.
 */
export function EventsToScan({
  events,
  total,
  headingLevel,
}: {
  events: EventToScan[];
  total: number;
  /** h2 when the list is the whole home, h3 under the home's own section heading. */
  headingLevel: "h2" | "h3";
}) {
  const { t } = useTranslation("events");
  return (
    <div className="space-y-3">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" data-testid="scan-event-list">
        {events.map((event) => (
          <li key={event.id} className="min-w-0">
            <EventToScanCard event={event} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      {total > events.length ? (
        <p className="text-sm text-muted-foreground">{t("home.scan.more", { shown: events.length, total })}</p>
      ) : null}
    </div>
  );
}

function EventToScanCard({ event, headingLevel: Heading }: { event: EventToScan; headingLevel: "h2" | "h3" }) {
  const { t } = useTranslation("events");
  const title = event.title || t("untitled");
  return (
    <article
      className="flex h-full flex-col gap-4 rounded-xl border bg-background p-4 shadow-xs"
      data-testid="scan-event-card"
    >
      <div className="flex items-start justify-between gap-3">
        <Heading className="line-clamp-2 font-semibold wrap-anywhere">{title}</Heading>
        {event.isPast ? <Badge variant="secondary">{t("status.past")}</Badge> : null}
      </div>
      <EventWhenWhere event={event} />
      <Button asChild size="lg" className="mt-auto w-full">
        <Link to={`/event/${event.id}/scan`} aria-label={t("home.scan.open-label", { title })}>
          <ScanLine aria-hidden />
          {t("home.scan.open")}
        </Link>
      </Button>
    </article>
  );
}
