import { redirect } from "react-router";
import { checkWaitingRoomPass } from "#domain/waiting-room/waiting-room-pass";
import { readRoomCookie, roomPassCookieName } from "#domain/waiting-room/waiting-room-gate";
import { roomPhase, type OnSaleSchedule } from "#domain/waiting-room/waiting-room-plan";
import type { SigningEnv } from "#domain/shared/signing-secret";

/**
 * The query parameter that carries the pass where cookies do not go: the booking widget's frame on another site
 * (a third-party frame gets no SameSite=Lax cookie). Pages read it as they read the cookie.
 */
export const ROOM_PASS_PARAMETER = "room_pass";

/**
 * The waiting page of an event, coming back to `next` (a path of this event's pages) once let in; in the booking
 * widget's frame (`embed`), its framable twin under /embed/.
 */
export function waitingRoomPagePath(
  event: { id: number; slug: string },
  options: { privateHash?: string | null; next?: string | null; ticket?: string | null; embed?: boolean } = {},
): string {
  const query = new URLSearchParams();
  if (options.privateHash) query.set("t", options.privateHash);
  if (options.next) query.set("next", options.next);
  if (options.ticket) query.set("ticket", options.ticket);
  const path = options.embed
    ? `/embed/events/${event.id}/waiting-room`
    : `/events/${event.id}/${encodeURIComponent(event.slug)}/waiting-room`;
  return `${path}${query.size > 0 ? `?${query}` : ""}`;
}

/** The pass a page request carries: its cookie, or the widget's query parameter. */
export function passOfRequest(request: Request, eventId: number): string | null {
  const url = new URL(request.url);
  return (
    url.searchParams.get(ROOM_PASS_PARAMETER)?.slice(0, 200) ||
    readRoomCookie(request.headers.get("Cookie"), roomPassCookieName(eventId))
  );
}

/**
 * The public pages' gate (docs/decisions/0070-waiting-room.md): while the event's waiting room is on, the event page,
 * the booking page and the widget's booking page send a visitor without a valid pass to the waiting page, which brings
 * them back here once let in. Nothing is read for it: the on-sale comes with the event the page has read already.
 */
export function requireWaitingRoomPass(
  env: SigningEnv,
  event: { id: number; slug: string; onSale: OnSaleSchedule | null },
  input: { request: Request; privateHash: string | null; now?: number },
): void {
  const now = input.now ?? Date.now();
  if (roomPhase(event.onSale, now) === "off") return;
  const pass = passOfRequest(input.request, event.id);
  if (checkWaitingRoomPass(env, pass, { eventId: event.id, now }) === "valid") return;
  const url = new URL(input.request.url);
  url.searchParams.delete(ROOM_PASS_PARAMETER);
  throw redirect(
    waitingRoomPagePath(event, {
      privateHash: input.privateHash,
      next: `${url.pathname}${url.search}`,
      embed: url.pathname.startsWith("/embed/"),
    }),
    302,
  );
}

/** `next` when it is one of this event's own pages (never another site, nor another event): else null. */
export function safeNextPath(next: string | null, eventId: number): string | null {
  if (!next || next.length > 2000) return null;
  const ownPage = new RegExp(`^/(?:embed/)?events/${eventId}(?:[/?]|$)`);
  return ownPage.test(next) && !next.startsWith("//") ? next : null;
}
