import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { validateSessionWithOrganizations, type ValidatedSession } from "#domain/auth/sessions";
import type { KnownEvent } from "#domain/events/event-access";
import type { UserOrganization } from "#domain/organizations/list-user-organizations";
import { serverContext } from "./context";
import { readSessionToken, sessionCookie, sessionCookieName } from "#domain/http/session-cookie";

type SessionState = {
  session: ValidatedSession | null;
  token: string | null;
  /** The user's organizations, read with the session in one round trip (the signed-in guard's list). */
  organizations: UserOrganization[] | null;
  /** On a read of an event area page: the event and the user's access row, read with the session (KnownEvent). */
  event: KnownEvent | null;
};

const sessionStateContext = createContext<SessionState>({
  session: null,
  token: null,
  organizations: null,
  event: null,
});

// The event area's pages and their data requests (app/routes.ts: event/:event_id and its children).
const EVENT_AREA_PATH = /^\/event\/([1-9][0-9]{0,15})(?:\/|\.data$|$)/;

/**
 * The event id of an event area page read with GET or HEAD, else undefined. Only reads: after an action the loaders
 * must see what it changed, never a row read before it.
 */
function eventAreaId(request: Request): number | undefined {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return undefined;
  const match = EVENT_AREA_PATH.exec(new URL(request.url).pathname);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Resolves the session once per request; renews the cookie when the session was extended, unless the response sets the
 * session cookie itself (a sign-out clearing it, a sign-in replacing it): a renewal then would undo it.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionToken(request);
  const { db } = context.get(serverContext);
  const found = token
    ? await validateSessionWithOrganizations(db, token, new Date(), { eventId: eventAreaId(request) })
    : null;
  const session = found?.session ?? null;
  context.set(sessionStateContext, {
    session,
    token: session ? token : null,
    organizations: found?.organizations ?? null,
    event: found?.event ?? null,
  });
  const response = await next();
  if (session?.renewed && token && !setsCookie(response, sessionCookieName(request.url))) {
    response.headers.append("Set-Cookie", sessionCookie(token, session.expiresAt, request.url));
  }
  return response;
};

function setsCookie(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.slice(0, cookie.indexOf("=")).trim() === name);
}

export function getSession(context: Readonly<RouterContextProvider>): ValidatedSession | null {
  return context.get(sessionStateContext).session;
}

export function getSessionToken(context: Readonly<RouterContextProvider>): string | null {
  return context.get(sessionStateContext).token;
}

/** The signed-in user's organizations as read with the session (null without a session). */
export function getSessionOrganizations(context: Readonly<RouterContextProvider>): UserOrganization[] | null {
  return context.get(sessionStateContext).organizations;
}

/**
 * The event read with the session on this request (a GET of its event area page), for loaders to start from instead
 * of reading it again; undefined for another event or on any other request.
 */
export function getKnownEvent(
  context: Readonly<RouterContextProvider>,
  eventId: number | null,
): KnownEvent | undefined {
  const known = context.get(sessionStateContext).event;
  return known && known.eventId === eventId ? known : undefined;
}
