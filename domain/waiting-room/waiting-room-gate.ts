import type { Database } from "#db/database";
import { bookingRouteOf } from "../booking/booking-route-memo";
import { isSecureRequest, readCookie } from "../http/session-cookie";
import type { SigningEnv } from "../shared/signing-secret";
import { AppError } from "../shared/app-error";
import { checkWaitingRoomPass } from "./waiting-room-pass";
import { roomPhase, type OnSaleSchedule } from "./waiting-room-plan";

/** The JSON API of the queue: POST joins, GET `?ticket=` gives the news (workers/routes/api-public-waiting-room.ts). */
export function waitingRoomApiPath(eventId: number): string {
  return `/api/public/events/${eventId}/waiting-room`;
}

/**
 * The booking's check during an on-sale (docs/decisions/0070-waiting-room.md): while the room is on, a booking needs a
 * valid pass of this event; before the on-sale time nobody has one yet. Null when the booking may go ahead.
 * 403 `waiting_room_required` (no pass, or not a genuine one of this event), 403 `waiting_room_pass_expired`.
 */
export function waitingRoomRefusal(
  env: SigningEnv,
  schedule: OnSaleSchedule | null,
  input: { eventId: number; pass: string | null | undefined; now: number },
): AppError | null {
  if (roomPhase(schedule, input.now) === "off") return null;
  const check = checkWaitingRoomPass(env, input.pass, { eventId: input.eventId, now: input.now });
  if (check === "valid") return null;
  const details = { queue_url: waitingRoomApiPath(input.eventId) };
  return check === "expired"
    ? new AppError("forbidden", "waiting-room:errors.waiting-room-pass-expired", { details })
    : new AppError("forbidden", "waiting-room:errors.waiting-room-required", { details });
}

/**
 * The public booking API's check: a genuine pass lets the booking through without reading anything; without one, the
 * event's on-sale is read with its booking route (one primary-key read per event and isolate every two seconds) and
 * the booking refused while its room is on.
 */
export async function assertWaitingRoomPass(
  db: Database,
  env: SigningEnv,
  input: { eventId: number; pass: string | null | undefined; now: number },
): Promise<void> {
  if (checkWaitingRoomPass(env, input.pass, input) === "valid") return;
  const { onSale } = await bookingRouteOf(db, input.eventId, input.now);
  const refusal = waitingRoomRefusal(env, onSale, input);
  if (refusal) throw refusal;
}

/** The pages' cookies: the visitor's place in the queue, and their pass once let in. One of each per event. */
export const roomTicketCookieName = (eventId: number) => `guichet_room_ticket_${eventId}`;
export const roomPassCookieName = (eventId: number) => `guichet_room_pass_${eventId}`;

export function readRoomCookie(cookieHeader: string | null | undefined, name: string): string | null {
  const value = readCookie(cookieHeader, name);
  return value && value.length <= 200 ? value : null;
}

/** Set-Cookie for the whole site (the event page, its booking page and the widget's pages), until `maxAgeSeconds`. */
export function roomSetCookie(name: string, value: string, options: { requestUrl: string; maxAgeSeconds: number }) {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    "SameSite=Lax",
    "HttpOnly",
    `Max-Age=${Math.max(0, Math.ceil(options.maxAgeSeconds))}`,
  ];
  if (isSecureRequest(options.requestUrl)) parts.push("Secure");
  return parts.join("; ");
}
