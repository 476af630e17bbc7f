import { CalendarDays } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { withPublicDates } from "#domain/event-dates/public-dates";
import { EventDatesPicker } from "~/components/public-event/event-dates-picker";
import { datesHref } from "~/lib/dates-href";
import { formatDateRange } from "#domain/shared/format";
import { parseId } from "#domain/shared/ids";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { TicketSections } from "~/components/public-event/public-event-view";
import { waitingListJoinPath } from "~/components/booking/booking-paths";
import { PublicStyles } from "~/components/public-event/public-styles";
import { accessibleAccent, accessibleSurface, ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { EMBED_ROOT_ATTRIBUTE, EmbedFrameScript, embedLanguage, embedQuery, embedReturnTo } from "~/lib/embed-frame";
import { cn } from "~/lib/utils";
import { getInstance } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import type { Route } from "./+types/embed-event";

/**
 * The booking widget's first page (issue 26 §5, docs/contracts/booking-widget.md): the event's tickets in the
 * organizer's colours, without the public page's header, description and footer, choosing tickets for the embed
 * booking page. What the public page would refuse (a draft, a private event without its link) answers 404 here too.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const lang = embedLanguage(url);
  if (lang) await getInstance(context).changeLanguage(lang);
  const hash = url.searchParams.get("t");
  const found = await getPublicEvent(db, parseId(params.id), { mode: "public", env, hash });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  // A multi-date event (issue 30 §3): the same dates picker as the public page, in the frame.
  const { event, dates } = await withPublicDates(db, found.event, url.searchParams);
  return {
    event,
    dates,
    privateHash: event.visibility === "private" ? hash : null,
    lang,
    returnTo: embedReturnTo(url),
  };
}

export function headers() {
  // Seats left change with every booking; the frame is reloaded with each visit of the host page anyway.
  return { "Cache-Control": "private, no-cache" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `${loaderData.event.title} · Guichet` : "Guichet" },
    { name: "robots", content: "noindex" },
  ];
}

export default function EmbedEvent({ loaderData }: Route.ComponentProps) {
  const { event, dates, privateHash, lang, returnTo } = loaderData;
  const { t, i18n } = useTranslation("public-event");
  const { t: tb } = useTranslation("booking");
  const dark = event.theme === "dark";
  const surface = accessibleSurface(event.primaryColor);
  const surfaceStyle = { backgroundColor: surface.background, color: surface.text };
  const accent = dark ? undefined : accessibleAccent(event.primaryColor);
  const anyOnSale = [...event.tickets, ...event.addons].some(
    (ticket) =>
      ticket.sale.status === "on_sale" &&
      !(dates && dates.selected === null && !ticket.pass && ticket.ticketType === "ticket"),
  );
  const framePath = `/embed/events/${event.id}${embedQuery({ privateHash, lang, returnTo })}`;
  return (
    <div
      {...{ [EMBED_ROOT_ATTRIBUTE]: "" }}
      className={cn(dark ? "dark bg-slate-950 text-slate-100" : "bg-slate-50 text-slate-900")}
    >
      <PublicStyles />
      <header style={surfaceStyle} className="px-4 py-4">
        <p className="text-sm">{t("organized-by", { name: event.organization.title })}</p>
        <h1 className="mt-1 text-xl font-bold tracking-tight wrap-anywhere" data-testid="public-event-title">
          {event.title}
        </h1>
        {event.startAt ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            {dates?.selected
              ? formatDateRange(dates.selected.startAt, dates.selected.endAt, i18n.language, event.timezone)
              : formatDateRange(event.startAt, event.endAt, i18n.language, event.timezone)}
          </p>
        ) : null}
      </header>
      <main className="px-4 py-4">
        <form
          method="get"
          action={`/embed/events/${event.id}/book`}
          className="space-y-6"
          aria-label={tb("picker.book")}
          data-testid="booking-picker"
        >
          {privateHash ? <input type="hidden" name="t" value={privateHash} /> : null}
          {lang ? <input type="hidden" name="lang" value={lang} /> : null}
          {returnTo ? <input type="hidden" name="return" value={returnTo} /> : null}
          {dates ? (
            <EventDatesPicker
              dates={dates}
              timezone={event.timezone}
              hrefFor={(query) => datesHref(framePath, query)}
              dark={dark}
              accent={accent}
            />
          ) : null}
          {dates?.selected ? <input type="hidden" name="date" value={dates.selected.id} /> : null}
          <div id="date-tickets" className="scroll-mt-4 space-y-6">
            <TicketSections
              event={event}
              accent={accent}
              dark={dark}
              pickerDisabled={false}
              waitingList={{
                href: (ticketId) => waitingListJoinPath(event, ticketId, privateHash),
                newTab: true,
              }}
              surfaceStyle={surfaceStyle}
              dates={dates}
            />
          </div>
          {anyOnSale ? (
            <div className="flex justify-end">
              <button
                type="submit"
                className={cn("h-11 w-full rounded-lg px-6 font-semibold shadow-sm sm:w-auto", ORGANIZER_FOCUS_RING)}
                style={surfaceStyle}
              >
                {tb("picker.book")}
              </button>
            </div>
          ) : null}
        </form>
      </main>
      <footer className="px-4 pb-4 text-center text-xs opacity-75">
        <a
          href={`/events/${event.id}${embedQuery({ privateHash })}`}
          target="_blank"
          rel="noopener"
          className="underline-offset-4 hover:underline"
        >
          {t("powered-by")}
        </a>
      </footer>
      <EmbedFrameScript />
    </div>
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
