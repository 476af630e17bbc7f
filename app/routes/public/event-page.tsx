import { parseId } from "#domain/shared/ids";
import { data, redirect } from "react-router";
import { getPublicEvent } from "#domain/public-events/get-public-event";
import { withPublicDates } from "#domain/event-dates/public-dates";
import { datesHref } from "~/lib/dates-href";
import { siteUrlOf } from "#domain/calendar/calendar-source";
import { publicEventCalendarLinks } from "#domain/calendar/get-public-event-calendar";
import { getHeldOrder, readHeldOrderCookie } from "#domain/booking/held-order";
import { HeldOrderNotice } from "~/components/public-event/held-order-notice";
import { WaitingListOfferNotice } from "~/components/public-event/waiting-list-offer-notice";
import { getPublicOffer } from "#domain/waiting-list/get-public-offer";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicEventView } from "~/components/public-event/public-event-view";
import { bookingPagePath, eventPagePath } from "~/components/booking/booking-paths";
import { contactOutcomeOf, OrganizerContactForm } from "~/components/contact-form/organizer-contact-form";
import { EventPageTracking } from "~/components/tracking/meta-pixel";
import { consentFromCookieHeader, CSP_META_PIXEL_HEADER, metaPixelUrl } from "#domain/http/tracking-consent";
import { getLocale } from "~/middleware/i18next";
import { serverContext } from "~/server/context";
import { requireWaitingRoomPass } from "~/server/waiting-room.server";
import { publicEventMeta } from "~/server/public-event-meta";
import type { Route } from "./+types/event-page";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const hash = url.searchParams.get("t");
  const found = await getPublicEvent(db, parseId(params.id), { mode: "public", env, hash });
  if (found.kind === "not-found") throw data(null, { status: 404 });
  // A multi-date event (issue 30 §3): the month shown, its page and the picked date are in the address, so each
  // combination is its own edge copy.
  const { event, dates } = await withPublicDates(db, found.event, url.searchParams);
  // A wrong or outdated slug goes to the right one, keeping the private-link hash. 302: a title can change again, and
  // a browser must not remember the old address for good.
  if (params.slug !== event.slug) {
    const query = new URLSearchParams(hash ? { t: hash } : {});
    for (const name of ["offer", "month", "page", "date"]) {
      const value = url.searchParams.get(name);
      if (value) query.set(name, value);
    }
    const target = `/events/${event.id}/${encodeURIComponent(event.slug)}${query.size > 0 ? `?${query}` : ""}`;
    throw redirect(target, 302);
  }
  // The edge cache files the page under the language it was rendered in (workers/middleware/public-page-cache.ts).
  const privateHash = event.visibility === "private" ? hash : null;
  // During an on-sale behind a waiting room, only those let in see the page (docs/decisions/0070-waiting-room.md).
  requireWaitingRoomPass(env, event, { request, privateHash });
  // This page's own address (with a private link's `t`): where the contact form and the tracking banner come back to.
  const path = `/events/${event.id}/${encodeURIComponent(event.slug)}${privateHash ? `?${new URLSearchParams({ t: privateHash })}` : ""}`;
  // Without the consent cookie the page is the same for everyone (the edge copy); with it the cache is bypassed.
  const consent = consentFromCookieHeader(request.headers.get("Cookie"));
  // A pending order of this buyer's (left at the checkout): the edge cache is bypassed for them too.
  const heldOrder = await getHeldOrder(db, {
    eventId: event.id,
    cookie: readHeldOrderCookie(request.headers.get("Cookie")),
  });
  // The waiting list's offer link (decision 0059): the page is this person's own (never the edge copy).
  const offer = await getPublicOffer(db, { eventId: event.id, token: url.searchParams.get("offer") });
  const pageViewPixel = event.metaPixelId ? metaPixelUrl(event.metaPixelId, { name: "PageView" }) : null;
  const headers = new Headers({ "Content-Language": getLocale(context) });
  if (pageViewPixel && consent === "ads") headers.set(CSP_META_PIXEL_HEADER, "1");
  return data(
    {
      event,
      pageUrl: url.toString(),
      privateHash,
      path,
      contactOutcome: contactOutcomeOf(url.search),
      consent,
      pageViewPixel,
      heldOrder,
      offer,
      calendar: publicEventCalendarLinks(event, { siteUrl: siteUrlOf(env, request.url), privateHash }),
      dates,
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  // The Worker keeps its own edge copy keyed by the event's version; the browser keeps nothing, so that a page put
  // back to draft, archived or made private is gone at the participant's next visit.
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  const language = loaderHeaders.get("Content-Language");
  if (language) headers.set("Content-Language", language);
  const metaPixel = loaderHeaders.get(CSP_META_PIXEL_HEADER);
  if (metaPixel) headers.set(CSP_META_PIXEL_HEADER, metaPixel);
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Guichet" }, { name: "robots", content: "noindex" }];
  return publicEventMeta(loaderData.event, loaderData.pageUrl, { indexable: loaderData.event.visibility === "public" });
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, privateHash, path, contactOutcome, consent, pageViewPixel, heldOrder, offer, calendar, dates } =
    loaderData;
  const offerNotice = offer ? (
    <WaitingListOfferNotice
      offer={offer}
      ticketTitle={offer.state === "open" ? (event.tickets.find((t) => t.id === offer.ticketId)?.title ?? "") : ""}
      timezone={event.timezone}
      bookingPath={bookingPagePath(event)}
      privateHash={privateHash}
    />
  ) : null;
  const heldNotice = heldOrder ? <HeldOrderNotice order={heldOrder} timezone={event.timezone} /> : null;
  return (
    <PublicEventView
      event={event}
      preview={false}
      bookingPath={bookingPagePath(event)}
      privateHash={privateHash}
      calendar={calendar}
      dates={dates ? { data: dates, hrefFor: (query) => datesHref(eventPagePath(event, privateHash), query) } : null}
      notice={
        offerNotice || heldNotice ? (
          <>
            {offerNotice}
            {heldNotice}
          </>
        ) : null
      }
      contactForm={
        // A private organization has no public page and takes no messages (submitContactMessage answers 404).
        event.organization.isPrivate ? null : (
          <OrganizerContactForm
            organizerId={event.organization.id}
            organizerTitle={event.organization.title}
            returnTo={path}
            subject={event.title}
            outcome={contactOutcome}
          />
        )
      }
      tracking={<EventPageTracking pageViewPixel={pageViewPixel} consent={consent} returnTo={path} />}
    />
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
