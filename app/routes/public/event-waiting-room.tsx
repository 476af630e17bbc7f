import { Hourglass, RefreshCw, Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { formatDateTimeWithZone, formatNumber } from "#domain/shared/format";
import { parseId } from "#domain/shared/ids";
import { getRoomEvent, type RoomEvent } from "#domain/waiting-room/get-room-event";
import { joinWaitingRoom, waitingRoomNews, type RoomNews } from "#domain/waiting-room/room-client";
import { readRoomCookie, roomPassCookieName, roomSetCookie, roomTicketCookieName } from "#domain/waiting-room/waiting-room-gate";
import { roomPhase, waitMinutes } from "#domain/waiting-room/waiting-room-plan";
import { eventPagePath } from "~/components/booking/booking-paths";
import { PublicEventNotFound } from "~/components/public-event/public-event-not-found";
import { PublicStyles } from "~/components/public-event/public-styles";
import { accessibleSurface, ORGANIZER_FOCUS_RING } from "~/lib/contrast";
import { useCspNonce } from "~/lib/csp-nonce";
import { cn } from "~/lib/utils";
import { serverContext } from "~/server/context";
import { ROOM_PASS_PARAMETER, safeNextPath, waitingRoomPagePath } from "~/server/waiting-room.server";
import type { Route } from "./+types/event-waiting-room";

/**
 * Issue 31 §2: the waiting page of an on-sale (docs/decisions/0070-waiting-room.md). Plain HTML like the booking: it
 * joins the queue on the first visit (the place is kept in the address and in a cookie), then asks for news, sooner
 * as the turn nears: one small inline script fetches the page again and puts its news in the live region in place
 * (so a screen reader reads the change, not a whole reloaded page); without JavaScript a meta refresh reloads it.
 * Once let in it leaves the pass in a cookie and leads to the page the visitor was going to (`next`), carrying the
 * pass in the address for the booking widget's frame, where cookies do not go.
 */
async function loadRoom({ params, request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { db, env } = context.get(serverContext);
  const url = new URL(request.url);
  const hash = url.searchParams.get("t");
  const event = await getRoomEvent(db, env, { eventId: parseId(params.id), hash });
  if (!event) throw data(null, { status: 404 });
  const privateHash = event.visibility === "private" ? hash : null;
  // In the booking widget's frame (/embed/events/:id/waiting-room), the same page without the event's slug.
  const embed = url.pathname.startsWith("/embed/");
  const fallback = embed ? `/embed/events/${event.id}${privateHash ? `?${new URLSearchParams({ t: privateHash })}` : ""}` : eventPagePath(event, privateHash);
  const next = safeNextPath(url.searchParams.get("next"), event.id) ?? fallback;
  return { env, url, event, privateHash, next, embed };
}

function ticketCookie(event: RoomEvent, ticket: string, request: Request, now: number) {
  const closesAt = event.schedule?.closesAt ?? now;
  return roomSetCookie(roomTicketCookieName(event.id), ticket, {
    requestUrl: request.url,
    maxAgeSeconds: (closesAt - now) / 1000,
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { env, url, event, privateHash, next, embed } = await loadRoom(args);
  if (!embed && args.params.slug !== event.slug) {
    throw redirect(`/events/${event.id}/${encodeURIComponent(event.slug)}/waiting-room${url.search}`, 302);
  }
  const now = Date.now();
  // No room (not open yet, or over): straight on.
  if (roomPhase(event.schedule, now) === "off") throw redirect(next, 302);
  const cookieHeader = args.request.headers.get("Cookie");
  const ticket =
    url.searchParams.get("ticket")?.slice(0, 64) || readRoomCookie(cookieHeader, roomTicketCookieName(event.id));
  const news = ticket ? await waitingRoomNews(env, { eventId: event.id, schedule: event.schedule, ticket, now }) : null;
  if (!news) {
    const joined = await joinWaitingRoom(env, { eventId: event.id, schedule: event.schedule, now });
    throw redirect(waitingRoomPagePath(event, { privateHash, next, ticket: joined.ticket, embed }), {
      headers: { "Set-Cookie": ticketCookie(event, joined.ticket!, args.request, now) },
    });
  }
  const headers = new Headers();
  let nextHref = next;
  if (news.state === "admitted" && news.pass && news.passExpiresAt) {
    headers.append(
      "Set-Cookie",
      roomSetCookie(roomPassCookieName(event.id), news.pass, {
        requestUrl: args.request.url,
        maxAgeSeconds: (news.passExpiresAt - now) / 1000,
      }),
    );
    // The widget's frame on another site gets no cookie of ours: the pass goes in the address.
    if (next.startsWith("/embed/")) {
      const target = new URL(next, url.origin);
      target.searchParams.set(ROOM_PASS_PARAMETER, news.pass);
      nextHref = `${target.pathname}${target.search}`;
    }
  }
  return data(
    {
      event: {
        id: event.id,
        title: event.title,
        timezone: event.timezone,
        theme: event.theme,
        primaryColor: event.primaryColor,
      },
      news: { ...news, pass: null },
      onSaleAt: event.schedule!.onSaleAt,
      nextHref,
      selfHref: waitingRoomPagePath(event, { privateHash, next, ticket: news.ticket, embed }),
    },
    { headers },
  );
}

/** "Reprendre une place dans la file": a new place at the end of the queue, after a pass ran out. */
export async function action(args: Route.ActionArgs) {
  const { env, event, privateHash, next, embed } = await loadRoom(args);
  const now = Date.now();
  const joined = await joinWaitingRoom(env, { eventId: event.id, schedule: event.schedule, now });
  if (joined.state === "off") throw redirect(next);
  throw redirect(waitingRoomPagePath(event, { privateHash, next, ticket: joined.ticket, embed }), {
    headers: { "Set-Cookie": ticketCookie(event, joined.ticket!, args.request, now) },
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Guichet" }, { name: "robots", content: "noindex" }];
  const { event } = loaderData;
  return [
    { title: `${event.title} · Guichet` },
    { name: "robots", content: "noindex" },
  ];
}

export default function EventWaitingRoom({ loaderData }: Route.ComponentProps) {
  const { event, news, onSaleAt, nextHref, selfHref } = loaderData;
  const { t } = useTranslation("waiting-room");
  const dark = event.theme === "dark";
  const surface = accessibleSurface(event.primaryColor);
  const surfaceStyle = { backgroundColor: surface.background, color: surface.text };
  const card = cn("space-y-4 rounded-xl border p-5", dark ? "border-slate-800 bg-slate-900" : "border-slate-200 bg-white");
  const buttonClass = cn(
    "inline-flex h-11 items-center gap-2 rounded-md px-5 font-medium outline-none",
    ORGANIZER_FOCUS_RING,
  );

  return (
    <div className={cn("min-h-svh", dark ? "dark bg-slate-950 text-slate-100" : "bg-slate-50 text-slate-900")}>
      <PublicStyles />
      <header style={surfaceStyle}>
        <div className="mx-auto max-w-2xl px-4 py-6 md:px-6">
          <p className="text-sm">{t("page.title")}</p>
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere md:text-3xl">{event.title}</h1>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-6 md:px-6">
        {/* One live region: what changes from one visit to the next is read out. */}
        <div
          role="status"
          aria-live="polite"
          aria-atomic="true"
          className={card}
          data-testid="waiting-room"
          data-room-refresh={news.state === "waiting" ? news.refreshAfterSeconds : 0}
        >
          {news.state === "admitted" ? (
            <Admitted
              passExpiresAt={news.passExpiresAt!}
              timezone={event.timezone}
              nextHref={nextHref}
              buttonClass={buttonClass}
              surfaceStyle={surfaceStyle}
            />
          ) : news.state === "expired" ? (
            <form method="post" className="space-y-3" data-testid="waiting-room-expired">
              <h2 className="text-xl font-semibold">{t("page.expired-title")}</h2>
              <p>{t("page.expired-text")}</p>
              <button type="submit" className={buttonClass} style={surfaceStyle}>
                {t("page.rejoin")}
              </button>
            </form>
          ) : (
            <Waiting news={news} onSaleAt={onSaleAt} eventTitle={event.title} timezone={event.timezone} />
          )}
        </div>
        {news.state === "waiting" ? (
          <RoomRefresh seconds={news.refreshAfterSeconds} />
        ) : null}
        {news.state === "waiting" ? (
          <p data-room-note className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm opacity-80">
            <span>{t("page.refresh-note", { seconds: news.refreshAfterSeconds })}</span>
            <a href={selfHref} className="inline-flex items-center gap-1 font-medium underline underline-offset-2">
              <RefreshCw className="size-4" aria-hidden />
              {t("page.refresh")}
            </a>
          </p>
        ) : null}
      </main>
    </div>
  );
}

/**
 * Asks for news every `data-room-refresh` seconds: fetches this page again (the same address, so the same place in
 * the queue; its Set-Cookie leaves the pass once let in) and puts the new live region and note in place.
 */
const ROOM_REFRESH_SCRIPT = `(() => {
  const region = () => document.querySelector("[data-room-refresh]");
  const schedule = (seconds) => { if (seconds > 0) setTimeout(tick, seconds * 1000); };
  async function tick() {
    try {
      const answer = await fetch(location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const next = page.querySelector("[data-room-refresh]");
      if (!next) return location.reload();
      region().innerHTML = next.innerHTML;
      region().setAttribute("data-room-refresh", next.getAttribute("data-room-refresh"));
      const note = document.querySelector("[data-room-note]");
      const nextNote = page.querySelector("[data-room-note]");
      if (note) nextNote ? note.replaceWith(nextNote) : note.remove();
      schedule(Number(next.getAttribute("data-room-refresh")));
    } catch {
      schedule(15);
    }
  }
  schedule(Number(region()?.getAttribute("data-room-refresh")));
})();`;

function RoomRefresh({ seconds }: { seconds: number }) {
  const nonce = useCspNonce();
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ROOM_REFRESH_SCRIPT }} />
      {/* Without JavaScript the page reloads itself (never hoisted to <head>: a raw string). */}
      <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${seconds}">` }} />
    </>
  );
}

function Waiting({
  news,
  onSaleAt,
  eventTitle,
  timezone,
}: {
  news: RoomNews;
  onSaleAt: number;
  eventTitle: string;
  timezone: string;
}) {
  const { t, i18n } = useTranslation("waiting-room");
  const minutes = waitMinutes(news.estimatedWaitMs);
  return (
    <>
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <Hourglass className="size-5 opacity-70" aria-hidden />
        {t("page.title")}
      </h2>
      <p>{t("page.intro", { event: eventTitle })}</p>
      {news.position === null ? (
        <p className="font-medium" data-testid="waiting-room-before-opening">
          {t("page.before-opening", { date: formatDateTimeWithZone(onSaleAt, i18n.language, timezone) })}
        </p>
      ) : (
        <>
          <p className="text-3xl font-bold tabular-nums" data-testid="waiting-room-position">
            {t("page.position", { position: formatNumber(news.position, i18n.language) })}
          </p>
          <p data-testid="waiting-room-estimate">
            {minutes === 0 ? t("page.wait-soon") : t("page.wait-estimate", { minutes })}
          </p>
        </>
      )}
      <p className="text-sm opacity-80">
        {t("page.waiting", { count: news.waiting, formatted: formatNumber(news.waiting, i18n.language) })}
      </p>
    </>
  );
}

function Admitted({
  passExpiresAt,
  timezone,
  nextHref,
  buttonClass,
  surfaceStyle,
}: {
  passExpiresAt: number;
  timezone: string;
  nextHref: string;
  buttonClass: string;
  surfaceStyle: { backgroundColor: string; color: string };
}) {
  const { t, i18n } = useTranslation("waiting-room");
  return (
    <div className="space-y-3" data-testid="waiting-room-admitted">
      <h2 className="text-xl font-semibold">{t("page.admitted-title")}</h2>
      <p>{t("page.admitted-text", { time: formatDateTimeWithZone(passExpiresAt, i18n.language, timezone) })}</p>
      <a href={nextHref} className={buttonClass} style={surfaceStyle} data-testid="waiting-room-book">
        <Ticket className="size-4" aria-hidden />
        {t("page.book")}
      </a>
    </div>
  );
}

export function ErrorBoundary() {
  return <PublicEventNotFound />;
}
