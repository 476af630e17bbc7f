import { CalendarDays, Eye, Hourglass, Lock, Mail, MapPin, Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { platformFee } from "#domain/booking/fees";
import { bannerSrcSet } from "#domain/images/banner";
import type { PublicEvent, PublicTicket } from "#domain/public-events/get-public-event";
import { accessibleAccent, accessibleSurface, LIGHT_TEXT, ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { formatDateRange, formatDateTime, formatMoney } from "#domain/shared/format";
import { openStreetMapUrl } from "~/lib/map-link";
import { cn } from "~/lib/utils";
import { QuantitySelect } from "~/components/booking/quantity-select";
import { waitingListJoinPath } from "~/components/booking/booking-paths";
import { PublicStyles } from "~/components/public-event/public-styles";
import { AddToCalendar } from "~/components/public-event/add-to-calendar";
import type { CalendarLinks } from "#domain/calendar/calendar-links";
import type { PublicDates, PublicEventDate } from "#domain/event-dates/public-dates";
import { EventDatesPicker, PassDates } from "~/components/public-event/event-dates-picker";
import type { DatesQuery } from "~/lib/dates-href";

/**
 * The banner's width in the main column: the screen less the page's padding on phones; beside the 320 px aside from
 * md (768 px) on, within max-w-5xl (1024 px). With it a phone downloads the 640 or 1280 px banner, never the 1920 one.
 */
const BANNER_SIZES_ATTRIBUTE = "(min-width: 1024px) 624px, (min-width: 768px) calc(100vw - 400px), calc(100vw - 2rem)";

/** Where each sold-out ticket's « Rejoindre la liste d'attente » leads. */
export type WaitingListLinks = { href: (ticketId: number) => string; newTab: boolean };

const saleLabelKey = (ticket: PublicTicket) => ticket.sale.explanation ?? ticket.sale.status;

/** A time zone as the page names it: its city ("Europe/Paris" → "Paris"). */
const zoneName = (timezone: string) => timezone.split("/").at(-1)?.replaceAll("_", " ") ?? timezone;

/**
 * `bookingPath`: where the ticket choice goes (the booking page, with the private link's `t`); null on the preview,
 * which shows the choice disabled and never books.
 */
export function PublicEventView({
  event,
  preview,
  bookingPath = null,
  privateHash = null,
  contactForm = null,
  tracking = null,
  notice = null,
  calendar = null,
  dates = null,
}: {
  event: PublicEvent;
  preview: boolean;
  bookingPath?: string | null;
  privateHash?: string | null;
  /** 'Écrire à l'organisateur' (OrganizerContactForm), at the end of the main column. */
  contactForm?: React.ReactNode;
  /** The consent banner and, with consent, the Meta pixel (app/components/tracking/meta-pixel.tsx). */
  tracking?: React.ReactNode;
  /** Above the page: the buyer's order that still holds places (HeldOrderNotice). */
  notice?: React.ReactNode;
  /** "Ajouter à mon agenda" (issue 27 §6): the public `.ics` file, Google's and Outlook's pages; not on the preview. */
  calendar?: CalendarLinks | null;
  /**
   * A multi-date event's dates (issue 30 §3): listed by month above the tickets, the picked one sent with the choice;
   * `hrefFor` is this page's address with other dates parameters.
   */
  dates?: { data: PublicDates; hrefFor: (query: DatesQuery) => string } | null;
}) {
  const { t, i18n } = useTranslation("public-event");
  const { t: tb } = useTranslation("booking");
  const { t: tPrivacy } = useTranslation("privacy");
  // A per-date ticket cannot be chosen before its date: without one picked, only passes and add-ons can be.
  const anyOnSale = [...event.tickets, ...event.addons].some(
    (ticket) =>
      ticket.sale.status === "on_sale" &&
      !(dates && dates.data.selected === null && !ticket.pass && ticket.ticketType === "ticket"),
  );
  const pickerDisabled = preview || !bookingPath;
  const dark = event.theme === "dark";
  // Spec §9 chooses the text on the organizer's colour; a shade of the colour gives that text 4.5:1 (WCAG AA).
  const surface = accessibleSurface(event.primaryColor);
  const surfaceStyle = { backgroundColor: surface.background, color: surface.text };
  // The colour as text on the light theme's white cards (on the dark theme those texts keep the page's colour).
  const accent = dark ? undefined : accessibleAccent(event.primaryColor);
  const mapUrl = openStreetMapUrl(event.latitude, event.longitude);
  const zone = zoneName(event.timezone);

  return (
    <div className={cn("min-h-svh", dark ? "dark bg-slate-950 text-slate-100" : "bg-slate-50 text-slate-900")}>
      <PublicStyles />
      {preview ? (
        <div
          role="status"
          className="sticky top-0 z-20 bg-amber-400 px-4 py-2 text-center text-sm font-medium text-slate-900"
        >
          <Eye className="mr-2 inline size-4 align-[-2px]" aria-hidden />
          {t("preview.banner")} {t("preview.booking-impossible")}
        </div>
      ) : null}
      {notice}
      <header style={surfaceStyle}>
        <div className="mx-auto max-w-5xl px-4 pt-8 pb-6 md:px-6">
          <p className="text-sm">{t("organized-by", { name: event.organization.title })}</p>
          <h1
            className="mt-2 text-3xl font-bold tracking-tight wrap-anywhere md:text-5xl"
            data-testid="public-event-title"
          >
            {event.title}
          </h1>
          {event.smallDescription ? (
            <p className="mt-3 max-w-3xl text-lg wrap-anywhere">{event.smallDescription}</p>
          ) : null}
          {event.visibility === "private" ? (
            <p
              className={cn(
                "mt-4 inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium",
                // Towards black under white text, towards white under dark text: the badge never lowers the contrast.
                surface.text === LIGHT_TEXT ? "bg-black/15" : "bg-white/40",
              )}
            >
              <Lock className="size-3.5" aria-hidden />
              {t("private-badge")}
            </p>
          ) : null}
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[1fr_320px] md:px-6">
        {/* First in the document, not moved up with `order`: the browser paints the page while it still arrives, and
            an aside placed above content already painted would push it down (a layout shift). */}
        <aside className="space-y-4 md:sticky md:top-6 md:order-last md:self-start">
          <InfoCard dark={dark} icon={<CalendarDays className="size-5" aria-hidden />} title={t("when")}>
            {dates?.data.selected ? (
              <>
                <p data-testid="public-event-dates">
                  {formatDateRange(
                    dates.data.selected.startAt,
                    dates.data.selected.endAt,
                    i18n.language,
                    event.timezone,
                  )}
                </p>
                <p className="text-xs opacity-70">{t("time-zone", { zone })}</p>
              </>
            ) : event.startAt ? (
              <>
                <p data-testid="public-event-dates">
                  {formatDateRange(event.startAt, event.endAt, i18n.language, event.timezone)}
                </p>
                <p className="text-xs opacity-70">{t("time-zone", { zone })}</p>
                {/* The event's one date: a multi-date event's span is not a date to put in a calendar. */}
                {calendar && !dates ? <AddToCalendar links={calendar} className="pt-2" stacked /> : null}
              </>
            ) : (
              <p>{t("date-to-come")}</p>
            )}
          </InfoCard>
          {event.addressName || event.addressLabel ? (
            <InfoCard dark={dark} icon={<MapPin className="size-5" aria-hidden />} title={t("where")}>
              {event.addressName ? <p className="font-medium">{event.addressName}</p> : null}
              {event.addressLabel ? <p className="opacity-80">{event.addressLabel}</p> : null}
              {mapUrl ? (
                <a
                  href={mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-block font-medium underline"
                  style={{ color: accent }}
                >
                  {t("open-map")}
                </a>
              ) : null}
            </InfoCard>
          ) : null}
          {event.contactEmail ? (
            <InfoCard dark={dark} icon={<Mail className="size-5" aria-hidden />} title={t("contact")}>
              <a href={`mailto:${event.contactEmail}`} className="underline">
                {t("contact-organizer")}
              </a>
            </InfoCard>
          ) : null}
        </aside>
        <div className="space-y-8">
          {event.mainPicture ? (
            <img
              src={event.mainPicture}
              srcSet={bannerSrcSet(event.mainPicture)}
              sizes={BANNER_SIZES_ATTRIBUTE}
              alt=""
              width={1280}
              height={720}
              // The page's largest picture: fetched first (React also preloads it in <head>).
              fetchPriority="high"
              className="aspect-video w-full rounded-2xl object-cover shadow-sm"
            />
          ) : null}
          {event.description ? (
            <section aria-labelledby="about-heading" className="space-y-3">
              <h2 id="about-heading" className="text-xl font-semibold">
                {t("about")}
              </h2>
              <div
                className="event-description space-y-3 leading-relaxed [&_a]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
                // Sanitized with an allowlist when it was saved (domain/events/sanitize-event-html.ts).
                dangerouslySetInnerHTML={{ __html: event.description }}
              />
            </section>
          ) : null}
          <form
            id="tickets"
            method="get"
            action={bookingPath ?? undefined}
            className="space-y-8"
            aria-label={tb("picker.book")}
            data-testid="booking-picker"
          >
            {privateHash ? <input type="hidden" name="t" value={privateHash} /> : null}
            {dates ? (
              <EventDatesPicker
                dates={dates.data}
                timezone={event.timezone}
                hrefFor={dates.hrefFor}
                dark={dark}
                accent={accent}
              />
            ) : null}
            {dates?.data.selected ? <input type="hidden" name="date" value={dates.data.selected.id} /> : null}
            <div id="date-tickets" className="scroll-mt-4 space-y-8">
              <TicketSections
                event={event}
                accent={accent}
                dark={dark}
                pickerDisabled={pickerDisabled}
                waitingList={
                  preview || !bookingPath
                    ? null
                    : { href: (ticketId) => waitingListJoinPath(event, ticketId, privateHash), newTab: false }
                }
                surfaceStyle={surfaceStyle}
                dates={dates?.data ?? null}
              />
            </div>
            {anyOnSale ? (
              <div className="flex flex-wrap items-center justify-end gap-3">
                {preview ? (
                  <p id="booking-disabled" className="text-sm opacity-80">
                    {tb("picker.preview-disabled")}
                  </p>
                ) : null}
                <button
                  type="submit"
                  disabled={pickerDisabled}
                  aria-describedby={preview ? "booking-disabled" : undefined}
                  className={cn(
                    "h-11 w-full rounded-lg px-6 font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-50 sm:w-auto",
                    ORGANIZER_FOCUS_RING,
                  )}
                  style={surfaceStyle}
                >
                  {tb("picker.book")}
                </button>
              </div>
            ) : null}
          </form>
          {event.refundPolicy ? (
            <section className="space-y-2">
              <h2 className="text-xl font-semibold">{t("refund-policy")}</h2>
              <p className="whitespace-pre-line text-sm opacity-80">{event.refundPolicy}</p>
            </section>
          ) : null}
          {contactForm}
        </div>
      </main>
      <footer className="py-8 text-center text-xs opacity-60">
        {t("powered-by")} ·{" "}
        <a href="/privacy" className="underline-offset-4 hover:underline">
          {tPrivacy("page.link")}
        </a>
      </footer>
      {tracking}
    </div>
  );
}

function InfoCard({
  icon,
  title,
  children,
  dark,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  dark: boolean;
}) {
  return (
    <div
      className={cn(
        "flex gap-3 rounded-xl border p-4 text-sm",
        dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white",
      )}
    >
      <span className="mt-0.5 opacity-70">{icon}</span>
      <div className="min-w-0 space-y-1">
        <h2 className="text-xs font-semibold tracking-wide uppercase opacity-60">{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** The event's tickets, then its add-ons when it has any: the public page's and the booking widget's choice. */
export function TicketSections({
  event,
  accent,
  dark,
  pickerDisabled,
  waitingList = null,
  surfaceStyle,
  dates = null,
}: {
  event: Pick<PublicEvent, "tickets" | "addons" | "timezone">;
  accent: string | undefined;
  dark: boolean;
  pickerDisabled: boolean;
  /**
   * Where a sold-out ticket's « Rejoindre la liste d'attente » leads (its page, which works without JavaScript like the
   * booking); `newTab` from the booking widget, whose frame shows only the widget's pages. Null (the preview): not
   * offered.
   */
  waitingList?: WaitingListLinks | null;
  /** The organizer's colour and its readable text, for the waiting list's button. */
  surfaceStyle?: React.CSSProperties;
  /** A multi-date event's dates: a per-date ticket asks for a date until one is picked; a pass names its dates. */
  dates?: PublicDates | null;
}) {
  const { t, i18n } = useTranslation("public-event");
  const dateOf = dates
    ? {
        needsDate: (ticket: PublicTicket) => !ticket.pass && dates.selected === null,
        passDates: (ticket: PublicTicket) => (ticket.pass ? (dates.passDates[ticket.id] ?? []) : null),
      }
    : null;
  return (
    <>
      {dates?.selected ? (
        // The tickets below are for this date: said once, with the way back to the dates.
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm" data-testid="picked-date">
          <span className="font-medium">
            {t("dates.selected", {
              date: formatDateRange(dates.selected.startAt, dates.selected.endAt, i18n.language, event.timezone),
            })}
          </span>
          <a href="#dates" className={cn("underline", ORGANIZER_FOCUS_RING)} style={{ color: accent }}>
            {t("dates.change")}
          </a>
        </p>
      ) : null}
      <TicketSection
        title={t("tickets")}
        tickets={event.tickets}
        accent={accent}
        dark={dark}
        emptyText={t("no-tickets")}
        pickerDisabled={pickerDisabled}
        timezone={event.timezone}
        waitingList={waitingList}
        surfaceStyle={surfaceStyle}
        dateOf={dateOf}
      />
      {event.addons.length > 0 ? (
        <TicketSection
          title={t("addons")}
          tickets={event.addons}
          accent={accent}
          dark={dark}
          pickerDisabled={pickerDisabled}
          timezone={event.timezone}
        />
      ) : null}
    </>
  );
}

export function TicketSection({
  title,
  tickets,
  accent,
  dark,
  emptyText,
  pickerDisabled,
  timezone,
  waitingList = null,
  surfaceStyle,
  dateOf = null,
}: {
  title: string;
  tickets: PublicTicket[];
  /** The event's time zone: a sale's opening is shown in it, with its name. */
  timezone: string;
  /** The organizer's colour readable on the ticket card (undefined on the dark theme). */
  accent: string | undefined;
  dark: boolean;
  emptyText?: string;
  pickerDisabled: boolean;
  waitingList?: WaitingListLinks | null;
  surfaceStyle?: React.CSSProperties;
  /** On a multi-date event: whether a ticket waits for a date to be picked, and a pass's dates (null: not a pass). */
  dateOf?: {
    needsDate: (ticket: PublicTicket) => boolean;
    passDates: (ticket: PublicTicket) => PublicEventDate[] | null;
  } | null;
}) {
  const { t, i18n } = useTranslation("public-event");
  const { t: tw } = useTranslation("waiting-list");
  return (
    <section className="space-y-3" aria-label={title}>
      <h2 className="text-xl font-semibold">{title}</h2>
      {tickets.length === 0 ? (
        <p className="text-sm opacity-70">{emptyText}</p>
      ) : (
        <ul className="space-y-3">
          {tickets.map((ticket) => {
            const onSale = ticket.sale.status === "on_sale";
            const waitsForDate = dateOf?.needsDate(ticket) === true;
            const passDates = dateOf?.passDates(ticket) ?? null;
            return (
              <li
                key={ticket.id}
                data-testid="public-ticket"
                className={cn(
                  "flex flex-wrap items-start justify-between gap-3 rounded-xl border p-4",
                  dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white",
                  // A dashed border, not a faded card: fading the card fades its already softened texts below 4.5:1
                  // (the description came to 4.25:1 on the light theme); the status badge says why.
                  !onSale && "border-dashed",
                )}
              >
                <div className="min-w-0 flex-1 space-y-1">
                  <h3 className="flex items-center gap-2 font-semibold">
                    <Ticket className="size-4 opacity-60" aria-hidden />
                    {ticket.title}
                  </h3>
                  {ticket.description ? <p className="text-sm opacity-75">{ticket.description}</p> : null}
                  {passDates ? <PassDates dates={passDates} timezone={timezone} /> : null}
                  {ticket.remaining !== null && onSale ? (
                    <p className="text-xs font-medium" style={{ color: accent }}>
                      {t("remaining", { count: ticket.remaining })}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col items-end gap-2 text-right">
                  <p className="font-semibold" data-testid="public-ticket-price">
                    {ticket.price === 0 ? t("free") : formatMoney(ticket.price, i18n.language)}
                  </p>
                  {ticket.price > 0 ? (
                    // The fee the booking charges (domain/booking/fees.ts): on top of the price, or inside it.
                    <p className="text-xs opacity-75" data-testid="public-ticket-fees">
                      {ticket.feesType === "added"
                        ? t("fees.added", { amount: formatMoney(platformFee(ticket.price), i18n.language) })
                        : t("fees.included")}
                    </p>
                  ) : null}
                  <p
                    className={cn(
                      "mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium",
                      ticket.sale.color === "green" && "bg-emerald-100 text-emerald-800",
                      ticket.sale.color === "red" && "bg-rose-100 text-rose-800",
                      ticket.sale.color === "gray" && "bg-slate-200 text-slate-700",
                    )}
                  >
                    {ticket.salesOpenAt !== null
                      ? t("sale.opens-at", {
                          date: formatDateTime(ticket.salesOpenAt, i18n.language, timezone),
                          zone: zoneName(timezone),
                        })
                      : t(`sale.${saleLabelKey(ticket)}`)}
                  </p>
                  {onSale && waitsForDate ? (
                    <a
                      href="#dates"
                      className={cn("text-sm font-medium underline", ORGANIZER_FOCUS_RING)}
                      style={{ color: accent }}
                      data-testid={`ticket-needs-date-${ticket.id}`}
                    >
                      {t("dates.pick-first")}
                    </a>
                  ) : onSale ? (
                    <QuantitySelect ticket={ticket} disabled={pickerDisabled} dark={dark} />
                  ) : null}
                  {/* Issue 28 §3: sold out with its list open, the ticket offers its waiting list instead. */}
                  {ticket.sale.status === "sold_out" && ticket.waitingList && waitingList ? (
                    <a
                      href={waitingList.href(ticket.id)}
                      {...(waitingList.newTab ? { target: "_blank", rel: "noopener" } : {})}
                      className={cn(
                        "inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold shadow-sm",
                        ORGANIZER_FOCUS_RING,
                      )}
                      style={surfaceStyle}
                      data-testid={`join-waiting-list-${ticket.id}`}
                    >
                      <Hourglass className="size-4" aria-hidden />
                      {tw("join.button")}
                    </a>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
